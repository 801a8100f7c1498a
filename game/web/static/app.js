// Wok Arcade's phone page: joins a seat with the link's secret, shows what the
// arcade sends for that seat, sends taps back. Plain JavaScript, no build step.
// Every text from the arcade is set with textContent, never parsed as HTML.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const FINAL = new Set(["wrong-secret", "old-game", "no-game", "no-seat", "taken-over", "replaced",
    "takeover-refused", "new-game", "closed"]);
  const fallback = {  // until the arcade sends its words (in its language)
    connecting: "Connecting to the arcade…", reconnecting: "Connection lost: reconnecting…",
    "no-link": "Scan your seat's QR code on the TV to join.", wokup: "Wok'up!", sent: "Sent…",
    "not-allowed": "Not allowed: {rule}", clock: "clock ±{ms} ms", "clock-unsynced": "clock: syncing…",
  };
  const state = {
    words: Object.assign({}, fallback), view: null, ws: null, seat: null, final: false,
    tries: 0, sentV: null, bound: null, frames: 0,
  };
  const w = (key) => state.words[key] || fallback[key] || key;

  // The link's fragment (never sent to the server over HTTP) names the game, the seat and
  // its secret. It moves from the address bar to this tab's session storage, so it is not
  // in a screenshot or shared by copying the address, and a tab the phone reloads keeps it.
  let fragment = location.hash.slice(1);
  try {
    if (fragment) sessionStorage.setItem("wok-link", fragment);
    else fragment = sessionStorage.getItem("wok-link") || "";
  } catch (e) { /* no storage: the fragment stays in the address bar */ }
  if (location.hash && fragment) {
    try { sessionStorage.getItem("wok-link") && history.replaceState(null, "", location.pathname); } catch (e) {}
  }
  const link = new URLSearchParams(fragment);
  const game = link.get("g"), seatText = link.get("s"), key = link.get("k");

  function deviceId() {
    try {
      let id = localStorage.getItem("wok-device");
      if (!id) {
        const bytes = crypto.getRandomValues(new Uint8Array(12));
        id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
        localStorage.setItem("wok-device", id);
      }
      return id;
    } catch (e) {  // private mode without storage: one id for this page's life
      state.device = state.device || String(Math.random()).slice(2, 18);
      return state.device;
    }
  }

  // The step of performance.now(): browsers coarsen it (100 us, up to 1 ms); the arcade's
  // clock sync counts it in its bound.
  function clockStep() {
    let best = Infinity, prev = performance.now();
    const end = prev + 4;
    while (best > 0.001) {
      const now = performance.now();
      if (now !== prev) { best = Math.min(best, now - prev); prev = now; }
      if (now > end) break;
    }
    return isFinite(best) ? Math.min(best, 50) : 1;
  }
  const step = clockStep();

  function setStatus(text, cls) {
    $("status").textContent = text;
    $("status").className = "status " + (cls || "");
  }
  function setNet(text, on) {
    $("net").textContent = text;
    $("net").className = "net " + (on ? "on" : "off");
  }
  function tell(text) {
    const el = $("told");
    el.textContent = text;
    el.hidden = !text;
    clearTimeout(state.toldTimer);
    if (text) state.toldTimer = setTimeout(() => { el.hidden = true; }, 6000);
  }

  function send(obj) {
    if (state.ws && state.ws.readyState === WebSocket.OPEN) {
      state.ws.send(JSON.stringify(obj));
      return true;
    }
    return false;
  }

  function connect() {
    if (!game || !key || seatText === null) {
      setStatus(w("no-link"), "bad");
      return;
    }
    setNet(state.tries ? w("reconnecting") : w("connecting"), false);
    const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
    state.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({type: "hello", game: game, seat: Number(seatText), key: key,
        device: deviceId(), res: step}));
    };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      state.frames += 1;
      receive(msg);
    };
    ws.onclose = () => {
      if (state.ws !== ws) return;
      state.ws = null;
      if (state.final) return;
      state.tries += 1;
      setNet(w("reconnecting"), false);
      const wait = Math.min(5000, 400 * Math.pow(2, Math.min(state.tries, 4)));
      state.retry = setTimeout(connect, wait);
      render();
    };
  }

  function receive(msg) {
    switch (msg.type) {
      case "ping":  // answered at once: the arcade maps this page's clock from these
        send({type: "pong", id: msg.id, t: performance.now()});
        break;
      case "welcome":
        Object.assign(state.words, msg.words || {});
        state.seat = msg.seat;
        state.tries = 0;
        setNet("●", true);
        $("wokup").textContent = w("wokup");
        if (!state.view) setStatus(w("joined"), "");  // before the game starts (the seats screen)
        break;
      case "view":
        state.view = msg;
        state.sentV = null;
        render();
        break;
      case "told":
        if (!msg.stale || state.sentV === null) tell(msg.text);
        state.sentV = null;
        render();
        break;
      case "sync":
        state.bound = msg.ready ? msg.bound_ms : null;
        renderClock();
        break;
      case "waiting":
        setStatus(msg.text, "bad");
        break;
      case "refused":
      case "bye":
        state.final = FINAL.has(msg.reason);
        if (msg.text) setStatus(msg.text, "bad");
        state.view = state.final ? null : state.view;
        if (state.final) { clear(); setNet("", false); }
        break;
    }
  }

  function clear() {
    $("actions").replaceChildren();
    $("panels").replaceChildren();
    $("pads").hidden = true;
    $("last").textContent = "";
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function render() {
    const v = state.view;
    if (!v) return;
    const names = v.names || [];
    $("who").textContent = names[v.seat] || "";
    setStatus(v.status || "", v.turn && v.turn.includes(v.seat) && !v.over ? "mine" : "");
    $("last").textContent = v.last || "";
    const panels = $("panels");
    panels.replaceChildren();
    for (const p of v.panels || []) {
      const box = el("div", "panel");
      box.appendChild(el("h2", "", p.title));
      const list = el("ul", "cards");
      for (const item of p.items || []) list.appendChild(el("li", "card", item));
      box.appendChild(list);
      panels.appendChild(box);
    }
    $("pads").hidden = v.mode !== "pads";
    if (v.mode === "pads") renderPads(v);
    const actions = $("actions");
    actions.replaceChildren();
    const live = state.ws && !v.over && state.sentV === null;
    let heading = null, box = null;
    (v.legal || []).forEach((action, i) => {
      const g = (v.groups || [])[i] || "";
      if (box === null || g !== heading) {
        heading = g;
        box = el("div", "group");
        if (g) box.appendChild(el("h2", "", g));
        actions.appendChild(box);
      }
      const b = el("button", "act", (v.labels || [])[i] || action.type);
      b.type = "button";
      b.dataset.i = String(i);
      b.disabled = !live;
      b.addEventListener("click", () => choose(i));
      box.appendChild(b);
    });
    if (state.sentV !== null) setStatus(w("sent"), "mine");
  }

  function choose(i) {
    const v = state.view;
    if (!v || state.sentV !== null) return;
    if (send({type: "act", v: v.v, i: i})) {
      state.sentV = v.v;
      tell("");
      render();
    }
  }

  function renderPads(v) {
    const grid = $("padgrid");
    if (grid.children.length !== (v.pads || []).length) {
      grid.replaceChildren();
      for (const p of v.pads || []) {
        const b = el("button", "pad", "");
        b.type = "button";
        b.dataset.control = p.control;
        b.addEventListener("pointerdown", (e) => { e.preventDefault(); press(p.control, e.timeStamp); });
        grid.appendChild(b);
      }
    }
    (v.pads || []).forEach((p, i) => {
      const b = grid.children[i];
      b.textContent = p.label;
      b.classList.toggle("live", !!p.live);
      if (p.colour) b.style.setProperty("--deck", p.colour);
    });
    renderClock();
  }

  function renderClock() {
    $("clock").textContent = state.bound === null ? w("clock-unsynced")
      : w("clock").replace("{ms}", state.bound < 10 ? state.bound.toFixed(1) : String(Math.round(state.bound)));
  }

  // A press is stamped with the event's own time (when the finger came down), on the
  // same clock as performance.now(); a browser whose event time is not on it falls back.
  function press(control, stamp) {
    const now = performance.now();
    const t = (typeof stamp === "number" && stamp > 0 && stamp <= now + 1) ? stamp : now;
    send({type: "press", control: control, t: t, seq: (state.seq = (state.seq || 0) + 1)});
    const b = document.querySelector('[data-control="' + control + '"]');
    if (b) { b.classList.add("hit"); setTimeout(() => b.classList.remove("hit"), 120); }
  }
  $("wokup").addEventListener("pointerdown", (e) => { e.preventDefault(); press("wokup", e.timeStamp); });
  document.addEventListener("contextmenu", (e) => e.preventDefault());

  // A phone back from sleep reconnects at once rather than at its backoff's next turn.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !state.ws && !state.final) {
      clearTimeout(state.retry);
      connect();
    }
  });

  // For tests and diagnostics in the page's console: nothing here that the page did not have.
  window.wok = {state: state, press: press, send: (raw) => state.ws && state.ws.send(raw), clockStep: step};
  connect();
})();
