// Smalltricks on the live table: tapping the hex board. The server decides everything;
// this script only turns taps into the forms the view already holds (set-up cells, moves)
// and redraws its highlights after each view is drawn ("muster:view").
// The view is drawn by lit-html (static/view.js), which keeps the page's nodes from one
// view to the next and updates only what changed: what this script adds to them (the
// highlight classes, the set-up layer's pieces, the chooser's forms, the typed values) is
// therefore redone or cleared here after every draw, never left to a fresh page.
(() => {
  "use strict";
  const SVG = "http://www.w3.org/2000/svg";
  let selectedUnit = null; // the unit to move, during the own faction turn
  let placing = 0; // the unit being placed, during set-up
  // What the player has typed, tapped or picked but not sent yet: a view swap (the other
  // player acting, a poll) must not throw it away. Kept per game, phase, round and step.
  let draftKey = "";
  let drafts = {};

  const root = () => document.getElementById("st-table");
  const me = () => root()?.dataset.me ?? "";
  const hexes = () => Array.from(root()?.querySelectorAll(".st-board .hex") || []);
  const hexOf = (label) => root()?.querySelector(`.st-board .hex[data-cell="${label}"]`);

  // ----- set-up: the cells input holds one cell per unit, in the order of the chips -----
  const cellsInput = () => document.getElementById("st-cells");
  const chips = () => Array.from(document.querySelectorAll("#st-chips .chip"));

  function placement() {
    const input = cellsInput();
    const cells = input ? input.value.split(",").map((c) => c.trim().toUpperCase()) : [];
    while (cells.length < chips().length) cells.push("");
    return cells.slice(0, chips().length);
  }

  function drawPlacement() {
    const layer = root()?.querySelector(".setup-layer");
    if (!layer) return;
    layer.replaceChildren();
    const cells = placement();
    const perCell = {};
    chips().forEach((chip, index) => {
      chip.classList.toggle("selected", index === placing);
      chip.querySelector(".where").textContent = cells[index] ? `→ ${cells[index]}` : "";
      const hex = cells[index] && hexOf(cells[index]);
      if (!hex) return;
      const slot = (perCell[cells[index]] = (perCell[cells[index]] || 0) + 1);
      const x = Number(hex.dataset.x) + (slot === 1 ? -15 : 15);
      const y = Number(hex.dataset.y) + 17;
      const g = document.createElementNS(SVG, "g");
      g.setAttribute("class", `piece mine tentative seat-${me()}`);
      const rect = document.createElementNS(SVG, "rect");
      Object.entries({ x: x - 14, y: y - 14, width: 28, height: 28, rx: 5 }).forEach(([k, v]) => rect.setAttribute(k, v));
      const text = document.createElementNS(SVG, "text");
      text.setAttribute("class", "face");
      text.setAttribute("x", x);
      text.setAttribute("y", y + 6);
      text.textContent = chip.dataset.face;
      g.append(rect, text);
      layer.append(g);
    });
  }

  function place(label) {
    const cells = placement();
    cells[placing] = label;
    cellsInput().value = cells.join(",");
    drafts[cellsInput().name] = cellsInput().value;
    const next = cells.findIndex((c, i) => !c && i !== placing);
    placing = next >= 0 ? next : placing;
    drawPlacement();
  }

  // ----- faction turn: the hidden move forms, keyed by unit and destination -----
  const moveForms = (unit, to) =>
    Array.from(document.querySelectorAll("#st-moves form.st-move")).filter(
      (f) => f.dataset.unit === unit && (to === undefined || f.dataset.to === to));

  function highlight() {
    hexes().forEach((h) => h.classList.remove("target", "from"));
    root()?.querySelectorAll(".piece.selected").forEach((p) => p.classList.remove("selected"));
    document.querySelectorAll(".st-pick").forEach((b) => b.classList.toggle("selected", b.dataset.unit === selectedUnit));
    const chooser = document.getElementById("st-chooser");
    if (chooser) chooser.replaceChildren();
    if (!selectedUnit) return;
    root()?.querySelector(`.piece[data-unit="${selectedUnit}"]`)?.classList.add("selected");
    moveForms(selectedUnit).forEach((f) => hexOf(f.dataset.to)?.classList.add("target"));
  }

  function choose(label, confirm) {
    const forms = moveForms(selectedUnit, label);
    if (forms.length === 1 && !confirm) { forms[0].requestSubmit(); return; }
    const chooser = document.getElementById("st-chooser");
    chooser.replaceChildren(...forms.map((f) => f.cloneNode(true)));
    chooser.querySelector("button")?.focus();
  }

  function selectIn(label) {
    const mine = Array.from(root().querySelectorAll(`.hex[data-cell="${label}"] .piece.mine:not(.done)`))
      .map((p) => p.dataset.unit).filter((u) => moveForms(u).length);
    if (!mine.length) return false;
    const at = mine.indexOf(selectedUnit);
    selectedUnit = mine[(at + 1) % mine.length];
    highlight();
    return true;
  }

  function tapHex(hex) {
    const label = hex.dataset.cell;
    const phase = root().dataset.phase;
    if (phase === "setup" && cellsInput()) {
      if (hex.classList.contains("my-half")) place(label);
      return;
    }
    if (phase !== "turn" || root().dataset.active !== me()) return;
    if (selectedUnit && moveForms(selectedUnit, label).length) {
      // Staying is never a stray tap: the unit's own hexagon asks first.
      const own = root().querySelector(`.piece[data-unit="${selectedUnit}"]`)?.closest(".hex");
      choose(label, own === hex);
      return;
    }
    selectIn(label);
  }

  document.addEventListener("click", (event) => {
    if (!root()) return;
    const chip = event.target.closest("#st-chips .chip");
    if (chip) { placing = chips().indexOf(chip); drawPlacement(); return; }
    const pick = event.target.closest(".st-pick");
    if (pick) { selectedUnit = pick.dataset.unit; highlight(); return; }
    const hex = event.target.closest(".st-board .hex");
    if (hex) tapHex(hex);
  });
  document.addEventListener("keydown", (event) => {
    const hex = event.target.closest?.(".st-board .hex");
    if (hex && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); tapHex(hex); }
  });
  const keep = (event) => {
    const field = event.target;
    if (!field.closest?.("#st-table form") || !field.name || field.name === "action") return;
    drafts[field.name] = field.value;
    if (field.id === "st-cells") drawPlacement();
  };
  document.addEventListener("input", keep);
  document.addEventListener("change", keep);

  function restoreDrafts() {
    const key = root().dataset.draft;
    if (key !== draftKey) {
      // A new phase, round or step: what was typed before is gone, and a field lit kept
      // from the last view shows its new default as a freshly drawn one would.
      draftKey = key;
      drafts = {};
      root().querySelectorAll("form").forEach((form) => form.reset());
      return;
    }
    root().querySelectorAll("form input[name], form select[name]").forEach((field) => {
      if (field.name in drafts) field.value = drafts[field.name];
    });
  }

  function refresh() {
    if (!root()) return;
    restoreDrafts();
    if (selectedUnit && !moveForms(selectedUnit).length) selectedUnit = null;
    if (cellsInput()) {
      const cells = placement();
      const free = cells.findIndex((c) => !c);
      placing = free >= 0 ? free : Math.min(placing, chips().length - 1);
    }
    drawPlacement(); // without the cells field (arrangement sent, game on): an empty layer
    highlight();
    const log = document.getElementById("st-log");
    if (log) log.scrollTop = log.scrollHeight;
  }
  document.addEventListener("muster:view", refresh);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", refresh);
  else refresh();
})();
