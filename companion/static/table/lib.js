// What every game's table module draws with: lit-html's templates and a few helpers that
// the games' panels share. Imported as "muster/table-lib" (the page's import map), so a
// game's module (games/<slug>/view.js) has no path to know and no build step.
//
// A view is drawn on the device from the JSON the server pushes: lit-html escapes every
// value it puts in text or an attribute, and updates only what changed between two views,
// so a field the player is typing in or a button under their finger survives a push.
import { html, nothing, svg } from "lit-html";

export { html, nothing, svg };

// Django's |pluralize: "" for one, "s" (or ``many``) otherwise.
export const plural = (n, many = "s", one = "") => (Number(n) === 1 ? one : many);

// Django's |capfirst.
export const capfirst = (text) => {
  const s = text === null || text === undefined ? "" : String(text);
  return s.charAt(0).toUpperCase() + s.slice(1);
};

export const last = (items) => (items && items.length ? items[items.length - 1] : undefined);

// Class names, the falsy ones left out.
export const cls = (...names) => names.filter(Boolean).join(" ");

// ``{seat: name}`` over a list of records: byField(players, "seat", "computer_name").
export const byField = (items, key, field) => {
  const out = {};
  for (const item of items || []) out[item[key]] = item[field];
  return out;
};

// An optional attribute: present with ``value`` when ``on``, else absent.
export const when = (on, value = "") => (on ? value : nothing);

// Items joined with a separator (", " by default) between them, as templates.
export const joined = (items, draw, separator = ", ") =>
  (items || []).map((item, index) => html`${index ? separator : ""}${draw(item, index)}`);

// The value as the page shows a plain fact: numbers and text as they are, the rest as JSON.
export const shown = (value) => {
  if (value === null || value === undefined) return "None";
  if (typeof value === "object") return JSON.stringify(value);
  if (typeof value === "boolean") return value ? "True" : "False";
  return String(value);
};

// A button that sends ``action`` (table.js posts the form with its client id): every
// action a panel offers is one of these. ``fields``: extra inputs inside the form.
export function actionForm(action, label, { className = "", pressed = false, aria = nothing, fields = nothing, formClass = "act", name = nothing, value = nothing, title = nothing } = {}) {
  return html`<form class=${formClass} method="post"><input type="hidden" name="action" value=${JSON.stringify(action)}>${fields}<button class=${className || nothing} aria-pressed=${pressed ? "true" : nothing} aria-label=${aria} name=${name} value=${value} title=${title}>${label}</button></form>`;
}

// An SVG line chart readable across a table: thick lines, each line's name and last value
// written at its end. ``chart``: title, steps (x positions), top (the least the scale
// reaches) and series ({name, colour, values}).
export function lineChart(chart, width = 600, height = 220) {
  const steps = (chart && chart.steps) || [];
  const series = (chart && chart.series) || [];
  const values = series.flatMap((s) => s.values || []);
  if (!steps.length || !values.length) return nothing;
  const top = Math.max(...values, chart.top || 1);
  const pad = 30;
  const step = (width - 2 * pad) / Math.max(steps.length - 1, 1);
  const x = (i) => pad + i * step;
  const y = (v) => height - pad - ((height - 2 * pad) * v) / top;
  const lines = series.map((s) => {
    const line = s.values || [];
    const colour = s.colour || "#475569";
    const points = line.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    const end = line.length
      ? svg`<text x=${(x(line.length - 1) + 4).toFixed(1)} y=${y(line[line.length - 1]).toFixed(1)} fill=${colour} font-size="14">${s.name || ""} ${line[line.length - 1]}</text>`
      : nothing;
    return svg`<polyline fill="none" stroke=${colour} stroke-width="4" points=${points}></polyline>${end}`;
  });
  return html`<svg class="chart" viewBox=${`0 0 ${width} ${height}`} role="img" aria-label=${chart.title || ""}><line x1=${pad} y1=${height - pad} x2=${width - pad} y2=${height - pad} stroke="#94a3b8"></line>${lines}</svg>`;
}

// A bar's width: ``part`` as a whole percentage of ``whole``, within 0-100 (0 without one).
export const percent = (part, whole) => {
  const share = (100 * Number(part)) / Number(whole);
  return Number.isFinite(share) ? Math.max(0, Math.min(100, Math.round(share))) : 0;
};
