// The live table on one device (an ES module). The server's view always wins: the page
// never applies a move itself, it sends the action and shows the view it gets back or is
// pushed. A view is the seat's JSON, the same text an API client gets; the device draws it
// with the game's module (games/<slug>/view.js, through table/view.js), so a push costs the
// server one encoded view per seat, never a page per device.
// WebSocket pushes carry a seq; a gap, a silent socket or a page coming back to the
// foreground triggers a resync, and when the socket fails the page polls instead.
//
// Through Wi-Fi drops: every tap is first kept on the device (localStorage) with its
// client id and sent from there in order; offline it waits, shown as pending, and is sent
// when the connection returns. A resend carries the same client id, so the server applies
// it once. A tap the game moved past while it waited is shown refused with the server's
// reason. A device that wakes or reconnects fetches the current view before it takes a
// tap. The newest view shown is kept in the Cache API for an offline reload (sw.js).
//
// A view is one player's: the page states whose it is (data-identity, which changes with
// every sign-in and sign-out), writes it on the view it keeps and reads back only a view
// of the same identity. When the session that opened the page ends (the socket closes
// with SESSION_ENDED or SEAT_LOST, or sw.js says another tab signed in or out), the page
// keeps nothing more and reloads, as whoever the device's player is now.
//
// Your turn: when this seat enters the view's "awaiting" seats, the title gets a badge,
// the device vibrates where it can and, if the player turned the sound on, beeps.
import { draw } from "muster/table-view";

const page = document.getElementById("table-page");
if (page) await start(page);

async function start(page) {
  const game = await import(page.dataset.gameView);
  const code = page.dataset.code;
  const viewUrl = page.dataset.viewUrl;
  const identity = page.dataset.identity || ""; // whose page (and view) this is
  const IDENTITY = "X-Muster-Identity";
  const SESSION_ENDED = 4401; // close codes: this page's session or seat is gone
  const SEAT_LOST = 4403;
  const board = Boolean(page.dataset.board);
  let me = page.dataset.me || ""; // "" : a spectator or the board, who never taps
  const box = document.getElementById("table-view");
  const boardBox = document.getElementById("board-view"); // the board mode draws here
  const badge = document.getElementById("sync-state");
  const tapsBox = document.getElementById("pending-taps");
  const csrf = () => (document.cookie.match(/csrftoken=([^;]+)/) || [])[1] || "";
  const PAGES = "muster-pages"; // the cache sw.js empties when a player signs in or out
  const TAPS = `muster.taps.${code}`;
  const SOUND = "muster.turnSound";
  let seq = Number(page.dataset.seq || 0);
  let socket = null;
  let socketOpened = false; // a later open is a reconnect: resync before the next tap
  let lastMessage = Date.now();
  let pollTimer = null;
  let reconnectTimer = null;
  let retry = 1000;
  let offline = !navigator.onLine;
  let syncing = false; // fetching the current view after a wake or a reconnect
  let flushing = false; // sending kept taps, one at a time
  let flushTimer = null;
  let keptSeq = -1; // the seq of the view last written to the cache
  let lobbyTimer = null;
  let forgotten = false; // the session this page was built for has ended: keep nothing
  let leaving = false; // this tab is navigating away (its own sign-out, say)

  const clientId = () => (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2) + Date.now());
  const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
  // A request on a dying Wi-Fi may hang instead of failing: give up on it after a while
  // (a tap given up on is kept and sent again with its client id, so never applied twice).
  const within = (ms) => (window.AbortSignal && AbortSignal.timeout ? AbortSignal.timeout(ms) : undefined);

  // --- taps kept on the device --------------------------------------------------------
  // {taps: [{id, url, fields, base, me, label, state, reason, waited}], chain: {base: seq}}.
  // ``waited``: the tap could not go at once; if refused, it stays listed with the reason
  // until the player has read it (a tap refused at once only shows the view's message).
  // ``base``: the seq of the view the tap was made on. ``chain``: the seq reached from a
  // base by this device's own taps alone, so a second tap made offline on the same view
  // follows the first one instead of being refused as stale; a move by anyone else in
  // between breaks the chain, and the server then refuses the tap as it should.
  function loadTaps() {
    try {
      const kept = JSON.parse(localStorage.getItem(TAPS) || "null");
      if (kept && Array.isArray(kept.taps)) return { taps: kept.taps, chain: kept.chain || {} };
    } catch (e) { /* unreadable: start empty */ }
    return { taps: [], chain: {} };
  }
  const kept = board || me === "" ? { taps: [], chain: {} } : loadTaps();
  // Another seat's taps (someone else signed in on this device) are neither sent as this
  // seat nor shown to this player: a kept tap may be a secret choice.
  kept.taps = kept.taps.filter((tap) => tap.me === me);
  for (const tap of kept.taps) {
    if (tap.state === "sending") tap.state = "pending"; // the page closed mid-send: resend, same id
    tap.waited = true;
  }
  function saveTaps() {
    if (board || me === "") return;
    try {
      if (kept.taps.length) localStorage.setItem(TAPS, JSON.stringify(kept));
      else localStorage.removeItem(TAPS);
    } catch (e) { /* storage full or off: the taps still live in this page */ }
  }
  const waiting = () => kept.taps.filter((tap) => tap.state !== "refused");

  function drawTaps() {
    if (!tapsBox) { status(); return; }
    const list = tapsBox.querySelector("ol");
    list.replaceChildren();
    const listed = kept.taps.filter((tap) => tap.waited); // a tap going at once is not news
    for (const tap of listed) {
      const item = document.createElement("li");
      item.className = `tap ${tap.state}`;
      item.dataset.clientId = tap.id;
      const what = document.createElement("span");
      what.className = "what";
      what.textContent = tap.label;
      const note = document.createElement("span");
      note.className = tap.state === "refused" ? "reason" : "status";
      note.textContent = tap.state === "refused" ? `not applied: ${tap.reason}`
        : tap.state === "sending" ? "sending…" : "waiting for the connection";
      item.append(what, " · ", note);
      if (tap.state === "refused") {
        const dismiss = document.createElement("button");
        dismiss.type = "button";
        dismiss.className = "small";
        dismiss.textContent = "OK";
        dismiss.addEventListener("click", () => {
          kept.taps = kept.taps.filter((other) => other !== tap);
          saveTaps();
          drawTaps();
        });
        item.append(dismiss);
      }
      list.append(item);
    }
    tapsBox.hidden = listed.length === 0;
    status();
  }

  // --- the state badge ----------------------------------------------------------------
  function status() {
    const live = socket && socket.readyState === WebSocket.OPEN;
    let text = offline ? "offline" : live ? "live" : "polling";
    if (syncing) text = "syncing…";
    else if (flushing && !offline) text = "sending…";
    const count = waiting().filter((tap) => tap.waited).length;
    if (count) text += ` · ${plural(count, "tap")} waiting`;
    const refused = kept.taps.filter((tap) => tap.state === "refused").length;
    if (refused) text += ` · ${refused} refused`;
    badge.textContent = text;
    badge.className = `badge ${offline || refused ? "illegal" : live && !syncing ? "legal" : ""}`;
  }
  function setOffline(value) {
    if (offline === value) return;
    offline = value;
    status();
  }

  // --- showing a view -----------------------------------------------------------------
  let shownKey = null; // the view and error drawn last: an equal one changes nothing
  let current = JSON.parse(document.getElementById("table-data").textContent);
  function show(view, error = null) {
    if (!view || view.seq < seq) return; // an old message arriving late
    const key = JSON.stringify([view, error]);
    if (key === shownKey) { box.classList.remove("busy"); return; }
    shownKey = key;
    current = view;
    seq = view.seq;
    draw(board ? boardBox : box, view, game, { board, error });
    // Game scripts (static/games/<slug>.js) redraw their widgets on every new view.
    document.dispatchEvent(new CustomEvent("muster:view", { detail: { seq, view } }));
    box.classList.remove("busy");
    const state = view.status;
    page.dataset.status = state;
    const lobby = page.querySelector(".lobby");
    if (lobby && state !== "open") {
      // lobby -> game without a reload: the view already holds the game.
      lobby.remove();
      clearInterval(lobbyTimer);
      document.querySelectorAll("[data-after-start]").forEach((el) => { el.hidden = false; });
    } else if (lobby) {
      const starter = lobby.querySelector("button[data-start]");
      if (starter) starter.disabled = Number(view.waiting_for || 0) > 0;
    }
    // A refused tap explains itself where the player is looking.
    const errors = box.querySelector(".errors");
    if (errors && errors.scrollIntoView) errors.scrollIntoView({ block: "center", behavior: "smooth" });
    keep(view);
    noticeTurn();
  }

  // The newest view shown, for an offline reload: written to the cache sw.js reads back
  // when the network fails, as the server answers the view URL. A refusal is left out.
  function keep(view) {
    if (!("caches" in window) || forgotten || view.seq < keptSeq) return;
    keptSeq = view.seq;
    const body = new Response(JSON.stringify({ type: "view", seq: view.seq, data: view }), {
      headers: { "Content-Type": "application/json", "X-Seq": String(view.seq), [IDENTITY]: identity },
    });
    caches.open(PAGES).then((cache) => cache.put(viewUrl, body)).catch(() => {});
  }

  // The page itself may be an old copy (an offline reload): the view kept last is newer.
  async function showKeptView() {
    if (!("caches" in window)) return;
    try {
      const cached = await caches.match(viewUrl, { cacheName: PAGES, ignoreVary: true });
      if (!cached || (cached.headers.get(IDENTITY) || "") !== identity) return; // another player's
      const message = await cached.json();
      if (message.seq > seq) show(message.data);
    } catch (e) { /* no cache here: the page's own view stands */ }
  }

  // The current view from the server; true when it came from the server (not a kept
  // copy), so the device is back in touch.
  async function resync() {
    try {
      const response = await fetch(viewUrl, {
        credentials: "same-origin", signal: within(8000), headers: { [IDENTITY]: identity },
      });
      if (!response.ok) throw new Error(`view ${response.status}`);
      const fromCache = response.headers.get("X-Muster-Offline") === "1";
      show((await response.json()).data);
      setOffline(fromCache);
      if (!fromCache && waiting().length) flush();
      return !fromCache;
    } catch (e) {
      setOffline(true);
      return false;
    }
  }

  // Waking (screen on, tab shown), reconnecting, or the network coming back: the view on
  // the screen may be old, so no tap is taken until the current one is in.
  async function wake() {
    if (syncing) return;
    syncing = true;
    box.classList.add("syncing");
    status();
    try {
      await resync();
    } finally {
      syncing = false;
      box.classList.remove("syncing");
      status();
    }
    flush();
  }

  function startPolling() {
    if (pollTimer) return;
    status();
    pollTimer = setInterval(resync, 2000);
  }
  function stopPolling() { clearInterval(pollTimer); pollTimer = null; }

  function connect() {
    clearTimeout(reconnectTimer);
    reconnectTimer = null;
    if (socket && socket.readyState <= WebSocket.OPEN) return; // connecting or open
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${code}/${board ? "?board=1" : ""}`);
    socket = ws;
    ws.onopen = () => {
      retry = 1000;
      lastMessage = Date.now();
      stopPolling();
      setOffline(false);
      status();
      if (socketOpened) wake(); // back after a drop: the pushes missed meanwhile
      socketOpened = true;
      if (waiting().length) flush();
    };
    ws.onmessage = (event) => {
      lastMessage = Date.now();
      const message = JSON.parse(event.data);
      if (message.type === "view") show(message.data);
      else if (message.type === "pong" && message.seq > seq) ws.send(JSON.stringify({ type: "sync" }));
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      if (event.code === SESSION_ENDED || event.code === SEAT_LOST) { sessionEnded(); return; }
      startPolling();
      reconnectTimer = setTimeout(connect, retry);
      retry = Math.min(retry * 2, 15000);
    };
  }

  // Signed out here, or in another tab, or the seat given away: this page and the view it
  // kept are the last player's. Keep nothing more, forget that view, and load the page
  // again as the device's player now (the server closed the socket after the session
  // ended, so the reload is answered for the new one). A tab signing out itself is
  // already on its way elsewhere.
  async function sessionEnded() {
    if (forgotten) return;
    forgotten = true;
    stopPolling();
    clearTimeout(reconnectTimer);
    if (socket) { const ws = socket; socket = null; ws.close(); }
    try {
      const cache = await caches.open(PAGES);
      const cached = await cache.match(viewUrl, { ignoreVary: true });
      if (cached && (cached.headers.get(IDENTITY) || "") === identity) await cache.delete(viewUrl, { ignoreVary: true });
    } catch (e) { /* no cache here */ }
    if (!leaving) location.reload();
  }
  window.addEventListener("beforeunload", () => { leaving = true; });
  window.addEventListener("pageshow", () => { leaving = false; });
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.addEventListener("message", (event) => {
      if (event.data && event.data.type === "muster:player-changed") sessionEnded();
    });
    navigator.serviceWorker.startMessages(); // messages from sw.js, from now on
  }

  // Heartbeat: a socket that says nothing for 45 s is treated as dead (Wi-Fi drops may
  // never fire "close").
  setInterval(() => {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ type: "ping" }));
      if (Date.now() - lastMessage > 45000) { socket.close(); }
    }
  }, 20000);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) wake(); });
  window.addEventListener("pageshow", (event) => { if (event.persisted) wake(); });
  window.addEventListener("offline", () => {
    setOffline(true);
    if (socket) socket.close(); // its "close" may otherwise come only at the heartbeat
  });
  window.addEventListener("online", () => {
    retry = 1000;
    if ("WebSocket" in window) connect();
    wake();
  });

  // --- sending kept taps --------------------------------------------------------------
  // The reason an answer gives for a refusal ("Someone acted first…"), if any.
  const refusalIn = (error) => Object.values(error || {}).map((m) => (Array.isArray(m) ? m.join(" ") : String(m))).join(" ");

  // One tap to the server with its client id; what became of it. The answer is the view
  // message a push carries, with ``error`` when the tap was refused.
  async function send(tap, sentSeq) {
    const data = new FormData();
    for (const [name, value] of tap.fields) data.append(name, value);
    data.set("seq", String(sentSeq));
    data.set("client_id", tap.id);
    let response;
    try {
      response = await fetch(tap.url, {
        method: "POST", body: data, credentials: "same-origin", headers: { "X-CSRFToken": csrf(), Accept: "application/json" },
        signal: within(15000),
      });
    } catch (e) {
      return { kind: "offline" };
    }
    if (response.status >= 500 || response.status === 429) return { kind: "later" };
    const refused = { kind: "refused", reason: `the server refused it (${response.status}); reload the page.` };
    if (!/json/.test(response.headers.get("Content-Type") || "")) return refused; // a sign-in page, a CSRF refusal
    let message;
    try {
      message = await response.json();
    } catch (e) {
      return { kind: "offline" }; // cut mid-answer: sent again with its client id
    }
    if (!message || message.type !== "view") return refused;
    const reason = refusalIn(message.error);
    if (response.status >= 400 || reason) {
      return { kind: "refused", view: message.data, error: message.error, seq: message.seq, reason: reason || `refused (${response.status}).` };
    }
    return { kind: "applied", view: message.data, seq: message.seq };
  }

  // Send the kept taps in order, each until it is applied or refused; stop at the first
  // that cannot reach the server and try again later (or when the network returns).
  async function flush() {
    if (flushing || syncing || board || me === "") return;
    clearTimeout(flushTimer);
    flushTimer = null;
    flushing = true;
    let later = false;
    try {
      for (let tap = waiting()[0]; tap; tap = waiting()[0]) {
        const sentSeq = kept.chain[tap.base] ?? tap.base;
        tap.state = offline ? "pending" : "sending"; // offline, this is only a try
        drawTaps();
        if (!offline) box.classList.add("busy");
        let result = await send(tap, sentSeq);
        for (let attempt = 1; result.kind === "later" && attempt < 3; attempt += 1) {
          await pause(300 * attempt); // a server busy for a moment
          result = await send(tap, sentSeq);
        }
        if (result.kind === "offline" || result.kind === "later") {
          tap.state = "pending";
          tap.waited = true;
          setOffline(result.kind === "offline");
          later = true;
          break;
        }
        setOffline(false);
        if (result.kind === "applied") {
          kept.taps = kept.taps.filter((other) => other !== tap);
          // Only this tap happened since the seq it was sent at: later taps made on the
          // same view follow it. Anything else: they go as made, and the server judges.
          if (result.seq === sentSeq + 1) kept.chain[tap.base] = result.seq;
          else delete kept.chain[tap.base];
        } else if (tap.waited) {
          tap.state = "refused";
          tap.reason = result.reason;
          delete kept.chain[tap.base];
        } else { // refused at once: the view it brings says why, as for any tap
          kept.taps = kept.taps.filter((other) => other !== tap);
          delete kept.chain[tap.base];
        }
        saveTaps();
        if (result.view) show(result.view, result.error || null);
        if (tap.state === "refused" && tapsBox && tapsBox.scrollIntoView) {
          tapsBox.hidden = false;
          tapsBox.scrollIntoView({ block: "center", behavior: "smooth" });
        }
      }
    } finally {
      flushing = false;
      if (!waiting().length) kept.chain = {};
      saveTaps();
      box.classList.remove("busy");
      box.querySelectorAll(".pending").forEach((el) => el.classList.remove("pending"));
      drawTaps();
    }
    if (later) flushTimer = setTimeout(flush, 5000);
  }

  // What the list of kept taps calls a tap: the action's type and the button's words.
  function labelOf(form, submitter) {
    let kind = form.matches(".act-undo") ? "undo" : "";
    try { kind = kind || JSON.parse(form.querySelector("input[name=action]")?.value || "{}").type || ""; } catch (e) { /* no type */ }
    const words = (submitter?.textContent || "").replace(/\s+/g, " ").trim();
    if (!kind) return words || "a tap";
    const named = kind.charAt(0).toUpperCase() + kind.slice(1);
    return words && words.toLowerCase() !== kind.toLowerCase() ? `${named}: ${words}` : named;
  }

  // Every action is a small form in the view: <form class="act"> with a JSON "action".
  box.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.matches("form.act, form.act-undo")) return;
    event.preventDefault();
    if (syncing) return; // the view may be old: the tap waits for the current one
    // Online, one tap at a time: its answer redraws the view. Offline, every tap is kept.
    if (!offline && (flushing || box.classList.contains("busy"))) return;
    const submitter = event.submitter || form.querySelector("button");
    submitter?.classList.add("pending");
    const data = new FormData(form);
    if (event.submitter && event.submitter.name) data.set(event.submitter.name, event.submitter.value);
    const fields = [...data.entries()].filter(([, value]) => typeof value === "string");
    kept.taps.push({
      id: clientId(),
      url: form.matches(".act-undo") ? `/t/${code}/undo/` : `/t/${code}/act/`,
      fields,
      base: seq,
      me,
      label: labelOf(form, submitter),
      state: "pending",
      waited: offline || waiting().length > 0,
    });
    saveTaps();
    drawTaps();
    if (!offline) box.classList.add("busy");
    flush();
  });

  // --- your turn ----------------------------------------------------------------------
  const plainTitle = document.title;
  let myTurn = null; // null until the first view is read: a page opened on its turn only badges
  let audio = null;
  const soundBox = document.getElementById("turn-sound");
  const soundOn = () => { try { return localStorage.getItem(SOUND) === "on"; } catch (e) { return false; } };

  function beep() {
    try {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return;
      audio = audio || new Context();
      if (audio.state === "suspended") audio.resume();
      const now = audio.currentTime;
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = 880;
      gain.gain.setValueAtTime(0.0001, now);
      gain.gain.exponentialRampToValueAtTime(0.3, now + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.25);
      tone.connect(gain).connect(audio.destination);
      tone.start(now);
      tone.stop(now + 0.3);
    } catch (e) { /* no sound on this device */ }
  }

  function noticeTurn() {
    const awaiting = (current.awaiting || []).map(String);
    if (!board) me = current.me === null || current.me === undefined ? "" : String(current.me); // the start may renumber seats
    const now = !board && me !== "" && awaiting.includes(me);
    if (now === myTurn) return;
    const before = myTurn;
    myTurn = now;
    document.title = now ? `● Your turn · ${plainTitle}` : plainTitle;
    page.classList.toggle("your-turn", now);
    if (!now || before === null) return;
    const sound = soundOn();
    if (navigator.vibrate) {
      try { navigator.vibrate(200); } catch (e) { /* not allowed before a first tap */ }
    }
    if (sound) beep();
    document.dispatchEvent(new CustomEvent("muster:turn", { detail: { sound } }));
  }

  if (soundBox) {
    soundBox.checked = soundOn();
    soundBox.addEventListener("change", () => {
      try { localStorage.setItem(SOUND, soundBox.checked ? "on" : "off"); } catch (e) { /* kept for this page only */ }
      if (soundBox.checked) beep(); // the tap unlocks audio on this device, and lets it be heard once
    });
  }

  // --- start ----------------------------------------------------------------------------
  if ("serviceWorker" in navigator && page.dataset.sw) {
    navigator.serviceWorker.register(page.dataset.sw).catch(() => { /* no offline copies */ });
  }
  show(current);
  drawTaps();
  showKeptView().then(() => keep(current)); // read the kept view before this page's replaces it
  if ("WebSocket" in window) connect(); else startPolling();
  if (offline) resync();
  else if (waiting().length) wake(); // taps kept from before this page: current view first
  // Taking a seat is not a move (no seq, no push): the lobby asks for the seat list itself.
  if (page.querySelector(".lobby")) lobbyTimer = setInterval(resync, 3000);
}
