// The live table of a game that brings no module of its own (games/<slug>/view.js): its
// view as facts and its offered actions as buttons, so every declared table is playable,
// and a board of the public view's facts, large, with the latest of the log.
import { actionForm, capfirst, html, nothing, shown } from "muster/table-lib";

const actionLabel = (a) => Object.entries(a).map(([key, value]) => (key === "type" ? capfirst(value) : ` ${key} ${shown(value)}`)).join("");

export function table(t) {
  const v = t.view || {};
  const facts = Object.entries(v).map(([key, value]) => html`<dt>${capfirst(key)}</dt><dd>${shown(value)}</dd>`);
  const actions = t.legal_actions && t.legal_actions.length
    ? html`<div class="actions">${t.legal_actions.map((a) => actionForm(a, actionLabel(a)))}</div>`
    : nothing;
  const log = t.log && t.log.length
    ? html`<details class="card" open><summary>Log</summary><ol class="log">${t.log.map((e) => html`<li>${e.text}</li>`)}</ol></details>`
    : nothing;
  return html`<section class="card generic-table"><dl class="facts">${facts}</dl>${actions}${log}</section>`;
}

const truncated = (text, size = 60) => (text.length > size ? `${text.slice(0, size - 1)}…` : text);

export function board(t) {
  const v = t.view || {};
  const facts = Object.entries(v).map(([key, value]) => html`<div><dt class="b-muted b-small">${capfirst(key)}</dt><dd>${truncated(shown(value))}</dd></div>`);
  const latest = t.log && t.log.length
    ? html`<ol class="b-latest">${t.log.slice(-3).map((e) => html`<li>${e.text}</li>`)}</ol>`
    : nothing;
  return html`<div class="b-grow b-panel generic-board"><dl class="b-facts">${facts}</dl></div>${latest}`;
}
