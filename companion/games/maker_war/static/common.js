// What Maker-War's table modules (view.js, battle.js) share: the list filters the old
// templates used (|at, |words), a seat's name, and an action form written as the
// templates wrote it.
import { html } from "muster/table-lib";

// ``items[index]``, or undefined: figures that run beside the seats (list_tags' |at).
export const at = (items, index) => (items === null || items === undefined || index === null || index === undefined ? undefined : items[index]);

// A slug as words: "continuous-fire" -> "Continuous fire" (list_tags' |words).
export const words = (slug) => {
  const text = String(slug || "").replace(/[-_]/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
};

// The name at ``seat`` ("" for none).
export const seatName = (v, seat) => at(v.names, seat) ?? "";

// A list that may be missing (Django's loops and ``in`` take None as empty).
export const list = (items) => (Array.isArray(items) ? items : []);

// Django's truthiness for a value of the view: no 0, "", null, [] nor {}.
export const truthy = (value) => {
  if (Array.isArray(value)) return value.length > 0;
  if (value && typeof value === "object") return Object.keys(value).length > 0;
  return Boolean(value);
};

export const given = (value) => value !== null && value !== undefined;

// An action as the templates wrote it in the hidden input: {"type": "x", "key": "value"}.
export const actionJson = (action) => `{${Object.entries(action).map(([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`).join(", ")}}`;

// ``<form class=... method="post">`` sending ``action`` with ``body`` (inputs and button).
export const actForm = (action, body, formClass = "act inline") =>
  html`<form class=${formClass} method="post"><input type="hidden" name="action" value=${typeof action === "string" ? action : actionJson(action)}>${body}</form>`;

// The enemy formations on the table, for the seat's side.
export const enemiesOnTable = (v) => list(v.formations).filter((e) => e.side !== v.side && e.where === "table");

export const alive = (f) => list(f.units).filter((u) => u.alive);
