// Smalltricks at the live table, drawn on the device from the seat's view: the hex
// battlefield (static/table.js turns taps on it into the set-up cells and the moves), the
// rolls, the set-up, the faction turn, the resolution's orders, the units and the log; and
// on the public board the battlefield as the public view draws it (units only once both
// arrangements are revealed), each castle's damage, the match score and the latest log.
import { actionForm, html, nothing, plural, svg } from "muster/table-lib";

// Django's truthiness: 0, "", null, [] and {} are false.
const yes = (x) => {
  if (x === null || x === undefined || x === false || x === 0 || x === "") return false;
  if (Array.isArray(x)) return x.length > 0;
  if (typeof x === "object") return Object.keys(x).length > 0;
  return true;
};
// list_tags' |at: items[index], or undefined.
const at = (items, index) => (items === null || items === undefined || index === null || index === undefined ? undefined : items[index]);
const named = (v, seat) => at(v.names, seat) ?? "";
// Django's |add on the view's float coordinates: int() first, so the fraction is cut off.
const add = (value, n) => Math.trunc(Number(value)) + n;
const some = (value) => value !== null && value !== undefined;
const atLeast = (a, b) => some(a) && some(b) && a >= b;
const ENDING = ["propose-end", "agree-end", "decline-end"];

function roundText(v) {
  return yes(v.round) ? ` · Round ${v.round}` : "";
}

function tablePhase(t, v) {
  if (v.phase === "match-over") return html`<strong>match over</strong>`;
  if (v.phase === "game-over") return html`<strong>game over</strong>`;
  if (v.phase === "roll") return "rolling factions";
  if (v.phase === "setup") return "secret set-up";
  if (v.phase === "turn") return v.active === t.me ? html`<strong>your faction turn</strong>` : `${named(v, v.active)}'s faction turn`;
  if (v.phase === "resolve") return `resolution: ${(v.resolution || {}).step ?? ""}`;
  return "";
}

function resultLines(v) {
  const result = yes(v.result)
    ? html`<p class="result big">Game ${v.result.game}: ${some(v.result.winner) ? `${named(v, v.result.winner)} wins` : "a draw"} <span class="muted">(${v.result.reason})</span></p>`
    : nothing;
  const match = v.match && v.match.over
    ? html`<p class="result big">${v.match.ended ? "The host ended the match" : some(v.match.winner) ? `${named(v, v.match.winner)} wins the match` : "The match is drawn"}.</p>`
    : nothing;
  return html`${result}${match}`;
}

// The match's format, as both panels write it: "best-of-3", "first-to-n 4", ", 1 draw".
function matchFormat(v) {
  const options = v.options || {};
  const draws = (v.match && v.match.draws) || 0;
  return `${options.match ?? ""}${options.match === "first-to-n" ? ` ${options.first_to}` : ""}${draws ? `, ${draws} draw${plural(draws)}` : ""}`;
}

function piece(t, v, p, board) {
  const classes = board
    ? `stb-piece seat-${p.seat}${p.activated ? " done" : ""}`
    : `piece seat-${p.seat}${p.seat === t.me ? " mine" : ""}${p.activated ? " done" : ""}`;
  return svg`<g class=${classes} data-unit=${p.id}>
          <title>${named(v, p.seat)}: ${p.name}, ${p.life} life</title>
          <rect x=${p.x} y=${p.y} width="28" height="28" rx="5"></rect>
          <text class="face" x=${add(p.cx, -3)} y=${add(p.cy, 6)}>${p.face}</text>
          <text class="life" x=${add(p.cx, 9)} y=${add(p.cy, 11)}>${p.life}</text>
        </g>`;
}

function hex(t, v, c) {
  const castle = some(c.castle) ? ` castle castle-${c.castle}` : "";
  return svg`<g class=${`hex half-${c.half}${castle}${c.half === t.me ? " my-half" : ""}`} data-cell=${c.label} data-x=${c.x} data-y=${c.y} tabindex="0">
        <polygon points=${c.points}></polygon>
        <text class="label" x=${add(c.x, -37)} y=${add(c.y, 5)}>${c.label}</text>
        ${(c.pieces || []).map((p) => piece(t, v, p, false))}
      </g>`;
}

function boardHex(t, v, c) {
  const castle = some(c.castle) ? ` castle castle-${c.castle}` : "";
  return svg`<g class=${`stb-hex half-${c.half}${castle}`} data-cell=${c.label}>
        <polygon points=${c.points}></polygon>
        <text class="stb-label" x=${add(c.x, -37)} y=${add(c.y, 5)}>${c.label}</text>
        ${(c.pieces || []).map((p) => piece(t, v, p, true))}
      </g>`;
}

// --- the seat's panel ------------------------------------------------------------------

function rollLabel(a) {
  if (a.type === "roll") return "Roll my six dice";
  if (a.type === "keep") return "Keep this roll";
  if (a.type === "reroll") return `Reroll die ${add(a.index, 1)}`;
  return `Die ${add(a.index, 1)} ${a.delta > 0 ? "+1" : "−1"}`;
}

function rollPart(t, v) {
  const options = v.options || {};
  const rolls = (v.roll || []).map((r, seat) => html`<p>${named(v, seat)}: ${yes(r)
    ? html`${(r.dice || []).map((d) => html`<span class="die">${d}</span>`)}${r.kept ? " ✓ kept" : ""}`
    : html`<span class="muted">not rolled</span>`}</p>`);
  const mine = at(v.roll, t.me);
  const limits = yes(mine) && !mine.kept
    ? html`<p class="muted st-roll-limits" id="st-roll-limits">Rerolls used: ${mine.rerolls} of ${options.max_rerolls}${atLeast(mine.rerolls, options.max_rerolls) ? html` <strong>(none left)</strong>` : nothing} · shifts used: ${mine.shifts} of ${options.max_shifts}${atLeast(mine.shifts, options.max_shifts) ? html` <strong>(none left)</strong>` : nothing} · a die shifts within 1-6.</p>`
    : nothing;
  const buttons = t.legal_actions.map((a) => actionForm(a, rollLabel(a), {
    formClass: "act inline",
    className: a.type === "roll" || a.type === "keep" ? "big-button" : "small",
    aria: a.type === "shift" ? `Shift die ${add(a.index, 1)} ${a.delta > 0 ? "up" : "down"} by one` : nothing,
  }));
  return html`${rolls}${limits}<div class="st-actions">${buttons}</div>`;
}

function setupPart(t, v) {
  if (yes(at(v.ready, t.me))) {
    return html`<p class="my-choice">Your arrangement is in (${(v.my_setup || []).join(", ")}); waiting for your opponent…</p>`;
  }
  const ready = yes(at(v.ready, 0)) || yes(at(v.ready, 1));
  const chips = (v.units || []).filter((u) => u.seat === t.me).map((u) => html`<li><button type="button" class="chip" data-face=${u.face} data-name=${u.name}>${u.face} · ${u.name} <span class="where"></span></button></li>`);
  const cells = (v.default_cells || []).map((c) => (yes(c) ? c : "")).join(",");
  return html`<p>Place your six units in your half (two per hexagon at most): tap a unit, then a hexagon. ${ready ? html`<strong>Your opponent is ready.</strong>` : nothing}</p>
      <ol class="st-chips" id="st-chips">${chips}</ol>
      <form class="act st-setup" method="post"><input type="hidden" name="action" value='{"type": "setup"}'>
        <label class="inline-field">Cells <input name="field_cells" id="st-cells" value=${cells} aria-label="Cells, one per unit, e.g. B2,C2"></label>
        <button class="big-button" data-action="ready">Ready</button>
      </form>`;
}

function turnPart(t, v) {
  const picks = (v.units || [])
    .filter((u) => u.seat === t.me && u.alive && yes(u.cell) && !u.activated)
    .map((u) => html`<button type="button" class="small st-pick" data-unit=${u.id}>${u.face} ${u.name} ${u.cell}</button> `);
  const moves = t.legal_actions.filter((a) => a.type === "move").map((a) => html`
        <form class="act st-move" method="post" data-unit=${a.unit} data-to=${a.to}><input type="hidden" name="action" value=${JSON.stringify(a)}><button class="big-button">${a.label}</button></form>`);
  return html`<p>Tap one of your units, then a highlighted hexagon (or the unit's own hexagon to stay).</p>
      <p class="st-picks">${picks}</p>
      <div id="st-chooser" class="st-chooser"></div>
      <div id="st-moves" hidden>${moves}</div>
      <form class="act inline" method="post"><input type="hidden" name="action" value='{"type": "end-turn"}'><button class="small">End my turn (the rest stay)</button></form>`;
}

function resolvePart(v) {
  const res = v.resolution || {};
  if (yes(res.needs) && !yes(res.my_orders)) {
    const needs = res.needs.map((n) => html`<label class="stacked-field">${n.text}
          <select name=${`map_choices__${n.key}`} data-kind=${n.kind}>${(n.choices || []).map((c) => html`<option value=${c[0]}>${c[1]}</option>`)}</select></label>`);
    return html`<form class="act st-orders" method="post"><input type="hidden" name="action" value=${`{"type": "orders", "step": ${JSON.stringify(res.step ?? "")}}`}>
        ${needs}
        <button class="big-button" data-action="orders">Give orders</button>
      </form>`;
  }
  const waiting = (res.waiting_for || []).map((s) => named(v, s)).join(" and ");
  return html`<p class="waiting">${yes(res.my_orders) ? "Your orders are in; " : ""}waiting for ${waiting}…</p>`;
}

function playPart(t, v) {
  if (v.phase === "roll") return rollPart(t, v);
  if (v.phase === "setup") return setupPart(t, v);
  if (v.phase === "turn" && v.active === t.me) return turnPart(t, v);
  if (v.phase === "turn") return html`<p class="waiting">Waiting for ${named(v, v.active)} to move…</p>`;
  if (v.phase === "resolve") return resolvePart(v);
  if (v.phase === "game-over") return html`<form class="act" method="post"><input type="hidden" name="action" value='{"type": "next-game"}'><button class="big-button">Start game ${add(v.game, 1)}</button></form>`;
  return nothing;
}

function endingLabel(a) {
  if (a.type === "propose-end") return "Propose to end this game";
  if (a.type === "agree-end") return "Agree to end the game";
  return "Play on";
}

function unitLine(u) {
  const state = u.alive
    ? `${u.life} life${yes(u.cell) ? ` · ${u.cell}` : ""}${u.activated ? " · done" : ""}`
    : "removed";
  return html`
        <li class=${`line${u.alive ? "" : " removed"}`}><span>${u.face} · ${u.name}</span> <span class="muted">${state}</span></li>`;
}

export function table(t) {
  const v = t.view;
  const score = (v.match && v.match.score) || [];
  const resolution = v.resolution || {};
  const mine = t.me !== null
    ? html`
    ${playPart(t, v)}
    ${t.legal_actions.filter((a) => ENDING.includes(a.type)).map((a) => actionForm(a, endingLabel(a), { formClass: "act inline", className: "small" }))}`
    : nothing;
  const units = (v.names || []).map((name, seat) => html`<h4>${name}</h4><ul class="lines">${(v.units || []).filter((u) => u.seat === seat).map(unitLine)}</ul>`);
  return html`<div class="st-table" id="st-table" data-me=${t.me !== null ? t.me : ""} data-phase=${v.phase} data-active=${some(v.active) ? v.active : ""} data-draft=${`${v.game}-${v.phase}-${v.round}-${resolution.step || ""}`}>
  <div class="st-board-wrap">
    <p class="phase">Game ${v.game}${roundText(v)} · ${tablePhase(t, v)}</p>
    <svg class="st-board" viewBox=${`0 0 ${v.board.width} ${v.board.height}`} role="img" aria-label="Battlefield">
      ${v.board.cells.map((c) => hex(t, v, c))}
      <g class="setup-layer"></g>
    </svg>
    <p class="muted small st-key"><span class="swatch seat-0"></span> ${named(v, 0)} (rows 1-3) · <span class="swatch seat-1"></span> ${named(v, 1)} (rows 4-6) · die face = unit type, small number = life</p>
  </div>

  <div class="st-side">
    <p class="st-score">Match ${at(score, 0)}–${at(score, 1)} <span class="muted">(${matchFormat(v)})</span><br>
      Castle damage taken: ${named(v, 0)} <strong class="castle-0-damage">${at(v.castle, 0)}</strong> · ${named(v, 1)} <strong class="castle-1-damage">${at(v.castle, 1)}</strong>
      <span class="muted">· first faction: ${named(v, v.first)}</span></p>
    ${resultLines(v)}
    ${mine}

    <details class="card"><summary>Units</summary>
      ${units}
    </details>
    <div class="card st-log-card"><h4>Log</h4><ol class="log st-log" id="st-log">${(t.log || []).map((e) => html`<li class=${e.type ?? ""}>${e.text}</li>`)}</ol></div>
  </div>
</div>`;
}

// --- the public board ------------------------------------------------------------------

function boardPhase(v) {
  if (v.phase === "match-over") return html`<strong>match over</strong>`;
  if (v.phase === "game-over") return html`<strong>game over</strong>`;
  if (v.phase === "roll") return html`<strong>rolling factions</strong>`;
  if (v.phase === "setup") return html`<strong>secret set-up</strong>`;
  if (v.phase === "turn") return html`<strong>${named(v, v.active)}</strong>'s faction turn`;
  if (v.phase === "resolve") return html`<strong>resolution</strong>: ${(v.resolution || {}).step ?? ""}`;
  return "";
}

function boardResult(v) {
  if (v.match && v.match.over) {
    return html`<p class="b-result">${v.match.ended ? "The host ended the match" : some(v.match.winner) ? `${named(v, v.match.winner)} wins the match` : "The match is drawn"}</p>`;
  }
  if (yes(v.result)) {
    return html`<p class="b-result">Game ${v.result.game}: ${some(v.result.winner) ? `${named(v, v.result.winner)} wins` : "a draw"} <span class="b-muted b-small">(${v.result.reason})</span></p>`;
  }
  return nothing;
}

function seatState(v, seat) {
  const res = v.resolution || {};
  if (v.phase === "setup") {
    return yes(at(v.ready, seat)) ? html`<span class="b-yes">arrangement in ✓</span>` : html`<span class="b-wait">arranging…</span>`;
  }
  if (v.phase === "roll") {
    const r = at(v.roll, seat);
    return yes(r)
      ? html`${(r.dice || []).map((d) => html`<span class="stb-die">${d}</span>`)}${r.kept ? html` <span class="b-yes">kept ✓</span>` : nothing}`
      : html`<span class="b-wait">not rolled</span>`;
  }
  if (v.phase === "turn") return v.active === seat ? html`<span class="stb-now">moving</span>` : nothing;
  if (v.phase === "resolve") {
    if (yes(at(res.given, seat))) return html`<span class="b-yes">orders in ✓</span>`;
    if ((res.waiting_for || []).includes(seat)) return html`<span class="b-wait">giving orders…</span>`;
  }
  return nothing;
}

function boardUnit(u) {
  const state = !u.alive ? " gone" : u.activated ? " done" : "";
  return html`<span class=${`stb-unit${state}`} title=${u.name}><b>${u.face}</b>${u.alive ? html`<small>${u.life}</small>` : html`<small>✕</small>`}</span>`;
}

function boardPlayer(v, name, seat) {
  const hold = at(v.hold, seat);
  return html`
    <section class=${`b-panel b-seat side-${seat} stb-player`} data-seat=${seat}>
      <h2>${name} <span class="b-muted b-small">rows ${seat === 0 ? "1–3" : "4–6"}${v.first === seat ? " · first faction" : ""}</span></h2>
      <div class="stb-castle"><span class="b-muted">castle damage</span> <span class=${`b-big castle-${seat}-damage`}>${at(v.castle, seat)}</span>${yes(hold) ? html` <span class="stb-hold" title="Rounds in a row one damage behind">${hold} round${plural(hold)} behind</span>` : nothing}</div>
      <p class="stb-state">${seatState(v, seat)}</p>
      <p class="stb-units">${(v.units || []).filter((u) => u.seat === seat).map(boardUnit)}</p>
    </section>`;
}

export function board(t) {
  const v = t.view;
  const score = (v.match && v.match.score) || [];
  const log = t.log || [];
  return html`<p class="b-phase">Game ${v.game}${roundText(v)} · ${boardPhase(v)}</p>
${boardResult(v)}
<div class="stb-layout b-grow" data-fit-max="1.1">
  <div class="stb-field">
    <svg class="b-svg stb-board" viewBox=${`0 0 ${v.board.width} ${v.board.height}`} role="img" aria-label="Battlefield">
      ${v.board.cells.map((c) => boardHex(t, v, c))}
    </svg>
  </div>
  <div class="stb-side b-fit">
    <p class="stb-score">Match <strong>${at(score, 0)}–${at(score, 1)}</strong> <span class="b-muted b-small">${matchFormat(v)}</span></p>
    ${(v.names || []).map((name, seat) => boardPlayer(v, name, seat))}
    ${some(v.end_proposal) ? html`<p class="b-await">Ending this game is proposed.</p>` : nothing}
    ${log.length ? html`<ol class="b-latest stb-latest">${log.slice(-3).map((e) => html`<li>${e.text}</li>`)}</ol>` : nothing}
  </div>
</div>`;
}
