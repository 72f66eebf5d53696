// The site shell's few behaviours, for every page: the phone menu, and fresh builder
// state after Back (the browser shows a kept copy of the page, from its back/forward
// cache or its HTTP cache, with the totals as they were before the last taps).
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  const header = document.querySelector("header.top");
  const toggle = header && header.querySelector(".menu-toggle");
  if (!toggle) return;
  toggle.addEventListener("click", () => {
    const open = header.classList.toggle("open");
    toggle.setAttribute("aria-expanded", String(open));
  });
});

// Parts of a page marked data-fresh-on-back are fetched again when the page is shown from
// history, and swapped in whole (htmx wires their forms again).
async function refreshKeptParts() {
  const parts = document.querySelectorAll("[data-fresh-on-back][id]");
  if (!parts.length) return;
  let html;
  try {
    const response = await fetch(location.href, { cache: "no-store", credentials: "same-origin" });
    if (!response.ok) return;
    html = await response.text();
  } catch (error) {
    return; // offline: the kept copy is all there is
  }
  const fresh = new DOMParser().parseFromString(html, "text/html");
  for (const part of parts) {
    if (!fresh.getElementById(part.id)) continue;
    if (window.htmx) {
      // htmx's own swap: its attributes wired and the part's inline scripts run again
      window.htmx.swap(part, html, { swapStyle: "outerHTML" }, { select: `#${CSS.escape(part.id)}` });
    } else {
      part.replaceWith(fresh.getElementById(part.id));
    }
  }
}

window.addEventListener("pageshow", (event) => {
  const [navigation] = performance.getEntriesByType("navigation");
  const fromHistory = navigation && navigation.type === "back_forward";
  if (event.persisted || fromHistory) refreshKeptParts();
});
