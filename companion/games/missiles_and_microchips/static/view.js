// Missiles & Microchips at the live table, drawn on the device from the seat's view: the
// computers with their energies, the seat's own face-down choice and the cards it may
// play, the last reveal, the energy chart and the log; and on the public board every
// computer's energy, large, whether it has chosen (never what), the change phase's turn
// and the last reveal.
import { actionForm, byField, capfirst, html, last, lineChart, nothing, percent, plural } from "muster/table-lib";

function phaseText(v) {
  if (v.over) return html`<strong>game over</strong>`;
  if (v.phase === "choose") return "choose a target and an action, face down";
  if (v.phase === "change") return "change phase";
  return v.phase;
}

const names = (v) => byField(v.players, "seat", "computer_name");
const waitingFor = (v) => html`<p class="waiting">Waiting for ${v.players.filter((q) => q.alive && !q.chosen).map((q) => html`<span class="who">${q.computer_name}</span>`)} to choose…</p>`;
const waitingTurn = (v) => html`<p class="waiting">Waiting for ${names(v)[v.turn] ?? ""} to change or pass…</p>`;

function playerRow(t, v, p) {
  const named = names(v);
  let status;
  if (!p.alive) status = "out";
  else if (v.over) status = (v.winners || []).includes(p.seat) ? html`<strong>winner</strong>` : "lost";
  else if (p.target !== null && p.target !== undefined) status = `→ ${named[p.target] ?? ""}`;
  else if (p.chosen) status = "chosen ✓";
  else status = "choosing…";
  const decision = p.decision ? ` · ${p.decision === "pass" ? "kept" : "changed"}` : "";
  const classes = ["mm-player", !p.alive && "dead", p.seat === t.me && "me", v.turn === p.seat && v.phase === "change" && "turn"].filter(Boolean).join(" ");
  return html`<li class=${classes} data-colour=${p.colour.name} style=${`--computer: ${p.colour.ink}; --computer-tint: ${p.colour.tint}`}>
      <span class="name"><span class="computer-chip" aria-hidden="true"></span>${p.computer_name}${p.start ? html` <span class="token" title="Start player">★</span>` : nothing}</span>
      <span class="energy" aria-label="energy">${p.energy}</span>
      <span class="status">${status}${decision}</span>
      <span class="muted small">${p.name}${p.seat === t.me ? html` · <strong class="you">you</strong>` : nothing}</span>
    </li>`;
}

function choiceButton(me, a, target) {
  const picked = me.choice && me.choice.action === a.action && (target === undefined || me.choice.target === a.target);
  const label = target === undefined ? capfirst(a.action) : html`${capfirst(a.action)}<span class="to"> → ${target.computer_name}</span>`;
  return actionForm(a, label, {
    className: `big-button ${a.action}${picked ? " picked" : ""}`,
    pressed: picked,
    aria: target === undefined ? nothing : `${capfirst(a.action)} ${target.computer_name}`,
  });
}

function myPart(t, v, me) {
  const named = names(v);
  const choice = me.choice
    ? html`<p class="my-choice">Your cards: ${me.choice.target !== null && me.choice.target !== undefined ? `target ${named[me.choice.target] ?? ""}, ` : ""}<strong>${me.choice.action}</strong>${v.phase === "choose" ? html` <span class="muted">(tap another to swap until everyone has chosen)</span>` : nothing}</p>`
    : nothing;
  let rest = nothing;
  if (!me.alive) rest = html`<p class="waiting">Your computer is out; watch the others finish.</p>`;
  else if (t.legal_actions.length && v.phase === "choose") {
    const prompt = me.choice ? waitingFor(v) : html`<p class="prompt">Your move: pick a target and an action.</p>`;
    const buttons = v.duel
      ? html`<div class="choices">${t.legal_actions.map((a) => choiceButton(me, a))}</div>`
      : v.players.filter((q) => q.alive && q.seat !== t.me).map((q) => html`
    <div class="target-row"><h4 class="target-name">→ ${q.computer_name}</h4><div class="choices">${t.legal_actions.filter((a) => a.target === q.seat).map((a) => choiceButton(me, a, q))}</div></div>`);
    rest = html`${prompt}${buttons}`;
  } else if (t.legal_actions.length) {
    const label = (a) => (a.type === "change" ? `Change to ${a.action} (1 energy)` : a.type === "pass" ? "Keep my action" : a.type);
    rest = html`<p class="prompt">Your turn: keep your action or change it for 1 energy.</p>
    <div class="choices">${t.legal_actions.map((a) => actionForm(a, label(a), { className: `big-button ${a.action || a.type}` }))}</div>`;
  } else if (v.phase === "choose") rest = waitingFor(v);
  else if (v.phase === "change") rest = waitingTurn(v);
  return html`${choice}${rest}`;
}

const summaries = (t) => (t.log || []).filter((entry) => entry.type === "summary");
const HOST_ENDED = "The host ended the game: nobody wins.";

function winnersText(v) {
  const named = names(v);
  if (v.ending === "ended-by-host") return HOST_ENDED;
  return v.winners && v.winners.length ? `Winner${plural(v.winners.length)}: ${v.winners.map((w) => named[w] ?? "").join(", ")}` : "Everyone lost.";
}

function reveal(t, v, latest) {
  const named = names(v);
  return html`<section class="card reveal" aria-label="Last reveal"><h3>Round ${latest.round} revealed</h3>
    <ul class="reveal-plays">${latest.plays.map((play) => html`<li><strong>${named[play.seat] ?? ""}</strong> <span class=${`play ${play.action}`}>${play.action}</span>${play.target !== null && play.target !== undefined && !latest.duel ? ` → ${named[play.target] ?? ""}` : nothing}${play.changed ? html` <span class="muted small">(changed)</span>` : nothing} <span class="muted">· energy ${(latest.energy || [])[play.seat] ?? ""}</span></li>`)}</ul>
    <details ?open=${t.me === null}><summary>What happened</summary><ul class="lines reveal-lines">${latest.lines.map((line) => html`<li>${line}</li>`)}</ul></details>
  </section>`;
}

function chartCard(t, chart) {
  return html`<details class="card" ?open=${t.me === null}><summary>Energy over time</summary>
    ${lineChart(chart)}
    <ul class="chart-legend">${chart.series.map((s) => html`<li><span class="swatch" style=${`background:${s.colour}`}></span>${s.name} <strong>${last(s.values)}</strong></li>`)}</ul>
    <div class="table-scroll"><table class="entries"><thead><tr><th>Round</th>${chart.steps.map((r) => html`<th class="num">${r === 0 ? "start" : r}</th>`)}</tr></thead>
      <tbody>${chart.series.map((s) => html`<tr><td>${s.name}</td>${s.values.map((e) => html`<td class="num">${e}</td>`)}</tr>`)}</tbody></table></div>
  </details>`;
}

function logCard(t) {
  const log = t.log || [];
  return html`<details class="card" ?open=${t.me === null}><summary>Log</summary>${log.length
    ? html`<ol class="log" reversed>${[...log].reverse().map((entry) => html`<li><strong>Round ${entry.round}</strong><ul>${entry.lines.map((line) => html`<li>${line}</li>`)}</ul></li>`)}</ol>`
    : html`<p class="muted">Nothing yet: the first round is under way.</p>`}</details>`;
}

export function table(t) {
  const v = t.view;
  const me = t.me !== null ? v.players.find((p) => p.seat === t.me) : undefined;
  let play = nothing;
  if (!v.over && me) play = myPart(t, v, me);
  else if (!v.over && t.me === null && v.phase === "change") play = waitingTurn(v);
  else if (!v.over && t.me === null && v.phase === "choose") play = waitingFor(v);
  const latest = last(summaries(t));
  const newest = last(t.log);
  const result = v.over
    ? html`<p class="result big">${winnersText(v)} ${newest ? html`<span class="muted">(${last(newest.lines)})</span>` : nothing}</p>`
    : nothing;
  return html`<div class="mm-table">
  <p class="phase">Round ${v.round} · ${phaseText(v)}${v.duel ? html` · <strong>duel</strong>` : nothing}</p>
  <ul class="mm-players">${v.players.map((p) => playerRow(t, v, p))}</ul>
  ${play}
  ${result}
  ${latest ? reveal(t, v, latest) : nothing}
  ${chartCard(t, v.energy_chart)}
  ${logCard(t)}
</div>`;
}

function boardPhase(v) {
  if (v.over) return html`<strong>game over</strong>`;
  if (v.phase === "choose") return html`<strong>choose</strong> a target and an action, face down`;
  if (v.phase === "change") return html`<strong>change</strong>: keep or swap for 1 energy`;
  return v.phase;
}

function boardStatus(v, p) {
  const named = names(v);
  if (!p.alive) return html`<span class="b-muted">out</span>`;
  if (v.over) return (v.winners || []).includes(p.seat) ? html`<span class="b-yes">winner</span>` : html`<span class="b-muted">lost</span>`;
  if (v.phase === "change") {
    const target = p.target !== null && p.target !== undefined ? html`<span class="mmb-target">→ ${named[p.target] ?? ""}</span>` : nothing;
    const decision = p.decision
      ? html`<span class="b-yes">${p.decision === "pass" ? "kept" : "changed"}</span>`
      : v.turn === p.seat ? html`<span class="mmb-now">deciding…</span>` : nothing;
    return html`${target} ${decision}`;
  }
  return p.chosen ? html`<span class="b-yes">chosen ✓</span>` : html`<span class="b-wait">choosing…</span>`;
}

export function board(t) {
  const v = t.view;
  const named = names(v);
  const latest = last(summaries(t));
  const players = v.players.map((p) => {
    const classes = ["b-panel b-seat", `side-${p.seat}`, "mmb-player", !p.alive && "out", v.turn === p.seat && v.phase === "change" && !v.over && "turn"].filter(Boolean).join(" ");
    return html`<li class=${classes} data-seat=${p.seat} data-colour=${p.colour.name} style=${`--side: ${p.colour.ink}`}>
      <div class="mmb-name"><strong>${p.computer_name}</strong>${p.start ? html` <span class="mmb-star" title="Start player">★</span>` : nothing}
        <span class="b-muted b-small mmb-seat-name">${p.name}</span></div>
      <div class="mmb-energy"><span class="b-big" aria-label="energy">${p.energy}</span>
        <span class="b-bar mmb-bar" aria-hidden="true"><span style=${`width: ${percent(p.energy, v.energy_chart.top)}%`}></span></span></div>
      <div class="mmb-status">${boardStatus(v, p)}</div>
    </li>`;
  });
  const side = latest
    ? html`<div class="mmb-side b-fit">
    <section class="b-panel mmb-reveal" aria-label="Last reveal"><h3>Round ${latest.round} revealed</h3>
      <ul class="b-list">${latest.plays.map((play) => html`<li><strong>${named[play.seat] ?? ""}</strong> <span class="mmb-play">${play.action}</span>${play.target !== null && play.target !== undefined && !latest.duel ? ` → ${named[play.target] ?? ""}` : nothing}${play.changed ? html` <span class="b-muted b-small">(changed)</span>` : nothing}</li>`)}</ul>
    </section>
  </div>`
    : nothing;
  return html`<p class="b-phase">Round ${v.round} · ${boardPhase(v)}${v.duel ? html` · <strong>duel</strong>` : nothing}</p>
${v.over ? html`<p class="b-result">${v.ending === "ended-by-host" ? HOST_ENDED : v.winners && v.winners.length ? `Winner${plural(v.winners.length)}: ${v.winners.map((w) => named[w] ?? "").join(", ")}` : "Everyone lost"}</p>` : nothing}
<div class=${`mmb-layout b-grow${t.log && t.log.length ? "" : " solo"}`}>
  <ul class="b-list mmb-players" data-count=${v.players.length}>${players}</ul>
  ${side}
</div>`;
}
