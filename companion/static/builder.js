// The list builder's undo and redo of the last taps, and the undo toast after a
// destructive tap. The history is the list body before each tap, kept in this page only;
// undoing sends that body back through the builder's one save path ("replace-body", which
// the server checks and saves as any tap), so nothing is trusted that a tap would not be.
(() => {
  "use strict";
  const LIMIT = 50; // taps one page remembers
  const state = { undo: [], redo: [], current: null, pending: null, label: null, toastTimer: null };

  const root = () => document.getElementById("builder");
  const canon = (value) => {
    // the database may reorder an object's keys: compare bodies by content
    if (Array.isArray(value)) return value.map(canon);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canon(value[k])]));
    }
    return value;
  };
  const bodyNow = () => {
    const el = document.getElementById("builder-body");
    if (!el) return null;
    try { return JSON.parse(el.textContent); } catch { return null; }
  };
  const same = (a, b) => JSON.stringify(canon(a)) === JSON.stringify(canon(b));

  function buttons() {
    const r = root();
    if (!r) return;
    const undo = r.querySelector("[data-undo]");
    const redo = r.querySelector("[data-redo]");
    if (undo) undo.disabled = state.undo.length === 0;
    if (redo) redo.disabled = state.redo.length === 0;
  }

  function send(body, mode) {
    const r = root();
    if (!r || !r.dataset.editUrl) return;
    state.pending = { mode, from: state.current, to: body };
    let headers = {};
    try { headers = JSON.parse(document.body.getAttribute("hx-headers") || "{}"); } catch { headers = {}; }
    htmx.ajax("POST", r.dataset.editUrl, {
      source: r, target: "#builder", swap: "outerHTML", headers,
      values: { op: "replace-body", body: JSON.stringify(body) },
    });
  }

  function undo() {
    if (!state.undo.length || state.pending) return;
    hideToast();
    send(state.undo[state.undo.length - 1], "undo");
  }

  function redo() {
    if (!state.redo.length || state.pending) return;
    send(state.redo[state.redo.length - 1], "redo");
  }

  function showToast(text) {
    hideToast();
    const toast = document.createElement("div");
    toast.id = "undo-toast";
    toast.className = "toast";
    toast.setAttribute("role", "status");
    const span = document.createElement("span");
    span.textContent = text + " ";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "small";
    button.textContent = "Undo";
    button.addEventListener("click", undo);
    toast.append(span, button);
    document.body.append(toast);
    state.toastTimer = setTimeout(hideToast, 10000);
  }

  function hideToast() {
    clearTimeout(state.toastTimer);
    document.getElementById("undo-toast")?.remove();
  }

  function settled() {
    const r = root();
    if (!r) return;
    const body = bodyNow();
    const pending = state.pending;
    state.pending = null;
    if (body === null) return;
    if (state.current === null) {
      state.current = body;
    } else if (pending) {
      if (same(body, pending.to)) {
        const from = pending.mode === "undo" ? state.undo : state.redo;
        const to = pending.mode === "undo" ? state.redo : state.undo;
        from.pop();
        to.push(pending.from);
      }
      state.current = body;
    } else if (!same(body, state.current)) {
      state.undo.push(state.current);
      if (state.undo.length > LIMIT) state.undo.shift();
      state.redo = [];
      state.current = body;
      if (state.label) showToast(state.label);
    }
    if (r.dataset.undoBarrier === "1") {
      // a die roll is not taken back: the history starts again after it
      state.undo = [];
      state.redo = [];
    }
    state.label = null;
    buttons();
  }

  document.addEventListener("htmx:beforeRequest", (event) => {
    // a form's tap is its submit button (the little game's "Remove"), else the element
    const trigger = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    const elt = (trigger && trigger.submitter) || event.detail.elt;
    if (!state.pending) state.label = (elt && elt.dataset && elt.dataset.destructive) || null;
  });
  document.addEventListener("htmx:afterSettle", settled);
  document.addEventListener("click", (event) => {
    const target = event.target.closest && event.target.closest("[data-undo], [data-redo]");
    if (!target) return;
    event.preventDefault();
    if (target.hasAttribute("data-undo")) undo(); else redo();
  });
  document.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || !root()) return;
    const field = event.target.closest && event.target.closest("input, textarea, select, [contenteditable]");
    if (field) return; // a field's own undo stays the field's
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) { event.preventDefault(); undo(); }
    else if (key === "y" || (key === "z" && event.shiftKey)) { event.preventDefault(); redo(); }
  });
  const start = () => { settled(); };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
  window.musterBuilder = { undo, redo, state };
})();
