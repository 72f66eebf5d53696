// Muster's service worker: the table and the builder lists a player opened stay readable
// through a Wi-Fi drop. Served at /sw.js (companion/views.py), which puts CONFIG above
// this text: the static URLs of the app shell, the page patterns kept, the sign-in and
// sign-out URLs.
//
// Network first, always: online, every page and file comes from the server as without a
// worker, and the copy kept is refreshed. Only when the network fails does a kept copy
// answer, marked with the header "X-Muster-Offline: 1" so the table script knows that its
// view is old. Pages hold one player's lists and seat: they are kept in PAGES, which a
// sign-in, sign-out or sign-up on this device empties, and never across players.
//
// Across tabs: a tab left open on a table may still hold the last player's seat. So PAGES
// is emptied again once the server has answered the sign-out (anything such a tab kept
// meanwhile goes too), every tab is told (the table script then reloads, as the device's
// new player), and a table's view is read back only by a page of the same identity (the
// page states it, data-identity; the table script sends it with each view it asks for
// and writes it on each view it keeps).
/* global CONFIG */
"use strict";

const PAGES = "muster-pages"; // table pages, their last views, builder lists (per player)
const SHELL = `muster-shell-${CONFIG.version}`; // CSS, scripts, icons, manifest
const pagePatterns = CONFIG.pages.map((source) => new RegExp(source));
const viewPattern = new RegExp(CONFIG.views);

self.addEventListener("install", (event) => {
  // The shell is fetched whole or not at all (addAll), so a half-filled cache never
  // serves a page without its script.
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(CONFIG.shell)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("muster-shell-") && name !== SHELL) await caches.delete(name);
    }
    // Pages are asked for while the worker starts, not after: no delay added online.
    if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
    await self.clients.claim();
  })());
});

function offlineCopy(response) {
  const headers = new Headers(response.headers);
  headers.set("X-Muster-Offline", "1");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function offlinePage() {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline · Muster</title></head>
<body style="font:18px/1.5 system-ui,sans-serif;margin:2rem"><h1>Offline</h1>
<p>This page was not opened on this device before the connection dropped, so there is no copy of it here.</p>
<p><a href="${CONFIG.home}">Your tables</a> and the army lists you opened before can still be read.</p></body></html>`;
  return new Response(html, {
    status: 503, headers: { "Content-Type": "text/html; charset=utf-8", "X-Muster-Offline": "1" },
  });
}

function keepable(response) {
  // Only the page itself as the server sent it: no redirect to a sign-in page, no error,
  // nothing the server asked not to store.
  return response.ok && response.type === "basic" && !response.redirected
    && !/no-store/.test(response.headers.get("Cache-Control") || "");
}

const IDENTITY = "X-Muster-Identity"; // whose view: a kept one is never another's

async function networkFirst(event, cacheName, keep, fallback, readable = () => true) {
  const request = event.request;
  try {
    const response = (request.mode === "navigate" && (await event.preloadResponse)) || (await fetch(request));
    if (keep && keepable(response)) {
      const copy = response.clone();
      event.waitUntil(caches.open(cacheName).then((cache) => cache.put(request, copy)));
    }
    return response;
  } catch (error) {
    const kept = await caches.match(request, { cacheName, ignoreVary: true });
    if (kept && readable(kept)) return offlineCopy(kept);
    if (fallback) return fallback();
    throw error;
  }
}

// A sign-in, sign-out, sign-up or deleted account: forget every kept page before the
// request goes (nothing of the last player is read while it runs) and again once the
// server answered (what a tab still open kept meanwhile), then tell every tab.
async function changePlayer(event) {
  await caches.delete(PAGES);
  try {
    return await fetch(event.request);
  } finally {
    event.waitUntil((async () => {
      await caches.delete(PAGES);
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const tab of tabs) tab.postMessage({ type: "muster:player-changed" });
    })());
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && CONFIG.signOut.includes(url.pathname)) {
    // Another player may use this device next: forget the last one's pages. The request
    // itself goes on to the server untouched.
    event.respondWith(changePlayer(event));
    return;
  }
  if (request.method !== "GET") return; // taps and forms go straight to the server
  const path = url.pathname;
  if (viewPattern.test(path)) {
    // A table's view as the page polls it: the table script keeps the newest one it
    // showed (pushes included), so this only reads it back when offline, and only for a
    // page of the identity that kept it.
    const identity = request.headers.get(IDENTITY) || "";
    const sameIdentity = (kept) => (kept.headers.get(IDENTITY) || "") === identity;
    event.respondWith(networkFirst(event, PAGES, false, null, sameIdentity));
  } else if (request.mode === "navigate") {
    const keep = pagePatterns.some((pattern) => pattern.test(path));
    event.respondWith(networkFirst(event, PAGES, keep, offlinePage));
  } else if (path.startsWith(CONFIG.static) || path === CONFIG.manifest) {
    event.respondWith(networkFirst(event, SHELL, true, null));
  }
});
