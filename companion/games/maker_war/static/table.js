// Maker-War table: the activation form offers only the orders the chosen formation may
// take (the server checks again), and the altitude choice only for flyers. Attack forms
// show the typed-dice fields only for real dice, and the choices about the target
// (Sniper picks, Sacrifice, Bombard template, rage, a Titan's dice) only for the chosen
// one; hidden fields are disabled so they are not sent. A surrender is confirmed first.
(() => {
  "use strict";
  function fitOrders(form) {
    const chosen = form.querySelector("select[name=field_formation]")?.selectedOptions[0];
    const orders = form.querySelector("select[name=field_order]");
    if (!chosen || !orders) return;
    const allowed = (chosen.dataset.orders || "").split(" ").filter(Boolean);
    let first = null;
    for (const option of orders.options) {
      option.disabled = allowed.length > 0 && !allowed.includes(option.value);
      if (!option.disabled && first === null) first = option;
    }
    if (orders.selectedOptions[0]?.disabled && first) first.selected = true;
    const altitude = form.querySelector(".mw-altitude");
    if (altitude) altitude.hidden = chosen.dataset.flyer !== "1";
  }
  function enable(element, on) {
    element.hidden = !on;
    if ("disabled" in element) element.disabled = !on;
    element.querySelectorAll("input, select").forEach((input) => { input.disabled = !on; });
  }
  function fitDice(form) {
    const physical = form.querySelector("input[name=field_dice][value=physical]");
    const on = !physical || physical.checked;
    form.querySelectorAll(".mw-physical-only").forEach((part) => {
      if (!part.closest(".mw-for-target[hidden]")) enable(part, on);
    });
  }
  function fitTarget(form) {
    const target = form.querySelector("select.mw-target")?.value;
    if (target === undefined) return;
    form.querySelectorAll(".mw-for-target, optgroup[data-target]").forEach((part) => {
      enable(part, part.dataset.target === target);
    });
    form.querySelectorAll("select[name=list_picks]").forEach((pick) => {
      if (pick.selectedOptions[0]?.disabled) pick.value = "";
    });
    fitDice(form);
  }
  // The view is drawn on the device (view.js) and redrawn in place on every new view:
  // a form stays the same element from one view to the next, so each is fitted again
  // (its options may have changed) but given its listeners once.
  const wired = new WeakSet();
  function listen(element, handler) {
    if (!element || wired.has(element)) return;
    wired.add(element);
    element.addEventListener("change", handler);
  }
  function wire() {
    document.querySelectorAll("form.mw-options").forEach((form) => {
      fitTarget(form);
      fitDice(form);
      listen(form.querySelector("select.mw-target"), () => fitTarget(form));
      form.querySelectorAll("input[name=field_dice]").forEach((radio) => listen(radio, () => fitTarget(form)));
    });
    document.querySelectorAll("form.mw-activate").forEach((form) => {
      fitOrders(form);
      listen(form.querySelector("select[name=field_formation]"), () => fitOrders(form));
    });
  }
  // Surrender ends the battle and cannot be taken back: ask first.
  document.addEventListener("submit", (event) => {
    const button = event.submitter;
    if (button && button.dataset.action === "surrender" && !window.confirm("Surrender the battle?")) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);
  document.addEventListener("muster:view", wire); // after each view is drawn
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
  else wire();
})();
