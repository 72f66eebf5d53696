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

  function show(html, newSeq) {
    if (newSeq !== undefined && newSeq < seq) return; // an old message arriving late
    box.innerHTML = html;
    if (newSeq !== undefined) seq = newSeq;
    // Game scripts (static/games/<slug>.js) redraw their widgets on every new view.
    document.dispatchEvent(new CustomEvent("muster:view", { detail: { seq } }));
    const status = box.querySelector(".view")?.dataset.status;
    if (status && status !== page.dataset.status) {
      page.dataset.status = status;
      if (page.querySelector(".lobby") && status !== "open") location.reload(); // lobby -> game
    }
  }

  async function resync() {
    try {
      const response = await fetch(viewUrl, { credentials: "same-origin" });
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
    socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${code}/`);
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

  async function post(url, data) {
    data.append("seq", String(seq));
    data.append("client_id", clientId());
    state("sending…", "");
    try {
      const response = await fetch(url, {
        method: "POST", body: data, credentials: "same-origin", headers: { "X-CSRFToken": csrf() },
      });
      show(await response.text(), Number(response.headers.get("X-Seq")));
      state(socket && socket.readyState === WebSocket.OPEN ? "live" : "polling",
            socket && socket.readyState === WebSocket.OPEN ? "legal" : "");
    } catch (e) { state("offline", "illegal"); }
  }

  // Every action is a small form in the view: <form class="act"> with a JSON "action".
  box.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.matches("form.act, form.act-undo")) return;
    event.preventDefault();
    const data = new FormData(form);
    if (event.submitter && event.submitter.name) data.set(event.submitter.name, event.submitter.value);
    post(form.matches(".act-undo") ? `/t/${code}/undo/` : `/t/${code}/act/`, data);
  });

  if ("WebSocket" in window) connect(); else startPolling();
})();
