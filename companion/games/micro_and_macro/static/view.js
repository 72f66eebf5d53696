// A Game of Micro and Macro at the live table, drawn on the device from the seat's view:
// the turn and who has priority, the seat's own prompt, offers and actions, its hand and
// building pile, both bases with their buildings and units, the table tools, the roll-off
// tool and the log; and on the public board each base (its buildings, left to right, with
// their life points and Defense), the resources, the units' life and who has priority.
// Hands and building piles are counts only there: the public view has no cards in them.
import { html, nothing, percent, plural } from "muster/table-lib";

// Django's truthiness: an empty list or map is false, as are 0, "" and None.
const truthy = (value) => {
  if (Array.isArray(value)) return value.length > 0;
  if (value && typeof value === "object") return Object.keys(value).length > 0;
  return Boolean(value);
};

const given = (value) => value !== null && value !== undefined;

// list_tags' |words: "left-weapon" -> "Left weapon" (Python's str.capitalize).
const words = (slug) => {
  const s = String(slug || "").replaceAll("-", " ").replaceAll("_", " ");
  return s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
};

// A Python float as Django prints it: 1.0 stays "1.0" (JSON hands the device a plain 1).
const decimal = (value) => (Number.isInteger(value) ? `${value}.0` : String(value ?? ""));

// The text of a list item or a plain value as the page shows it (no "None", no "undefined").
const text = (value) => (given(value) ? value : "");

// list_tags' |at over the players' names, and |lookup over the labels (the id itself when
// it has none, so an unknown id still shows).
const nameOf = (v, seat) => text((v.names || [])[seat]);
const labelOf = (v, id) => (v.labels && Object.prototype.hasOwnProperty.call(v.labels, id) ? v.labels[id] : text(id));

// An action's form: the action as JSON in its hidden input, then ``inside`` (fields and
// the button, which carries the data-action the page script and the tests look for).
const act = (action, inside, formClass = "act") =>
  html`<form class=${formClass} method="post"><input type="hidden" name="action" value=${typeof action === "string" ? action : JSON.stringify(action)}>${inside}</form>`;

const AURAS = ["commanding-presence", "inspiring-aura", "unholy-presence", "hermit", "masters-presence"];

const mine = (t, v) => (v.units || []).filter((u) => u.owner === t.me);
const unitOptions = (v, units) => units.map((u) => html`<option value=${u.id}>${labelOf(v, u.id)}</option>`);
const myUnitSelect = (t, v) => html`<select name="field_unit" aria-label="Unit">${unitOptions(v, mine(t, v))}</select>`;

function phaseLine(t, v) {
  if (truthy(v.result)) return html`<strong>Game over</strong>`;
  if (v.phase === "setup") return "Preparation: place the entry-point markers";
  const priority = v.priority === t.me ? html`<strong>you have priority</strong>` : html`<strong>${nameOf(v, v.priority)}</strong> has priority`;
  const react = v.phase === "react" ? html` · <span class="mam-react">${nameOf(v, v.react.seat)} may react</span>` : nothing;
  const command = truthy(v.command)
    ? ` · commanding ${(v.command.units || []).map((u) => labelOf(v, u)).join(", ")} (step ${Number(v.command.steps) + 1} of 2)`
    : nothing;
  return html`Turn ${v.turn} · ${priority} · ${v.actions_left} action${plural(v.actions_left)} left${react}${command}`;
}

function prompt(t, v) {
  if (v.phase === "setup") {
    const me = (v.players || [])[t.me];
    return me && me.marker
      ? html`<p class="waiting">Your marker is placed; waiting for ${v.players.filter((p) => !p.marker).map((p) => p.name)} to place theirs…</p>`
      : nothing;
  }
  if (v.phase === "react") {
    if (v.react.seat !== t.me) return html`<p class="waiting">Waiting for ${nameOf(v, v.react.seat)} to react…</p>`;
    return v.react.after_pass
      ? html`<p class="mam-your-move" role="status">${v.react.to} Your turn comes next: play an instant now if you want it before your draw, or tap <strong>Start my turn</strong>.</p>`
      : html`<p class="mam-your-move" role="status">${v.react.to} Play an instant in reply, or tap <strong>No reaction</strong>.</p>`;
  }
  if (truthy(v.offers)) return nothing;
  return v.priority === t.me
    ? html`<p class="mam-your-move" role="status">Your move: tap an action, or Play on a card.</p>`
    : html`<p class="waiting">Waiting for ${nameOf(v, v.priority)} to act…</p>`;
}

function offer(t, v) {
  if (!truthy(v.offers)) return nothing;
  const o = v.offers[0];
  if (o.seat !== t.me) return html`<p class="waiting">Waiting for ${nameOf(v, o.seat)} to strike back or decline…</p>`;
  const options = (ids) => (ids || []).map((u) => html`<option value=${u}>${labelOf(v, u)}</option>`);
  return html`<div class="mam-offer card" role="alert"><p>${o.kind === "interrupt" ? "An enemy moved: if it came into range of an entrenched unit, strike now." : "Your Dueling Sword may strike back."}</p>
      ${act('{"type": "respond"}', html`
        <select name="field_unit" aria-label="Striking unit">${options(o.units)}</select>
        <select name="field_target" aria-label="Target">${options(o.targets)}</select>
        <button class="big-button" data-action="respond">Strike</button>`)}
      ${act('{"type": "decline"}', html`<button data-action="decline">Not in range / decline</button>`)}
    </div>`;
}

function turnAction(t, v, a) {
  switch (a.type) {
    case "no-reaction":
      return act(a, html`<button class="big-button" data-action="no-reaction">${v.react && v.react.after_pass ? "Start my turn" : "No reaction"}</button>`);
    case "pass":
      return act(a, html`<button data-action="pass">Pass the turn</button>`);
    case "command":
      return act(a, html`<button data-action="command">Command ${labelOf(v, a.unit)}</button>`);
    case "make-unit":
      return act(a, html`<button data-action="make-unit">Make ${words(a.unit)} at ${labelOf(v, a.building)}</button>`);
    case "ability":
      return act(a, html`${a.unit ? myUnitSelect(t, v) : nothing}<button data-action="ability">Use ${labelOf(v, a.building)}</button>`);
    case "build":
      return act(a, html`<button data-action="build">Build ${labelOf(v, a.card)}${a.over ? ` over ${labelOf(v, a.over)}` : ""}</button>`);
    case "move":
    case "entrench":
    case "mobilize":
    case "end-command":
      return act(a, html`<button data-action=${a.type}>${words(a.type)}</button>`);
    case "attack":
      return a.kind === "physical" && a.target === "base"
        ? act(a, html`<button data-action="attack-base">Attack the enemy base (in range)</button>`)
        : nothing;
    default:
      return nothing;
  }
}

function attackForms(t, v) {
  if (!(truthy(v.command) && v.priority === t.me && !truthy(v.offers))) return nothing;
  const units = v.units || [];
  const commanded = units.filter((u) => (v.command.units || []).includes(u.id));
  const spells = commanded.flatMap((u) => ((u.profile && u.profile.spells) || []).map((s) => html`<option value=${s}>${words(s)} (${u.name})</option>`));
  return html`
      <form class="act mam-attack card" method="post"><input type="hidden" name="action" value='{"type": "attack", "kind": "physical"}'>
        <h4>Attack</h4>
        <label>Kind <select name="field_kind"><option value="physical">physical</option><option value="magical">magical (spell)</option></select></label>
        <label>Target <select name="field_target">${unitOptions(v, units.filter((u) => u.owner !== t.me))}<option value="base">the enemy base</option>${units.filter((u) => u.owner === t.me).map((u) => html`<option value=${u.id}>friend: ${labelOf(v, u.id)}</option>`)}</select></label>
        <label>Spell <select name="field_spell"><option value="">(physical)</option>${spells}</select></label>
        <label>Caster <select name="field_caster">${unitOptions(v, commanded)}</select></label>
        <label class="inline-field">Physical faces: attacker <input name="map_faces__attacker" size="6" placeholder="Muster rolls"></label>
        <label class="inline-field">defender <input name="map_faces__defender" size="6" placeholder="Muster rolls"></label>
        <button class="big-button" data-action="attack">Roll off</button>
      </form>
      ${act('{"type": "item"}', html`<input name="field_text" placeholder="which item" size="12" aria-label="Item"><button class="small" data-action="item">Use an item</button>`)}`;
}

function slotSelect(t, v, a) {
  const me = (v.players || [])[t.me] || {};
  const options = (me.buildings || [])
    .filter((b) => b.id === a.building)
    .flatMap((b) => (b.upgrades || []).map((up, index) => html`<option value=${index}>slot ${index + 1}${up ? `: ${up.name}` : ""}</option>`));
  return html`<select name="field_slot" aria-label="Slot to overwrite">${options}</select>`;
}

function handCard(t, v, c) {
  const plays = t.legal_actions.filter((a) => a.type === "play" && a.card === c.id).map((a) => html`
        ${act(a, html`
          ${a.unit ? myUnitSelect(t, v) : nothing}
          ${given(a.slot) ? slotSelect(t, v, a) : nothing}
          <button class="play-button" data-action="play">Play${a.building ? ` on ${labelOf(v, a.building)}` : ""}</button>
        `)}`);
  return html`
      <div class=${`mam-card ${text(c.category)}`} data-card=${c.id} data-slug=${c.slug}>
        <div class="mam-card-head"><strong>${c.name}</strong><span class="mam-cost" title="cost">${c.cost}</span></div>
        <div class="mam-card-type">${c.category}</div>
        <p class="mam-card-text">${c.text}</p>
        <p class="mam-unplayable muted small">Not playable now</p>
        ${plays}
      </div>`;
}

function myPart(t, v) {
  const hand = truthy(v.hand)
    ? html`<h3>Your hand</h3>
    <div class="mam-hand" id="my-hand">${v.hand.map((c) => handCard(t, v, c))}
    </div>`
    : nothing;
  const pile = truthy(v.pile)
    ? html`<details class="card"><summary>Your building pile (${v.pile.length})</summary><ul class="lines">${v.pile.map((c) => html`<li>${c.name} · cost ${c.cost} · ${c.lp} LP · ${c.defense} · ${c.slots} slot${plural(c.slots)}${c.text ? html` · <span class="muted">${c.text}</span>` : nothing}</li>`)}</ul></details>`
    : nothing;
  return html`
  <section class="mam-mine">
    ${prompt(t, v)}
    ${t.legal_actions.filter((a) => a.type === "marker").map((a) => html`
    ${act(a, html`<button class="big-button" data-action="marker">My entry-point marker is placed</button>`)}`)}

    ${offer(t, v)}

    <div class="mam-turn-actions">
    ${t.legal_actions.map((a) => html`
      ${turnAction(t, v, a)}`)}
    ${attackForms(t, v)}
    </div>

    ${hand}
    ${pile}
  </section>`;
}

function resourceButtons(t) {
  return t.legal_actions.filter((a) => a.type === "resources").map((a) => act(
    a,
    html`<button class="small" data-action=${`resources${a.delta}`} aria-label=${a.delta > 0 ? "One resource more" : "One resource less"}>${a.delta > 0 ? "+1" : "−1"}</button>`,
    "act inline",
  ));
}

function building(b, index) {
  const upgrades = b.upgrades || [];
  const slots = upgrades.length
    ? upgrades.map((up) => html`<span class=${up ? "mam-slot used" : "mam-slot"}>${up ? up.name : "empty slot"}</span>`)
    : html`<span class="muted small">no slots</span>`;
  return html`
        <li class=${b.main ? "mam-building main" : "mam-building"} data-building=${b.id}>
          <strong>${b.name}</strong>${b.main ? html` <span class="badge">main</span>` : nothing}${index === 0 ? html` <span class="muted small">left-most</span>` : nothing}
          <span class="mam-lp">${b.lp}/${b.max_lp} LP</span> · D ${b.defense_now}
          <div class="mam-slots">${slots}</div>
          ${b.text ? html`<p class="muted small">${b.text}</p>` : nothing}
        </li>`;
}

function unitRow(v, u) {
  const p = u.profile || {};
  return html`<tr data-unit=${u.id}><td>${labelOf(v, u.id)}${u.group ? html` <span class="muted small">group ${u.group}</span>` : nothing}${truthy(u.spell_names) ? html`<br><span class="muted small">${u.spell_names.join(", ")}</span>` : nothing}${truthy(p.why) ? html`<br><span class="muted small">${p.why.join(", ")}</span>` : nothing}</td>
        <td>${u.lp}/${u.max_lp}</td><td>${p.m}</td><td>${p.a}</td><td>${p.d}</td><td>${p.sp}</td><td>${p.md}</td>
        <td>${u.weapon_name} <span class="muted small">r${u.weapon_range} · ${u.weapon_damage} dmg</span></td><td>${u.mode === "entrenched" ? html`<span class="badge">entrenched</span>` : nothing}</td></tr>`;
}

function side(t, v, p) {
  const units = !p.unit_count
    ? html`<p class="muted small">No units on the table yet.</p>`
    : html`<table class="entries mam-units"><thead><tr><th>Unit</th><th>LP</th><th>M</th><th>A</th><th>D</th><th>SP</th><th>MD</th><th>Weapon</th><th></th></tr></thead><tbody>
      ${(v.units || []).filter((u) => u.owner === p.seat).map((u) => unitRow(v, u))}
      </tbody></table>`;
  return html`
    <section class=${p.seat === t.me ? "card mam-side me" : "card mam-side"} data-seat=${p.seat}>
      <h3>${p.name} <span class="muted small">${p.faction_name}</span></h3>
      <p class="mam-counters"><span class="mam-resources" title="resources">${p.resources} resources</span> · deck ${p.deck_count} · hand ${p.hand_count} · pile ${p.pile_count} · base radius ${decimal(p.radius)} cm</p>
      ${p.seat === t.me && !truthy(v.result) ? html`<span class="mam-delta" role="group" aria-label="Correct your resources"><span class="muted small">Resources:</span> ${resourceButtons(t)}</span>` : nothing}
      <ol class="mam-buildings">${(p.buildings || []).map(building)}</ol>
      ${units}
      ${truthy(p.discard) ? html`<details><summary>Discard (${p.discard.length})</summary><p class="small">${p.discard.map((c) => c.name).join(", ")}</p></details>` : nothing}
    </section>`;
}

function tools(t, v) {
  const units = v.units || [];
  return html`
  <details class="card mam-tools"><summary>Table tools: groups, auras, LP corrections</summary>
    ${act('{"type": "group"}', html`
      ${mine(t, v).map((u) => html`<label class="check"><input type="checkbox" name="list_units" value=${u.id}> ${labelOf(v, u.id)}</label>`)}
      <button class="small">Group (bases touching)</button>`)}
    ${act('{"type": "aura", "on": true}', html`
      ${myUnitSelect(t, v)}
      <select name="field_spell" aria-label="Spell">${AURAS.map((s) => html`<option value=${s}>${words(s)}</option>`)}</select>
      <select name="field_on" aria-label="Reaches"><option value="1">now reaches it</option><option value="0">no longer reaches it</option></select>
      <button class="small">Set</button>`)}
    ${act('{"type": "lp"}', html`
      <select name="field_unit" aria-label="Unit">${units.map((u) => html`<option value=${u.id}>${labelOf(v, u.id)} (${u.lp} LP)</option>`)}</select>
      <input type="number" name="field_delta" value="-1" class="count-input" aria-label="LP change">
      <button class="small" data-action="lp-unit">Correct a unit's LP</button>`)}
    ${act('{"type": "lp"}', html`
      <select name="field_building" aria-label="Building">${(v.players || []).flatMap((p) => (p.buildings || []).map((b) => html`<option value=${b.id}>${p.name}: ${b.name} (${b.lp} LP)</option>`))}</select>
      <input type="number" name="field_delta" value="-1" class="count-input" aria-label="LP change">
      <button class="small" data-action="lp-building">Correct a building's LP</button>`)}
  </details>`;
}

function rolloff(t, v, playing) {
  const dice = () => (v.ladder || []).map((d) => html`<option ?selected=${d === "D6"}>${d}</option>`);
  const form = playing
    ? act('{"type": "rolloff"}', html`
      <label>Attacker <select name="field_attacker_die">${dice()}</select></label>
      <label>Defender <select name="field_defender_die">${dice()}</select></label>
      <button class="small" data-action="rolloff">Roll off</button>`)
    : nothing;
  return html`<details class="card mam-rolloff"><summary>Roll-off tool</summary>
    ${form}
    <p class="muted small">D16 is a D12 + D4 and D24 a D20 + D4; a die on its top face adds 7, two dice only when both are on top. The attacker needs a strictly higher value.</p>
  </details>`;
}

export function table(t) {
  const v = t.view;
  const seated = given(t.me);
  const over = truthy(v.result);
  const playing = seated && !over;
  const myMove = seated && ((v.phase === "turn" && v.priority === t.me && !truthy(v.offers)) || (v.phase === "react" && v.react.seat === t.me));
  const result = over
    ? html`<p class="result big">${v.result.ended ? "The game is over" : given(v.result.winner) ? `${nameOf(v, v.result.winner)} wins` : "A draw"}: ${v.result.reason}.</p>`
    : nothing;
  return html`<div class="mam-table" data-phase=${v.phase} data-my-move=${myMove ? "1" : nothing}>
  <p class="phase">${phaseLine(t, v)}</p>
  ${result}
  ${truthy(v.reminders) && !over ? html`<ul class="mam-reminders">${v.reminders.map((r) => html`<li>${r}</li>`)}</ul>` : nothing}

  ${playing ? myPart(t, v) : nothing}

  <div class="mam-sides">${(v.players || []).map((p) => side(t, v, p))}</div>

  ${playing && v.phase !== "setup" ? tools(t, v) : nothing}
  ${rolloff(t, v, playing)}
  <details class="card" open><summary>Log</summary><ol class="log mam-log">${(t.log || []).map((e) => html`<li class=${text(e.type)}>${e.text}</li>`)}</ol></details>
  ${playing ? html`<details class="mam-concede"><summary class="muted small">Concede</summary>${act('{"type": "concede"}', html`<button class="small danger" data-action="concede">I concede the game</button>`)}</details>` : nothing}
</div>`;
}

function boardPhase(v) {
  if (truthy(v.result)) return html`<strong>game over</strong>`;
  if (v.phase === "setup") return html`<strong>preparation</strong>: place the entry-point markers`;
  return html`Turn ${v.turn} · <strong>${nameOf(v, v.priority)}</strong> has priority · ${v.actions_left} action${plural(v.actions_left)} left${v.phase === "react" ? html` · <strong>${nameOf(v, v.react.seat)}</strong> may react` : nothing}`;
}

function boardBuilding(b) {
  const classes = ["mamb-building", b.main && "main", b.lp <= 0 && "down"].filter(Boolean).join(" ");
  return html`
      <li class=${classes} data-building=${b.id}>
        <span class="mamb-bname">${b.name}${b.main ? html` <span class="mamb-main" title="Main building">♛</span>` : nothing}</span>
        <span class="mamb-lp"><strong>${b.lp}</strong><span class="b-muted">/${b.max_lp} LP</span></span>
        <span class="b-bar mamb-bar" aria-hidden="true"><span style=${`width: ${percent(b.lp, b.max_lp)}%`}></span></span>
        <span class="b-muted b-small mamb-def">D ${b.defense_now}${(b.upgrades || []).filter(Boolean).map((up) => ` · ${up.name}`)}</span>
      </li>`;
}

function boardSide(v, p) {
  const priority = v.priority === p.seat && !truthy(v.result) && v.phase !== "setup";
  const marker = v.phase === "setup" ? ` · marker ${p.marker ? "placed ✓" : "to place"}` : "";
  const units = p.unit_count
    ? html`<ul class="b-list mamb-units" aria-label="Units">${(v.units || []).filter((u) => u.owner === p.seat).map((u) => html`
      <li class=${u.mode === "entrenched" ? "mamb-unit entrenched" : "mamb-unit"} data-unit=${u.id}><span>${u.name}</span> <strong>${u.lp}</strong><span class="b-muted">/${u.max_lp}</span></li>`)}</ul>`
    : html`<p class="b-muted b-small mamb-none">No units on the table yet.</p>`;
  return html`
  <section class=${`b-panel b-seat side-${p.seat} mamb-side${priority ? " priority" : ""}`} data-seat=${p.seat}>
    <h2>${p.name} <span class="b-muted b-small">${p.faction_name}</span></h2>
    <p class="mamb-counters"><span><span class="b-big mamb-resources">${p.resources}</span> <span class="b-muted">resources</span></span>
      <span class="b-muted b-small">base radius ${decimal(p.radius)} cm · deck ${p.deck_count} · hand ${p.hand_count} · pile ${p.pile_count}${marker}</span></p>
    <ol class="b-list mamb-buildings" aria-label="Base, left to right">${(p.buildings || []).map(boardBuilding)}</ol>
    ${units}
  </section>`;
}

export function board(t) {
  const v = t.view;
  const over = truthy(v.result);
  const log = t.log || [];
  return html`<p class="b-phase">${boardPhase(v)}</p>
${over ? html`<p class="b-result">${v.result.ended ? "The game is over" : given(v.result.winner) ? `${nameOf(v, v.result.winner)} wins` : "A draw"} <span class="b-muted b-small">${v.result.reason}</span></p>` : nothing}
<div class="mamb-sides b-grow">${(v.players || []).map((p) => boardSide(v, p))}</div>
${truthy(v.reminders) && !over ? html`<ul class="b-latest mamb-reminders">${v.reminders.slice(0, 2).map((r) => html`<li>${r}</li>`)}</ul>` : nothing}
${log.length ? html`<ol class="b-latest">${log.slice(-3).map((e) => html`<li>${e.text}</li>`)}</ol>` : nothing}`;
}
