// The live table on one device. The server's view always wins: the page never applies a
// move itself, it sends the action and shows the view it gets back or is pushed.
// WebSocket pushes carry a seq; a gap, a silent socket or a page coming back to the
// foreground triggers a resync, and when the socket fails the page polls instead.
(() => {
  "use strict";
  const page = document.getElementById("table-page");
  if (!page) return;
  const code = page.dataset.code;
  const viewUrl = page.dataset.viewUrl;
  const box = document.getElementById("table-view");
  const badge = document.getElementById("sync-state");
  const csrf = () => (document.cookie.match(/csrftoken=([^;]+)/) || [])[1] || "";
  let seq = Number(page.dataset.seq || 0);
  let socket = null;
  let lastMessage = Date.now();
  let pollTimer = null;
  let retry = 1000;

  const state = (text, cls) => { badge.textContent = text; badge.className = "badge " + (cls || ""); };
  const clientId = () => (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2) + Date.now());

  let lastHtml = null;
  function show(html, newSeq) {
    if (newSeq === undefined || Number.isNaN(newSeq) || newSeq === 0) {
      const found = /data-seq="(\d+)"/.exec(html); // answers without an X-Seq header (undo)
      if (found) newSeq = Number(found[1]);
    }
    if (newSeq !== undefined && newSeq < seq) return; // an old message arriving late
    // A poll that brings the same view changes nothing: no swapped DOM to swallow a tap
    // or wipe what the player is typing.
    if (html === lastHtml) { box.classList.remove("busy"); return; }
    lastHtml = html;
    box.innerHTML = html;
    if (newSeq !== undefined) seq = newSeq;
    // Game scripts (static/games/<slug>.js) redraw their widgets on every new view.
    document.dispatchEvent(new CustomEvent("muster:view", { detail: { seq } }));
    box.classList.remove("busy");
    const view = box.querySelector(".view");
    const status = view?.dataset.status;
    if (status) page.dataset.status = status;
    const lobby = page.querySelector(".lobby");
    if (lobby && status && status !== "open") {
      // lobby -> game without a reload: the view already holds the game.
      lobby.remove();
      clearInterval(lobbyTimer);
      document.querySelectorAll("[data-after-start]").forEach((el) => { el.hidden = false; });
    } else if (lobby && view) {
      const start = lobby.querySelector("button[data-start]");
      if (start) start.disabled = Number(view.dataset.waiting || 0) > 0;
    }
    // A refused tap explains itself where the player is looking.
    const errors = box.querySelector(".errors");
    if (errors && errors.scrollIntoView) errors.scrollIntoView({ block: "center", behavior: "smooth" });
  }

  async function resync() {
    try {
      const response = await fetch(viewUrl, { credentials: "same-origin" });
      if (!response.ok) throw new Error(`view ${response.status}`);
      show(await response.text(), Number(response.headers.get("X-Seq")));
    } catch (e) { state("offline", "illegal"); }
  }

  function startPolling() {
    if (pollTimer) return;
    state("polling", "");
    pollTimer = setInterval(resync, 2000);
  }
  function stopPolling() { clearInterval(pollTimer); pollTimer = null; }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${code}/${page.dataset.board ? "?board=1" : ""}`);
    socket.onopen = () => { retry = 1000; stopPolling(); state("live", "legal"); };
    socket.onmessage = (event) => {
      lastMessage = Date.now();
      const message = JSON.parse(event.data);
      if (message.type === "view") show(message.html, message.seq);
      else if (message.type === "pong" && message.seq > seq) socket.send(JSON.stringify({ type: "sync" }));
    };
    socket.onclose = () => {
      startPolling();
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 15000);
    };
  }

  // Heartbeat: a socket that says nothing for 45 s is treated as dead (Wi-Fi drops may
  // never fire "close").
  setInterval(() => {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ type: "ping" }));
      if (Date.now() - lastMessage > 45000) { socket.close(); }
    }
  }, 20000);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) resync(); });

  const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

  // A move is sent with one client id, so resending it after a network or server error
  // applies it at most once; only answers the server rendered (below 500) replace the view.
  async function post(url, data) {
    data.append("seq", String(seq));
    data.append("client_id", clientId());
    state("sending…", "");
    try {
      for (let attempt = 1; ; attempt += 1) {
        let response = null;
        try {
          response = await fetch(url, {
            method: "POST", body: data, credentials: "same-origin", headers: { "X-CSRFToken": csrf() },
          });
        } catch (e) { response = null; }
        if (response && response.status < 500) {
          const header = response.headers.get("X-Seq");
          show(await response.text(), header === null ? undefined : Number(header));
          state(socket && socket.readyState === WebSocket.OPEN ? "live" : "polling",
                socket && socket.readyState === WebSocket.OPEN ? "legal" : "");
          return;
        }
        if (attempt >= 3) {
          state(response ? "not sent: tap again" : "offline: tap again", "illegal");
          resync();
          return;
        }
        await pause(300 * attempt);
      }
    } finally {
      box.classList.remove("busy");
      box.querySelectorAll(".pending").forEach((el) => el.classList.remove("pending"));
    }
  }

  // Every action is a small form in the view: <form class="act"> with a JSON "action".
  box.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.matches("form.act, form.act-undo")) return;
    event.preventDefault();
    if (box.classList.contains("busy")) return; // one tap at a time; the answer redraws the view
    box.classList.add("busy");
    (event.submitter || form.querySelector("button"))?.classList.add("pending");
    const data = new FormData(form);
    if (event.submitter && event.submitter.name) data.set(event.submitter.name, event.submitter.value);
    post(form.matches(".act-undo") ? `/t/${code}/undo/` : `/t/${code}/act/`, data);
  });

  if ("WebSocket" in window) connect(); else startPolling();
  // Taking a seat is not a move (no seq, no push): the lobby asks for the seat list itself.
  const lobbyTimer = page.querySelector(".lobby") ? setInterval(resync, 3000) : null;
})();
