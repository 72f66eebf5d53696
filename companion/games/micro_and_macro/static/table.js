// Micro and Macro at the live table: keep the newest log line in sight after each view,
// and ask before a concession (it cannot be taken back).
(() => {
  "use strict";
  function redraw() {
    for (const log of document.querySelectorAll(".mam-log")) log.scrollTop = log.scrollHeight;
  }
  document.addEventListener("muster:view", redraw);
  document.addEventListener("DOMContentLoaded", redraw);
  document.addEventListener("submit", (event) => {
    const button = event.submitter;
    if (button && button.dataset.action === "concede" && !window.confirm("Concede the game?")) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);
})();
