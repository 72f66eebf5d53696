// Maker-War's battle panel for a seat (the old _battle, _shoot, _melee, _dice and
// _throes partials): the latest events, the activation and deployment forms on the
// seat's turn, the active formation's salvo, close combat and other choices, a Patrol
// shot on the others' turns, a fallen Titan's death throes, the detonation and the
// surrender.
import { html, nothing, plural } from "muster/table-lib";
import { actForm, alive, at, enemiesOnTable, given, list, seatName, truthy, words } from "./common.js";

const FIRING = ["advance", "continuous-fire", "hit-and-run", "assault"];

function latest(t) {
  const log = list(t.log);
  if (!log.length) return nothing;
  const items = log.slice(-3).reverse().map((e) => html`<li>${e.text}${truthy(e.details) ? html`<details class="mw-details"><summary>How it was worked out</summary><ol>${e.details.map((d) => html`<li>${d}</li>`)}</ol></details>` : nothing}</li>`);
  return html`<ol class="mw-latest" aria-label="Latest events, newest first">${items}</ol>`;
}

// _dice: Muster's or real dice, big dice; ``side`` names a close combat's side.
function dice(side = "") {
  const name = (own, mapped) => (side ? `${mapped}__${side}` : own);
  return html`<fieldset class="mw-dice"><legend>Dice${side ? ` of the ${side}` : ""}</legend>
  ${side ? nothing : html`<label class="check"><input type="radio" name="field_dice" value="muster" checked> Muster rolls</label>
  <label class="check"><input type="radio" name="field_dice" value="physical"> we roll real dice</label>`}
  <label class="inline-field">Big dice (each counts 5; at least 5 normal dice stay) <input type="number" name=${name("field_big_dice", "map_big_dice")} min="0" step="1" class="count-input" inputmode="numeric"></label>
  <span class="mw-physical-only">
    <label class="inline-field">Normal dice faces <input name=${name("field_rolls", "map_rolls")} inputmode="numeric" placeholder="e.g. 5 6 1 3" size="16"></label>
    <label class="inline-field">Big dice faces <input name=${name("field_big_rolls", "map_big_rolls")} inputmode="numeric" size="6"></label>
  </span>
</fieldset>`;
}

function sacrificeChoice(s, e, label) {
  const saved = alive(e).filter((u) => u.id !== s.id && u.type !== "titan");
  return html`<label class="inline-field">${label} saves <select name=${`map_sacrifices__${s.id}`}><option value="">nobody</option><option value="any">the first casualty</option>${saved.map((u) => html`<option value=${u.id}>${u.name} if it dies</option>`)}</select></label>`;
}

// The choices about one target, shown by table.js only while it is the chosen one.
function targetChoices(v, f, e) {
  const bombards = list(f.weapons).filter((w) => w.bombard).map((w) => html`<fieldset class="mw-for-target" data-target=${e.id}><legend>Under the bombard template (${w.name} alone)</legend>${alive(e).map((u) => html`<label class="check"><input type="checkbox" name="list_bombard_units" value=${u.id}> ${u.name}</label>`)}</fieldset>`);
  const rage = e.berserk ? html`<label class="check mw-for-target" data-target=${e.id}><input type="checkbox" name="field_rage" value="1"> ${seatName(v, e.seat)} takes the rage stance for Berserk units</label>` : nothing;
  const sacrifice = truthy(e.sacrifice_units)
    ? html`<fieldset class="mw-for-target" data-target=${e.id}><legend>Sacrifice (${seatName(v, e.seat)} chooses)</legend>${e.sacrifice_units.map((s) => sacrificeChoice(s, e, s.name))}</fieldset>`
    : nothing;
  const crit = e.crit_dice
    ? html`<label class="inline-field">Critical-hit table, ${e.crit_dice} ${plural(e.crit_dice, "dice", "die")} per critical hit <input name="field_crit_rolls" inputmode="numeric" placeholder=${`e.g. ${e.crit_dice === 2 ? "3 4 6 6" : "3 5"}`} size="10"></label>`
    : nothing;
  const titan = e.titan
    ? html`<fieldset class="mw-for-target mw-physical-only" data-target=${e.id}><legend>Real dice for the Titan</legend>
    ${crit}
    <label class="inline-field">Death throes (1 die, if it falls) <input name="field_throes_roll" inputmode="numeric" size="3"></label>
  </fieldset>`
    : nothing;
  return html`
  ${bombards}
  ${rage}
  ${sacrifice}
  ${titan}
  `;
}

// _shoot: a salvo of the active formation.
function shoot(v, f) {
  const enemies = enemiesOnTable(v);
  const targets = enemies.map((e) => html`<option value=${e.id}>${e.name} (${seatName(v, e.seat)})${e.stance ? ` · ${words(e.stance)}` : ""}${e.fortified ? " · fortified" : ""}</option>`);
  const weapons = truthy(f.weapons)
    ? html`<fieldset><legend>Titan weapons (Bombard, Annihilation, Single Shot fire alone)</legend>${f.weapons.map((w) => html`<label class="check"><input type="checkbox" name="list_units" value=${w.id} data-bombard=${w.bombard ? "1" : nothing}> ${w.name}</label>`)}</fieldset>`
    : nothing;
  const picks = list(f.snipers).map((s) => html`<label class="inline-field mw-pick">${s.name} (Sniper) picks <select name="list_picks"><option value="">no pick: usual order</option>${enemies.map((e) => html`<optgroup label=${e.name} data-target=${e.id}>${alive(e).map((u) => html`<option value=${u.id}>${u.name}${u.chief ? " (chief)" : ""}</option>`)}</optgroup>`)}</select></label>`);
  return actForm({ type: "shoot", formation: f.id }, html`
  <label class="inline-field">Target <select name="field_target" class="mw-target">${targets}</select></label>
  <label class="inline-field">Distance (cm) <input type="number" name="field_distance" min="0" step="1" class="count-input" inputmode="decimal"></label>
  <fieldset class="mw-edges"><legend>Advantage and disadvantage</legend>
    <label class="check"><input type="checkbox" name="field_cover" value="1"> target in cover or shelter (disadvantage)</label>
    <label class="check"><input type="checkbox" name="field_artillery_blind" value="1"> artillery cannot see the target (disadvantage)</label>
    <p class="muted small">Counted by Muster: the Continuous Fire order and a target in the march or scatter stance (advantage; such a target has no cover), a fortification (cover and screen 6). Advantage and disadvantage together cancel.</p>
  </fieldset>
  ${weapons}
  ${dice()}
  ${picks}
  ${enemies.map((e) => targetChoices(v, f, e))}
  <button class="primary big" data-action="shoot">Shoot (salvo)</button>
`, "act mw-shoot mw-options");
}

// _melee: the active formation's close combat.
function melee(v, f) {
  const fighting = list(v.formations).filter((e) => e.where === "table" && !e.flyer);
  const defenders = fighting.filter((e) => e.side !== v.side).map((e) => html`<label class="check"><input type="checkbox" name="list_defenders" value=${e.id}> ${e.name}</label>`);
  const attackers = fighting.filter((e) => e.side === v.side && e.id !== f.id).map((e) => html`<label class="check"><input type="checkbox" name="list_attackers" value=${e.id}> ${e.name}</label> <label class="check small"><input type="checkbox" name="list_join" value=${e.id}> assaults too</label>`);
  const contact = fighting.map((e) => html`<p class="small"><strong>${e.name}</strong></p>${alive(e).map((u) => html`<label class="check"><input type="checkbox" name="list_contact" value=${u.id}> ${u.name}</label>`)}`);
  const choices = fighting.map((e) => html`
    ${e.berserk ? html`<label class="check"><input type="checkbox" name="list_rage" value=${e.id}> ${e.name} takes the rage stance (Berserk)</label>` : nothing}
    ${list(e.sacrifice_units).map((s) => sacrificeChoice(s, e, `${e.name}: ${s.name}`))}
    <span class="mw-physical-only">
      <label class="inline-field">${e.name}: moral check (2 dice) <input name=${`map_moral_rolls__${e.id}`} inputmode="numeric" size="5"></label>
      ${e.crit_dice ? html`<label class="inline-field">${e.name}: critical-hit table (${e.crit_dice} per hit) <input name=${`map_crit_rolls__${e.id}`} inputmode="numeric" size="8"></label>` : nothing}
      ${e.titan ? html`<label class="inline-field">${e.name}: death throes (1 die) <input name=${`map_throes_rolls__${e.id}`} inputmode="numeric" size="3"></label>` : nothing}
    </span>
    `);
  return actForm({ type: "close-combat" }, html`
  <fieldset><legend>Enemy formations in the close combat</legend>${defenders}</fieldset>
  <fieldset><legend>Your other formations involved</legend>${attackers}</fieldset>
  <fieldset class="mw-dice"><legend>Dice</legend>
    <label class="check"><input type="radio" name="field_dice" value="muster" checked> Muster rolls</label>
    <label class="check"><input type="radio" name="field_dice" value="physical"> we roll real dice</label>
  </fieldset>
  ${dice("attackers")}
  ${dice("defenders")}
  <details class="mw-more-choices"><summary>Base contact, rage, sacrifice, Titans, moral checks</summary>
    <fieldset><legend>Units in base contact (the enemy hits them first)</legend>
    ${contact}
    </fieldset>
    ${choices}
  </details>
  <button class="primary big" data-action="close-combat">Fight the close combat</button>
`, "act mw-melee mw-options");
}

// _throes: the first fallen Titan whose death throes the players apply.
function throes(v) {
  return list(v.throes).slice(0, 1).map((w) => {
    const rows = list(v.formations).filter((e) => list(w.candidates).includes(e.id)).map((e) => html`<div class="mw-throes-row">
    <label class="check"><input type="checkbox" name="list_formations" value=${e.id}> ${e.name} <span class="muted small">(${seatName(v, e.seat)}, ✹ ${e.impact_tokens})</span></label>
    <label class="inline-field small">real dice <input name=${`map_rolls__${e.id}`} inputmode="numeric" size="4" placeholder=${w.allies ? "2 dice" : "1 die"}></label>
  </div>`);
    const text = w.allies
      ? `Tick each formation allied with the Titan that has a unit within ${w.radius_cm} cm of it: each takes a moral check at once.`
      : `Tick each formation opposing the Titan that has a unit within ${w.radius_cm} cm of it: each loses 1d6 impact tokens and the scatter stance.`;
    return actForm({ type: "death-throes" }, html`<input type="hidden" name="list_formations" value="">
  <h4>${w.name}: ${w.titan} has fallen</h4>
  <p class="small">${text}</p>
  ${rows}
  <button class="primary big" data-action="death-throes">Apply ${w.name}</button>
`, "act mw-throes card");
  });
}

const ORDERS = html`<option value="advance">Advance</option><option value="assault">Assault</option><option value="march">March</option><option value="continuous-fire">Continuous Fire</option><option value="patrol">Patrol</option><option value="regroup">Regroup</option><option value="scatter">Scatter</option><option value="veer-off">Veer Off (flyers)</option><option value="hit-and-run">Hit and Run (Astral)</option>`;
const WAYS = html`<option value="edge">deployment edge</option><option value="landing-zone">landing zone</option><option value="planetfall">planetfall</option><option value="carrier">in a carrier</option><option value="portal">through a portal</option><option value="root">root (beside a Fungus unit)</option>`;

function activateForm(v) {
  const turn = v.turn;
  const options = list(v.formations).filter((f) => list(v.activatable).includes(f.id)).map((f) => html`<option value=${f.id} data-orders=${list(f.orders).join(" ")} data-flyer=${f.flyer ? "1" : ""} ?selected=${list(turn.deployed).includes(f.id)}>${f.name}${f.stance ? ` (${f.stance})` : ""}</option>`);
  return actForm({ type: "activate" }, html`
    <label class="inline-field">Formation <select name="field_formation">${options}</select></label>
    <label class="inline-field">Order <select name="field_order">${ORDERS}</select></label>
    <label class="inline-field mw-altitude">Flyers <select name="field_altitude"><option value="fly-high">fly high</option><option value="flying-low">fly low</option></select></label>
    <label class="inline-field">Regroup: extra tokens to buy <input type="number" name="field_supply_points" min="0" value="0" class="count-input"></label>
    <label class="inline-field">Maker Weapon <select name="field_maker_weapon"><option value="">keep</option>${list(v.maker_weapon_choices).map((c) => html`<option value=${c}>${c} (1 supply)</option>`)}</select></label>
    <details class="mw-more-choices"><summary class="small">Real dice for checks on activation</summary>
      <label class="inline-field">Moral check (terror, rookies; 2 dice) <input name="field_moral_roll" inputmode="numeric" size="5"></label>
      <label class="inline-field">Medics (1 die each) <input name="field_medic_rolls" inputmode="numeric" size="6"></label>
    </details>
    <button class="primary" data-action="activate">Activate</button>
  `, "act mw-activate");
}

function deployForm(v) {
  if (!truthy(v.deployable)) return nothing;
  const options = list(v.formations).filter((f) => v.deployable.includes(f.id)).map((f) => html`<option value=${f.id}>${f.name} (${f.supply_cost} supply${f.flyer ? ", flyers" : ""}${f.planetfall ? ", planetfall" : ""}${f.invader ? ", invaders" : ""}${f.root ? ", root" : ""})</option>`);
  const carriers = truthy(v.carriers)
    ? html`<label class="inline-field">Carrier or portal <select name="field_via">${v.carriers.map((c) => html`<option value=${c.id}>${c.name}</option>`)}</select></label>`
    : nothing;
  return actForm({ type: "deploy" }, html`
    <label class="inline-field">Deploy <select name="field_formation">${options}</select></label>
    <label class="inline-field">Way in <select name="field_way">${WAYS}</select></label>
    ${carriers}
    <label class="inline-field">Maker Weapon <select name="field_maker_weapon">${list(v.maker_weapon_choices).map((c) => html`<option value=${c}>${c}</option>`)}</select></label>
    <button class="small" data-action="deploy">Deploy (pay its supply)</button>
  `, "act mw-deploy-battle");
}

function titanForms(f) {
  return list(f.units).filter((u) => u.alive && u.type === "titan").map((u) => html`
    ${truthy(u.broken) ? actForm({ type: "titan-repair" }, html`${u.broken.map((b) => html`<label class="check"><input type="checkbox" name="list_systems" value=${b}> ${b}</label>`)}<button class="small">Repair (2 supply each)</button>`, "act") : nothing}
    ${actForm({ type: "recharge" }, html`<input type="number" name="field_points" min="1" value="1" class="count-input" aria-label="Shield points"><button class="small">Recharge shields (1 supply each; ${u.shields} now)</button>`)}
    `);
}

function poiBenefits(t, v) {
  const started = list(v.turn.poi_start);
  return list(v.pois).filter((p) => started.includes(p.id) && !list(p.benefited).includes(t.me) && p.kind !== "fortification").map((p) => {
    const target = p.kind === "ordnance" ? html`<select name="field_target">${enemiesOnTable(v).map((e) => html`<option value=${e.id}>${e.name}</option>`)}</select>` : nothing;
    return actForm({ type: "poi-benefit", poi: p.id }, html`${target}<button class="small">Use the ${p.name}</button>`);
  });
}

// The active formation: what it fired, its salvo or close combat, and its other choices.
function active(t, v, f) {
  const fired = list(v.turn.fired);
  const reliquary = at(v.reliquary, t.me);
  const shed = reliquary
    ? actForm({ type: "shed" }, html`<select name="field_formation">${list(v.formations).filter((e) => e.seat === t.me && e.impact_tokens).map((e) => html`<option value=${e.id}>${e.name} (${e.impact_tokens})</option>`)}</select><input type="number" name="field_count" min="1" value="1" class="count-input"><button class="small">Remove tokens (reliquary: ${reliquary} left)</button>`)
    : nothing;
  const sprout = truthy(v.hypha_types)
    ? actForm({ type: "sprout" }, html`<select name="field_hypha">${v.hypha_types.map((h) => html`<option value=${h.slug}>${h.name}</option>`)}</select><button class="small">Sprout a hypha</button>`)
    : nothing;
  const conduit = at(v.energy, t.me)
    ? actForm({ type: "conduit", formation: f.id }, html`<input type="number" name="field_amount" min="1" value="1" class="count-input"><select name="field_use"><option value="firepower">firepower</option><option value="melee">melee</option><option value="screen">screen</option></select><button class="small">Channel energy</button>`)
    : nothing;
  const scatter = v.turn.scatter_pending
    ? actForm({ type: "scatter-finish" }, html`
      <fieldset><legend>Units that ended within 10 cm of an enemy</legend>${alive(f).map((u) => html`<label class="check"><input type="checkbox" name="list_caught" value=${u.id}> ${u.name}</label>`)}</fieldset>
      <button class="small">Finish the Scatter order</button>`, "act")
    : nothing;
  return html`<div class="mw-active" data-active=${f.id}>
    <h4>${f.name}: ${words(f.order)}</h4>
    <p class="mw-fired"><span class="mw-fired-names">${list(f.units).filter((u) => fired.includes(u.id)).map((u) => html`<span>${u.name}</span>`)}${list(f.weapons).filter((w) => fired.includes(w.id)).map((w) => html`<span>${w.name}</span>`)}</span></p>
    ${FIRING.includes(f.order) ? shoot(v, f) : nothing}
    ${f.order === "assault" ? melee(v, f) : nothing}
    ${scatter}
    ${titanForms(f)}
    ${poiBenefits(t, v)}
    ${shed}
    ${sprout}
    ${conduit}
  </div>`;
}

function myTurn(t, v) {
  const turn = v.turn;
  const activations = turn.activations < turn.allowed ? html`${activateForm(v)}
  ${deployForm(v)}` : nothing;
  const end = turn.activations
    ? actForm({ type: "end-turn" }, html`<button class="primary" data-action="end-turn">End the turn</button>`)
    : actForm({ type: "pass" }, html`<button data-action="pass">Pass for the round</button>`);
  return html`<h3>Your turn${turn.allowed > 1 ? ` (${turn.activations} of ${turn.allowed} activations)` : ""}</h3>
  ${activations}
  ${list(v.formations).filter((f) => given(turn.active) && f.id === turn.active).map((f) => active(t, v, f))}
  <div class="mw-turn-end">
  ${end}
  </div>`;
}

function othersTurn(t, v) {
  const shots = list(t.legal_actions).filter((a) => a.type === "shoot").map((a) => actForm(JSON.stringify(a), html`<input type="number" name="field_distance" min="0" class="count-input" placeholder="cm" aria-label="Distance in cm"><input name="field_rolls" inputmode="numeric" size="12" placeholder="real dice (empty: Muster)" aria-label="Faces of the real dice"><button class="small" data-action="patrol-shot">Patrol fires (${a.formation})</button>`));
  return html`<p class="waiting">${seatName(v, v.turn.seat)} is taking a turn…</p>
  ${shots}`;
}

// The battle panel of a seated player (``t.me`` is a seat).
export function battle(t, v) {
  const detonation = v.detonation
    ? actForm({ type: "detonation" }, html`<select name="field_target">${list(v.formations).filter((e) => e.where === "table").map((e) => html`<option value=${e.id}>${e.name}</option>`)}</select><button class="small danger">Resolve the Titan's detonation (nearest formation)</button>`)
    : nothing;
  return html`<section class="card mw-battle">
  ${latest(t)}
  ${v.my_turn ? myTurn(t, v) : othersTurn(t, v)}
  ${throes(v)}
  ${detonation}
  ${actForm({ type: "surrender" }, html`<button class="small danger" data-action="surrender">Surrender with dignity</button>`, "act inline mw-surrender")}
</section>`;
}

