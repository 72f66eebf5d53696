// Maker-War at the live table, drawn on the device from the seat's view: the phase, the
// set-up guidance and forms, the to-scale table with its points of interest, the first
// deployment, the battle panel (battle.js), the supply (the seat's own hand), every
// formation with its tokens and corrections, and the battle report. On the public board:
// the round and whose turn it is, the activations, the points of interest and who holds
// them on the to-scale table, and the cards in hand as counts (hands are never in the
// public view).
import { html, nothing, plural, svg } from "muster/table-lib";
import { battle } from "./battle.js";
import { actForm, alive, at, given, list, seatName, truthy, words } from "./common.js";

const sideNumber = (v, seat) => {
  const side = at(v.sides, seat);
  return given(side) ? side + 1 : "";
};

function phaseLine(v) {
  if (v.phase === "setup") return `Set-up · ${(v.guidance || {}).tier} points tier (${v.budget} points)`;
  if (v.phase === "deploy") return `First deployment · ${seatName(v, v.deploy_turn)} deploys`;
  if (v.phase === "battle") {
    const passed = truthy(v.passed) ? ` · passed: ${v.passed.map((s) => seatName(v, s)).join(", ")}` : "";
    return html`Round ${v.round} · <span class="mw-turn">${seatName(v, (v.turn || {}).seat)}'s turn</span>${passed}`;
  }
  return html`<strong>The battle is over</strong>`;
}

// _setup: the guidance for the budget, and the set-up forms for a seat.
function setup(t, v) {
  const g = v.guidance || {};
  const terrain = list((v.diagram || {}).terrain);
  const cards = g.supply_cards_per_round ? `${g.supply_cards_per_round} per player each round${g.reshuffle ? ", deck reshuffled once" : ""}` : "none (training game)";
  const forms = t.me === null ? nothing : html`
  ${actForm({ type: "terrain" }, html`
    <label class="inline-field">Terrain <select name="field_kind">${list(v.terrain_kinds).map((k) => html`<option value=${k}>${k}</option>`)}</select></label>
    <label class="inline-field">cm right of centre <input type="number" name="field_x" value="0" step="1" class="count-input"></label>
    <label class="inline-field">cm towards side 2 <input type="number" name="field_y" value="0" step="1" class="count-input"></label>
    <button class="small">Place terrain</button>
  `, "act mw-terrain-form")}
  ${terrain.map((p) => actForm({ type: "remove-terrain", terrain: p.id }, html`<button class="small">Remove ${p.kind} (${p.x}, ${p.y})</button>`))}
  ${g.points_of_interest ? html`
  ${actForm({ type: "place-pois", method: "app" }, html`<button class="small">Place points of interest: app method</button>`)}
  ${actForm({ type: "place-pois", method: "beads" }, html`<button class="small">Place points of interest: beads</button>`)}
  ` : nothing}
  ${actForm({ type: "begin-deployment" }, html`<button class="primary big" data-action="begin-deployment">Begin deployment</button>`, "act")}
  `;
  return html`<section class="card mw-setup">
  <h3>Setup table for ${v.budget} points</h3>
  <dl class="facts mw-guidance">
    <dt>Table</dt><dd>${list(g.table_cm).join("×")} cm (the long edges are the deployment edges)</dd>
    <dt>Terrain pieces</dt><dd>${g.terrain_pieces} (placed: ${terrain.length})</dd>
    <dt>Points of interest</dt><dd>${g.points_of_interest} (${(v.options || {}).poi_method} method)</dd>
    <dt>Supply cards</dt><dd>${cards}</dd>
    <dt>Rare stars</dt><dd>${g.stars} per side</dd>
    <dt>First deployment</dt><dd>${g.first_deployment_budget} supply per player</dd>
  </dl>
  ${forms}
</section>`;
}

// _diagram: the table to scale, its deployment zones, terrain and points of interest.
function diagram(v) {
  const d = v.diagram || {};
  const pois = list(d.pois);
  return html`<figure class="mw-diagram">
  <svg viewBox=${d.view_box} role="img" aria-label=${`Table ${d.width} by ${d.depth} cm, to scale`} class="mw-board">
    <rect x="0" y="0" width=${d.width} height=${d.depth} class="mw-cloth"></rect>
    <rect x="0" y=${d.zone1_y} width=${d.width} height=${d.zone} class="mw-zone side0"></rect>
    <rect x="0" y="0" width=${d.width} height=${d.zone} class="mw-zone side1"></rect>
    <text x="1" y=${d.bottom_label_y} class="mw-label">side 1 deploys here (10 cm)</text>
    <text x="1" y="7" class="mw-label">side 2 deploys here (10 cm)</text>
    <line x1="0" y1=${d.cy} x2=${d.width} y2=${d.cy} class="mw-axis"></line>
    <line x1=${d.cx} y1="0" x2=${d.cx} y2=${d.depth} class="mw-axis"></line>
    <circle cx=${d.cx} cy=${d.cy} r="3" class="mw-compass"></circle>
    ${list(d.terrain).map((p) => svg`<g class=${`mw-terrain ${p.kind}`}><rect x=${p.sx} y=${p.sy} width=${p.size} height=${p.size} rx="2"></rect><text x=${p.tx} y=${p.ty} class="mw-label">${p.kind}</text></g>`)}
    ${pois.map((p, i) => svg`<g class=${`mw-poi ${p.kind}${p.on_table ? "" : " off-table"}`} data-poi=${p.id}>
      <circle cx=${p.sx} cy=${p.sy} r="5" class="mw-poi-reach"></circle>
      <circle cx=${p.sx} cy=${p.sy} r="1.6" class="mw-poi-dot"></circle>
      <text x=${p.lx} y=${p.ly} class="mw-label">${i + 1} ${p.name}</text>
    </g>`)}
  </svg>
  <figcaption>
    <p class="muted small">Table ${d.width}×${d.depth} cm, drawn to scale. Put the compass on the centre, its long axis along the players' edges; measure each point from it.</p>
    <ol class="mw-poi-list">${pois.length
      ? pois.map((p) => html`<li data-poi=${p.id}><strong>${p.name}</strong> (d6 ${p.roll}): ${p.label}${p.on_table ? nothing : html` <span class="badge illegal">beyond the edge: move it in as little as possible</span>`}</li>`)
      : html`<li class="muted">No points of interest at this budget.</li>`}</ol>
  </figcaption>
</figure>`;
}

// _deploy: the first deployment for a seat.
function deploy(t, v) {
  const deployable = list(v.deployable);
  const turn = v.my_turn
    ? html`<ul class="lines">${list(v.formations).filter((f) => deployable.includes(f.id)).map((f) => html`
    <li class="line">${actForm({ type: "deploy", formation: f.id }, html`
      <span class="name">${f.name} <span class="muted small">${f.points} pts · ${list(f.units).length} units</span></span>
      ${f.needs_maker_weapon ? html`<label class="inline-field">Maker Weapon <select name="field_maker_weapon">${list(v.maker_weapon_choices).map((c) => html`<option value=${c}>${c}</option>`)}</select></label>` : nothing}
      <button class="small" data-deploy=${f.id}>Deploy (${f.supply_cost} supply)</button>
    `, "act mw-deploy-form")}</li>`)}</ul>
  ${actForm({ type: "pass" }, html`<button class="small" data-action="pass">Pass for the rest of deployment</button>`, "act")}`
    : html`<p class="waiting">Waiting for ${seatName(v, v.deploy_turn)} to deploy…</p>`;
  return html`<section class="card mw-deploy">
  <h3>First deployment</h3>
  <p>Your budget left: <strong class="mw-deploy-budget">${at(v.deploy_budget, t.me)}</strong> supply. Deploy a formation with its chief within 10 cm of your edge, then the others place theirs. Flyers, planetfall and invaders wait off the table.</p>
  ${turn}
</section>`;
}

function card(c) {
  const inputs = list(c.inputs).map((i) => (given(i.options)
    ? html`<select name=${`field_${i.name}`} aria-label=${i.label}>${i.options.map((o) => html`<option value=${o.value}>${o.text}</option>`)}</select>`
    : html`<input type="number" name=${`field_${i.name}`} min="0" value="0" class="count-input" aria-label=${i.label}>`));
  return html`
    <div class="mw-card" data-card=${c.slug}>
      <strong>${c.name}</strong> <span class="badge">${c.value}</span>
      <p class="small">${c.use}</p>
      ${actForm({ type: "play-card", card: c.slug, use: "points" }, html`<button class="small" data-play-points=${c.slug}>+${c.value} supply</button>`)}
      ${actForm({ type: "play-card", card: c.slug, use: "effect" }, html`
        ${inputs}
        <button class="small" data-play-effect=${c.slug}>Use the effect</button>
      `, "act mw-effect")}
    </div>`;
}

// _supply: the deck, the hands as counts, the supply points, and the seat's own hand.
function supply(t, v) {
  const names = list(v.names);
  const hands = names.map((n, i) => `${n} ${at(v.hand_counts, i)}`).join(", ");
  const points = names.map((n, i) => {
    const landing = at(v.landing_points, i);
    const energy = at(v.energy, i);
    return `${n} ${at(v.supply_points, i)}${landing ? ` (+${landing} landing zone)` : ""}${energy ? ` · energy ${energy}` : ""}`;
  }).join("; ");
  const hand = list(v.my_hand);
  return html`<section class="card mw-supply">
  <h3>Supply</h3>
  <p class="muted small">Deck: ${v.deck_removed ? "out of the game" : `${v.deck_count} card${plural(v.deck_count)}`} · played: ${list(v.discard).length} · cards in hand: ${hands}</p>
  <p class="small">Supply points this turn: ${points}</p>
  <details class="mw-costs"><summary class="small">What supply points buy</summary>
    <table class="entries small"><tbody>
      <tr><td>An order to flyers (not Veer Off; free on the turn they are deployed)</td><td class="num">2</td></tr>
      <tr><td>Deploying a formation</td><td class="num">its supply cost (points ÷ 100)</td></tr>
      <tr><td>One more impact token off in a Regroup</td><td class="num">1</td></tr>
      <tr><td>One shield point on a Titan</td><td class="num">1</td></tr>
      <tr><td>Repairing one Titan system</td><td class="num">2</td></tr>
      <tr><td>Changing a Maker Weapon at activation</td><td class="num">1</td></tr>
    </tbody></table>
    <p class="muted small">Points expire at the end of the turn. Landing-zone points only deploy formations or order flyers.</p>
  </details>
  ${t.me === null ? nothing : html`<div class="mw-hand" id="mw-hand">${hand.length ? hand.map(card) : html`<p class="muted">No supply cards in your hand.</p>`}</div>`}
</section>`;
}

const isActive = (v, f) => Boolean(v.turn) && given(v.turn.active) && f.id === v.turn.active;

function corrections(f) {
  return html`
        ${actForm({ type: "impact", formation: f.id, delta: 1 }, html`<button class="small" aria-label=${`One more impact token on ${f.name}`}>+1</button>`)}
        ${f.impact_tokens ? actForm({ type: "impact", formation: f.id, delta: -1 }, html`<button class="small" aria-label=${`One impact token less on ${f.name}`}>−1</button>`) : nothing}
        <details class="mw-more"><summary class="small">more</summary>
          ${actForm({ type: "moral-check", formation: f.id }, html`<input name="field_roll" inputmode="numeric" size="5" placeholder="2 dice" aria-label=${`Real dice for ${f.name}'s moral check (empty: Muster rolls)`}><button class="small" data-action="moral-check">Moral check</button>`, "act inline mw-moral")}
          ${actForm({ type: "casualty", formation: f.id }, html`${alive(f).map((u) => html`<label class="check small"><input type="checkbox" name="list_units" value=${u.id}> ${u.name}</label>`)}
            <label class="check small"><input type="checkbox" name="field_flak" value="1"> FLAK (flyers within 10 cm)</label><button class="small">Remove as casualties</button>`, "act")}
        </details>`;
}

function formationLine(t, v, f) {
  const where = f.where === "off" ? "off the table" : f.where === "gone" ? "destroyed" : "on the table";
  const facts = `${f.alive}/${list(f.units).length} units · ${f.points} pts · supply ${f.supply_cost}${f.flyer ? " · flyers" : ""}${f.titan ? " · Titan" : ""}${f.immobile ? " · immobile" : ""}${f.planetfall ? " · planetfall" : ""}${f.invader ? " · invaders" : ""}${f.maker_weapon ? ` · Maker Weapon: ${f.maker_weapon}` : ""}`;
  const titans = list(f.units).filter((u) => u.alive && u.type === "titan").map((u) => html`<span class="small mw-titan">structure ${u.structure}/${u.max_structure} · shields ${u.shields}${truthy(u.broken) ? ` · broken: ${u.broken.join(", ")}` : ""}</span>`);
  return html`
      <li class=${`line mw-formation ${f.where}${f.activated ? " activated" : ""}${isActive(v, f) ? " active" : ""}`} data-formation=${f.id}>
        <span class="name">${f.activated ? html`<span class="mw-marker" title="Activated this round">●</span> ` : nothing}<strong>${f.name}</strong>
          <span class="muted small">${facts}</span></span>
        <span class="mw-where badge">${where}</span>
        ${f.stance ? html`<span class="badge mw-stance">${words(f.stance)}</span>` : nothing}
        ${f.order ? html`<span class="badge">${words(f.order)}</span>` : nothing}
        <span class="mw-impact" title="Impact tokens">✹ <span class="mw-impact-count">${f.impact_tokens}</span>${f.terror_tokens ? html` <span class="mw-terror" title="Terror tokens">(${f.terror_tokens} terror)</span>` : nothing}</span>
        ${titans}
        ${t.me !== null && f.where === "table" && v.phase === "battle" ? corrections(f) : nothing}
      </li>`;
}

function poiLine(t, v, p) {
  const holder = p.contested
    ? html`<span class="badge illegal">contested</span>`
    : given(p.controller) ? html`<span class="badge legal">held by ${seatName(v, p.controller)}</span>` : nothing;
  const occupants = list(p.occupants);
  const occupy = t.me === null ? nothing : actForm({ type: "poi", poi: p.id }, html`<input type="hidden" name="list_formations" value="">
      ${list(v.formations).filter((f) => f.where === "table" && !f.flyer).map((f) => html`<label class="check small"><input type="checkbox" name="list_formations" value=${f.id} ?checked=${occupants.includes(f.id)}> ${f.name} <span class="muted">(${seatName(v, f.seat)})</span></label>`)}
      <button class="small">Within 5 cm</button>`, "act mw-occupy");
  return html`<li class="line" data-poi=${p.id}><span class="name"><strong>${p.name}</strong> <span class="muted small">${p.x}, ${p.y} cm</span></span>
    ${holder}
    ${occupy}
  </li>`;
}

// _formations: each army's formations, and the points of interest in battle.
function formations(t, v) {
  const armies = list(v.names).map((n, seat) => {
    const hypha = at(v.hypha, seat);
    return html`
  <div class="card mw-army" data-seat=${seat}>
    <h3>${n} <span class="muted small">side ${sideNumber(v, seat)} · ${at(v.faction_names, seat)}</span></h3>
    <ul class="lines">${list(v.formations).filter((f) => f.seat === seat).map((f) => formationLine(t, v, f))}</ul>
    ${truthy(hypha) ? html`<p class="small">Hypha: ${hypha.map((h) => `${h.name}${h.alive ? "" : " (dead)"}`).join(", ")}</p>` : nothing}
  </div>`;
  });
  const pois = truthy(v.pois) && v.phase === "battle"
    ? html`<section class="card mw-pois"><h3>Points of interest</h3>
  <ul class="lines">${v.pois.map((p) => poiLine(t, v, p))}</ul>
</section>`
    : nothing;
  return html`<section class="mw-armies">${armies}
</section>
${pois}`;
}

// _report: the losses, the chart of points destroyed and the whole log.
function report(t, v) {
  const c = v.chart || {};
  const log = list(t.log).map((e) => html`<li>${e.round ? html`<span class="muted small">R${e.round}</span> ` : nothing}${e.text}${truthy(e.details) ? html`<details class="mw-details"><summary>Details</summary><ol>${e.details.map((d) => html`<li>${d}</li>`)}</ol></details>` : nothing}</li>`);
  return html`<details class="card mw-report" ?open=${v.phase === "over"}><summary>Battle report</summary>
  <div class="table-scroll"><table class="entries mw-losses"><thead><tr><th>Formation</th><th>Player</th><th class="num">Lost</th><th class="num">Points lost</th></tr></thead>
    <tbody>${list(v.losses).map((r) => html`<tr><td>${r.name}</td><td>${seatName(v, r.seat)}</td><td class="num">${r.lost}/${r.units}</td><td class="num">${r.points_lost}/${r.points}</td></tr>`)}</tbody></table></div>
  <svg class="mw-chart" viewBox=${`0 0 ${c.width} ${c.height}`} role="img" aria-label="Points destroyed per side, round by round">
    <line x1=${c.pad} y1=${c.axis_y} x2=${c.axis_x} y2=${c.axis_y} class="mw-chart-axis"></line>
    <line x1=${c.pad} y1=${c.pad} x2=${c.pad} y2=${c.axis_y} class="mw-chart-axis"></line>
    <text x="2" y=${c.pad} class="mw-chart-label">${c.top}</text>
    <text x=${c.axis_x} y=${c.height} class="mw-chart-label">round ${c.rounds}</text>
    ${list(c.lines).map((line, i) => svg`<polyline points=${line} class=${`mw-chart-line side${i}`}></polyline>`)}
  </svg>
  <p class="small">Points lost: side 1 ${at(c.totals, 0)}, side 2 ${at(c.totals, 1)}.</p>
  <ol class="log mw-log">${log}</ol>
</details>`;
}

// A seat's (or a spectator's) panel.
export function table(t) {
  const v = t.view;
  const seated = t.me !== null;
  return html`<div class="mw-table" data-phase=${v.phase} data-round=${v.round}>
  <p class="phase">
    ${phaseLine(v)}
  </p>
  ${v.result ? html`<p class="result big mw-result">${v.result.text}</p>` : nothing}
  <p class="muted small mw-sides">${list(v.names).map((n, i) => `${n} (side ${sideNumber(v, i)})`).join(" · ")}</p>

  ${v.phase === "setup" ? setup(t, v) : nothing}
  <details class="card" ?open=${v.phase === "setup"}><summary>Table and points of interest</summary>${diagram(v)}</details>
  ${v.phase === "deploy" && seated ? deploy(t, v) : nothing}
  ${v.phase === "battle" && seated ? battle(t, v) : nothing}
  ${v.phase !== "setup" ? supply(t, v) : nothing}
  ${formations(t, v)}
  ${report(t, v)}
</div>`;
}

// --- the public board -------------------------------------------------------------------

function boardPhase(v, d) {
  if (v.phase === "setup") return html`<strong>Set-up</strong> · ${(v.guidance || {}).tier} points tier · table ${d.width}×${d.depth} cm`;
  if (v.phase === "deploy") return html`<strong>First deployment</strong> · <strong>${seatName(v, v.deploy_turn)}</strong> deploys`;
  if (v.phase === "battle") {
    const turn = v.turn || {};
    const activeOne = given(turn.active)
      ? html`: ${list(v.formations).filter((f) => f.id === turn.active).map((f) => html`<strong>${f.name}</strong>${f.order ? ` (${words(f.order).toLowerCase()})` : ""}`)}`
      : nothing;
    const passed = truthy(v.passed) ? html` · <span class="b-muted">passed: ${v.passed.map((s) => seatName(v, s)).join(", ")}</span>` : nothing;
    return html`Round <strong class="mwb-round">${v.round}</strong> · <strong>${seatName(v, turn.seat)}</strong>'s turn · activation <strong>${turn.activations}</strong> of ${turn.allowed}${activeOne}${passed}`;
  }
  return html`<strong>The battle is over</strong>`;
}

function boardArmy(v, n, seat) {
  const turn = v.turn || {};
  const now = (v.phase === "battle" && turn.seat === seat) || (v.phase === "deploy" && v.deploy_turn === seat);
  const all = list(v.formations);
  const few = all.length <= 16;
  const landing = at(v.landing_points, seat);
  const energy = at(v.energy, seat);
  const deploying = v.phase === "deploy" ? `deployment supply ${at(v.deploy_budget, seat)}${list(v.deploy_passed).includes(seat) ? " · passed" : ""} · ` : "";
  const state = (f) => (f.where === "gone" ? "destroyed" : f.where === "off" ? "off the table" : f.activated ? "activated" : "ready");
  const items = all.filter((f) => f.seat === seat).map((f) => html`
        <li class=${`mwb-f ${f.where}${f.activated ? " activated" : ""}${isActive(v, f) ? " active" : ""}`} title=${`${f.name}: ${state(f)}, ${f.alive}/${list(f.units).length} units`}>${few ? html`${f.name} <small>${f.alive}/${list(f.units).length}</small>` : nothing}</li>`);
  return html`
    <section class=${`b-panel b-seat side-${seat} mwb-army${now ? " turn" : ""}`} data-seat=${seat}>
      <h3>${n} <span class="b-muted b-small">side ${sideNumber(v, seat)}${list(v.passed).includes(seat) ? " · passed" : ""}</span></h3>
      <p class="mwb-counts b-small">${deploying}cards in hand ${at(v.hand_counts, seat)} · supply ${at(v.supply_points, seat)}${landing ? ` (+${landing})` : ""}${energy ? ` · energy ${energy}` : ""}</p>
      <ul class=${`b-list mwb-formations${few ? "" : " dots"}`} aria-label="Formations: activated this round, ready, off the table, destroyed">${items}</ul>
    </section>`;
}

function boardPoi(v, p) {
  if (p.contested) return html`<strong class="mwb-contested">contested</strong>`;
  if (given(p.controller)) return html`<strong class=${`mwb-holder side-${p.controller}`}>${seatName(v, p.controller)}</strong>`;
  return html`<span class="b-muted">free</span>`;
}

export function board(t) {
  const v = t.view;
  const d = v.diagram || {};
  const pois = list(v.pois);
  const marks = pois.map((p, i) => {
    const where = list(d.pois)[i] || {};
    const held = p.contested ? " contested" : given(p.controller) ? ` held side-${p.controller}` : "";
    return svg`<g class=${`mwb-poi${held}`} data-poi=${p.id}>
        <circle cx=${where.sx} cy=${where.sy} r="5" class="mwb-reach"></circle>
        <text x=${where.sx} y=${where.sy} dominant-baseline="central" class="mwb-number">${i + 1}</text>
      </g>`;
  });
  const log = list(t.log);
  return html`<p class="b-phase">${boardPhase(v, d)}</p>
${v.result ? html`<p class="b-result">${v.result.text}</p>` : nothing}
<div class="mwb-layout b-grow" data-fit-max="1.1">
  <div class="mwb-field">
    <svg class="b-svg mwb-board" viewBox=${d.view_box} role="img" aria-label=${`Table ${d.width} by ${d.depth} cm, to scale, with the points of interest`}>
      <rect x="0" y="0" width=${d.width} height=${d.depth} class="mwb-cloth"></rect>
      <rect x="0" y=${d.zone1_y} width=${d.width} height=${d.zone} class="mwb-zone side0"></rect>
      <rect x="0" y="0" width=${d.width} height=${d.zone} class="mwb-zone side1"></rect>
      ${list(d.terrain).map((p) => svg`<g class=${`mwb-terrain ${p.kind}`}><rect x=${p.sx} y=${p.sy} width=${p.size} height=${p.size} rx="2"></rect><text x=${p.tx} y=${p.ty} class="mwb-tlabel">${p.kind}</text></g>`)}
      ${marks}
    </svg>
  </div>
  <div class="mwb-side b-fit">
    ${pois.length ? html`<section class="b-panel mwb-pois"><h3>Points of interest</h3>
      <ol class="b-list">${pois.map((p, i) => html`<li data-poi=${p.id}><span class="mwb-n">${i + 1}</span> ${p.name}
        ${boardPoi(v, p)}</li>`)}</ol>
    </section>` : nothing}
    <div class="mwb-armies">${list(v.names).map((n, seat) => boardArmy(v, n, seat))}</div>
    <p class="b-muted b-small mwb-key"><span class="mwb-f activated"></span> activated · <span class="mwb-f table"></span> ready · <span class="mwb-f off"></span> off the table · <span class="mwb-f gone"></span> destroyed${v.deck_removed ? " · supply deck out of the game" : ` · supply deck ${v.deck_count}`}</p>
  </div>
</div>
${log.length ? html`<ol class="b-latest">${log.slice(-2).map((e) => html`<li>${e.text}</li>`)}</ol>` : nothing}`;
}
