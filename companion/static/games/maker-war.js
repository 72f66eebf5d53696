// Maker-War table: the activation form offers only the orders the chosen formation may
// take (the server checks again), and the altitude choice only for flyers.
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
  function wire() {
    document.querySelectorAll("form.mw-activate").forEach((form) => {
      fitOrders(form);
      form.querySelector("select[name=field_formation]")?.addEventListener("change", () => fitOrders(form));
    });
  }
  document.addEventListener("muster:view", wire);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
  else wire();
})();
