// The little game at the live table, drawn on the device from the seat's view: the round
// and its step, the last revealed cards, each side's cards in hand and whether it has
// chosen (never which card but the seat's own), the seat's hand and its action forms, the
// units with their pressure and the log; and on the public board each side's count of
// cards, its choice or action state, the last reveal and every unit's pressure.
import { capfirst, html, nothing, plural } from "muster/table-lib";

// Django's ``==`` between two values that may be None (a missing key reads as None too).
const same = (a, b) => (a ?? null) === (b ?? null);

// The list tag ``|at``: ``items[index]``, or undefined past its end or without an index.
const at = (items, index) => (Array.isArray(items) && index !== null && index !== undefined ? items[index] : undefined);

// A player's name by seat ("" without one, where the template printed nothing).
const nameOf = (v, seat) => at(v.names, seat) ?? "";

// Django's truthiness for a list: an empty one is false.
const some = (items) => Array.isArray(items) && items.length > 0;

function phaseText(v) {
  if (v.result) return html`<strong>game over</strong>`;
  if (v.phase === "play-card") return "choose your action card";
  if (v.phase === "act") return `${nameOf(v, v.to_act)} acts`;
  if (v.phase === "break-card") return "choose your break card";
  return nothing;
}

function revealed(v) {
  const r = v.revealed;
  if (!r) return nothing;
  return html`<p class="revealed">Cards: ${(r.cards || []).map((c) => html`<span class="playing-card small-card">${c}</span> `)} worth ${(r.values || []).join(" and ")}${r.step === "action" ? ` · ${nameOf(v, r.first)} first` : nothing}</p>`;
}

function hands(t, v) {
  return html`<ul class="lg-hands">${(v.names || []).map((n, i) => {
    const me = same(i, t.me);
    const count = at(v.hand_counts, i);
    const choosing = v.phase !== "act" && !v.result ? `, ${at(v.has_chosen, i) ? "chosen ✓" : "choosing…"}` : nothing;
    return html`<li class=${me ? "me" : nothing}><strong>${n}</strong>${me ? html` <span class="you">(you)</span>` : nothing}: ${count} card${plural(count)} in hand${choosing}</li>`;
  })}</ul>`;
}

function prompt(t, v) {
  if (v.result) return nothing;
  if (v.phase === "act") {
    return same(v.to_act, t.me)
      ? html`<p class="prompt">Your turn: tick units and tap an action.</p>`
      : html`<p class="waiting">Waiting for ${nameOf(v, v.to_act)} to act…</p>`;
  }
  if (t.me !== null && !v.chosen) return html`<p class="prompt">Your move: tap a card${v.phase === "break-card" ? " for the break test" : ""}.</p>`;
  return nothing;
}

function result(v) {
  if (!v.result) return nothing;
  const winner = v.result.winner;
  if (v.result.ended) return html`<p class="result big">The host ended the game.</p>`;
  return html`<p class="result big">${winner !== null && winner !== undefined ? `${nameOf(v, winner)} wins` : "A draw"}.</p>`;
}

function myHand(t, v) {
  if (!some(v.hand)) return nothing;
  const cards = (t.legal_actions || []).filter((a) => a.type === "play").map((a) => html`
    <form class="act" method="post"><input type="hidden" name="action" value=${JSON.stringify(a)}><button class="playing-card card-button" data-card=${a.card}>${a.card}</button></form>`);
  let note = nothing;
  if (v.chosen) note = html`<p class="my-choice">You chose <strong>${v.chosen}</strong>; waiting for the other player…</p>`;
  else if (v.phase !== "act") note = html`<p class="muted">Your hand: ${v.hand.join(", ")}</p>`;
  return html`<div class="hand-row" id="my-hand">${cards}
    ${note}
  </div>`;
}

// The enemy units still on the table, as a unit's target choices.
function targets(t, v, u) {
  const options = (v.units || []).flatMap((side, i) => (same(i, t.me) ? [] : side.filter((e) => !e.removed)));
  return html`<select name=${`map_targets__${u.id}`} aria-label=${`Target of ${u.name}`}>${options.map((e) => html`<option value=${e.id}>${e.name}</option>`)}</select>`;
}

function unitPick(t, v, a, u) {
  return html`
      <div class="unit-pick"><label class="check"><input type="checkbox" name="list_units" value=${u.id}> ${u.name}</label>
      ${a.action === "shoot" || a.action === "attack" ? targets(t, v, u) : nothing}
      ${a.action === "shoot" ? html`<input type="number" step="0.5" min="0" name=${`map_distances__${u.id}`} placeholder="inches" aria-label=${`Distance for ${u.name}`} class="count-input">` : nothing}
      </div>`;
}

function actForm(t, v, a) {
  const allowed = a.units || [];
  const picks = (v.units || []).flatMap((side) => side.filter((u) => allowed.includes(u.id)).map((u) => unitPick(t, v, a, u)));
  return html`
    <form class="act act-form" method="post"><input type="hidden" name="action" value=${`{"type": "act", "action": ${JSON.stringify(a.action)}}`}>
      <h4>${capfirst(a.action)}</h4>
      ${picks}
      <button class="big-button" data-action=${a.action}>${capfirst(a.action)}</button>
    </form>`;
}

function actForms(t, v) {
  if (v.phase !== "act" || !same(v.to_act, t.me)) return nothing;
  const unavailable = some(v.unavailable)
    ? html`<ul class="muted not-offered" aria-label="Actions not offered">${v.unavailable.map((u) => html`<li data-not-offered=${u.action}>${u.reason}</li>`)}</ul>`
    : nothing;
  return html`<div class="act-forms">${(t.legal_actions || []).filter((a) => a.type === "act").map((a) => actForm(t, v, a))}
  </div>
  ${unavailable}`;
}

function units(t, v) {
  return html`<div class="lg-units">${(v.units || []).map((side, i) => {
    const me = same(i, t.me);
    return html`
    <section class=${me ? "card mine" : "card"}><h4>${nameOf(v, i)}${me ? html` <span class="you">(you)</span>` : nothing}</h4><ul class="lines">${side.map((u) => html`
      <li class=${u.removed ? "line removed" : "line"} data-unit=${u.id}><span class="name">${u.name} <span class="muted small">Q${u.quality}${some(u.kinds) ? ` · ${u.kinds.join(", ")}` : nothing}</span></span>
        <span class="pressure" title="pressure">${u.removed ? "broken" : u.pressure}</span>${u.in_contact ? html` <span class="badge">in contact</span>` : nothing}</li>
    `)}</ul></section>
  `;
  })}</div>`;
}

export function table(t) {
  const v = t.view;
  const mine = t.me !== null && !v.result ? html`${myHand(t, v)}
  ${actForms(t, v)}` : nothing;
  return html`<div class="lg-table">
  <p class="phase">Round ${v.round} ·
    ${phaseText(v)}
  </p>
  ${revealed(v)}
  ${hands(t, v)}
  ${prompt(t, v)}
  ${result(v)}

  ${mine}

  ${units(t, v)}
  <details class="card" ?open=${t.me === null}><summary>Log</summary><ol class="log">${(t.log || []).map((e) => html`<li>${e.text}</li>`)}</ol></details>
</div>`;
}

function boardPhase(v) {
  if (v.result) return html`<strong>game over</strong>`;
  if (v.phase === "play-card") return html`<strong>action cards</strong>: choose in secret`;
  if (v.phase === "act") return html`<strong>${nameOf(v, v.to_act)}</strong> acts`;
  if (v.phase === "break-card") return html`<strong>break cards</strong>: choose in secret`;
  return nothing;
}

function boardChoice(v, seat) {
  if (v.result) {
    if (!(v.result.losers || []).includes(seat)) return nothing;
    const key = String(seat);
    const reasons = v.result.reasons || {};
    return html`<span class="b-muted">${key in reasons ? reasons[key] : key}</span>`;
  }
  if (v.phase === "act") {
    if (same(v.to_act, seat)) return html`<span class="b-yes">acting now</span>`;
    if (at(v.acted, seat)) return html`<span class="b-yes">acted ✓</span>`;
    return html`<span class="b-wait">acts next</span>`;
  }
  return at(v.has_chosen, seat) ? html`<span class="b-yes">chosen ✓</span>` : html`<span class="b-wait">choosing…</span>`;
}

function boardRevealed(v, seat) {
  const r = v.revealed;
  if (!r) return nothing;
  return html`<div class="lgb-revealed" title="Last revealed card">
        <span class="lgb-card">${at(r.cards, seat) ?? ""}</span>
        <span class="b-muted b-small">${r.step} card<br>worth <strong class="lgb-worth">${at(r.values, seat) ?? ""}</strong>${r.step === "action" && same(r.first, seat) ? html`<br>first` : nothing}</span></div>`;
}

function boardSide(v, name, seat) {
  const count = at(v.hand_counts, seat);
  return html`
  <section class=${`b-panel b-seat side-${seat} lgb-side${same(v.to_act, seat) ? " lgb-acting" : ""}`} data-seat=${seat}>
    <h2>${name}</h2>
    <div class="lgb-cards">
      <div class="lgb-count"><span class="b-big">${count}</span> <span class="b-muted">card${plural(count)} in hand</span></div>
      <div class="lgb-choice">${boardChoice(v, seat)}</div>
      ${boardRevealed(v, seat)}
    </div>
    <ul class="b-list lgb-units">${(at(v.units, seat) || []).map((u) => html`
      <li class=${u.removed ? "lgb-unit broken" : "lgb-unit"} data-unit=${u.id}><span class="lgb-name">${u.name}${u.in_contact ? html` <span class="lgb-contact" title="in contact">⚔</span>` : nothing}</span>
        <span class="b-muted b-small">Q${u.quality}</span>
        <span class="lgb-pressure" title="pressure">${u.removed ? "broken" : u.pressure}</span></li>`)}</ul>
  </section>`;
}

export function board(t) {
  const v = t.view;
  const winner = v.result ? v.result.winner : null;
  const outcome = v.result
    ? html`<p class="b-result">${v.result.ended ? "The host ended the game" : winner !== null && winner !== undefined ? `${nameOf(v, winner)} wins` : "A draw"}</p>`
    : nothing;
  const log = t.log || [];
  return html`<p class="b-phase">Round ${v.round} ·
  ${boardPhase(v)}</p>
${outcome}
<div class="lgb-sides b-grow">${(v.names || []).map((name, seat) => boardSide(v, name, seat))}</div>
${log.length ? html`<ol class="b-latest">${log.slice(-3).map((e) => html`<li>${e.text}</li>`)}</ol>` : nothing}`;
}
