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
    "put-back": "Put back", "sound-on": "Sound on: tap to mute", "sound-off": "Sound off: tap for sound",
  };
  const state = {
    words: Object.assign({}, fallback), view: null, ws: null, seat: null, final: false,
    tries: 0, sentV: null, bound: null, frames: 0, picked: [], chosen: [], shaking: [],
  };
  const w = (key) => state.words[key] || fallback[key] || key;

  // The link (its query; an older link's fragment) names the game, the seat and its secret.
  // It moves from the address bar to this tab's session storage, so it is not in a
  // screenshot or shared by copying the address, and a tab the phone reloads keeps it.
  let fragment = location.search.slice(1) || location.hash.slice(1);
  try {
    if (fragment) sessionStorage.setItem("wok-link", fragment);
    else fragment = sessionStorage.getItem("wok-link") || "";
  } catch (e) { /* no storage: the link stays in the address bar */ }
  if ((location.search || location.hash) && fragment) {
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
    if (isOpen(state.ws)) {
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
      render();  // a hand drawn from the page's boot block becomes touchable
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
        if (/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(state.words.lang || "")) document.documentElement.lang = state.words.lang;
        state.seat = msg.seat;
        state.tries = 0;
        setNet("●", true);
        $("wokup").textContent = w("wokup");
        renderMute();
        if (!state.view) setStatus(w("joined"), "");  // before the game starts (the seats screen)
        break;
      case "view":
        if (!state.view || state.view.v !== msg.v) state.picked = [];
        state.view = msg;
        state.sentV = null;
        turnCame(msg);
        render();
        stayAwake();
        break;
      case "told":
        if (!msg.stale) { state.sentV = null; state.picked = []; render(); shake(state.chosen || [], msg.text); }
        else { if (state.sentV === null) tell(msg.text); state.sentV = null; render(); }
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
    $("tray").hidden = true;
    $("pads").hidden = true;
    $("last").textContent = "";
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // The game's pictures: one stylesheet per game, named by its hash (cached by the browser).
  function usePictures(href) {
    if (!href || state.pictures === href) return;
    state.pictures = href;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.addEventListener("load", () => { state.picturesLoaded = performance.now(); });
    document.head.appendChild(link);
  }

  // ---- choosing by touch -----------------------------------------------------------------
  // Each legal action may have a path: the item keys touched to choose it, in order. The
  // page keeps the keys touched so far (`picked`); an item is "next" if a path still open
  // continues with it; the actions whose path is complete are offered in the tray. An
  // action without a path, or naming an item not drawn, is a labelled button.
  function drawnKeys(v) {
    const keys = new Set();
    for (const p of v.panels || []) for (const it of p.items || []) if (it && it.key) keys.add(it.key);
    return keys;
  }
  function paths(v) {
    const keys = drawnKeys(v);
    return (v.legal || []).map((_a, i) => {
      const p = (v.paths || [])[i] || [];
      return p.length && p.every((k) => keys.has(k)) ? p : null;
    });
  }
  // A path is its first card (what is played), then the rest in any order (what it takes,
  // where it goes): the cards of a fill or a discard are touched as the player likes.
  function opens(p, picked) {
    if (!p || p.length < picked.length) return false;
    if (!picked.length) return true;
    const rest = p.slice(1);
    return p[0] === picked[0] && picked.slice(1).every((k) => rest.includes(k));
  }
  function nextKeys(p, picked) {
    return picked.length ? p.slice(1).filter((k) => !picked.includes(k)) : [p[0]];
  }
  function openPaths(v) {  // [path, index] of the actions that still fit what was picked
    return paths(v).map((p, i) => [p, i]).filter(([p]) => opens(p, state.picked));
  }
  function isOpen(ws) { return !!ws && ws.readyState === WebSocket.OPEN; }
  function live(v) { return isOpen(state.ws) && !v.over && state.sentV === null; }

  function tap(key) {
    const v = state.view;
    if (!v || !live(v)) return;
    const picked = state.picked;
    const at = picked.indexOf(key);
    const open = openPaths(v);
    if (at >= 0) {  // a lifted card: the last one again plays it if that is the one choice left
      const done = open.filter(([p]) => p.length === picked.length);
      if (at === picked.length - 1 && done.length === 1 && open.length === 1) return choose(done[0][1]);
      state.picked = at === 0 ? [] : picked.filter((k) => k !== key);  // put it back (the first: all)
    } else if (open.some(([p]) => nextKeys(p, picked).includes(key))) {
      state.picked = picked.concat([key]);
      buzz(15);
    } else {
      shake([key], "");
      return;
    }
    render();
  }

  function card(it, role) {
    const b = el(role === "none" ? "div" : "button", "card");
    if (role !== "none") b.type = "button";
    else b.setAttribute("role", "img");
    b.dataset.key = it.key || "";
    b.setAttribute("aria-label", it.alt || it.text || "");
    if (it.colour) b.style.setProperty("--edge", it.colour);
    if (it.pic) {
      const pic = el("div", "pic");
      pic.dataset.pic = it.pic;
      pic.setAttribute("aria-hidden", "true");
      b.appendChild(pic);
    }
    if (it.text) b.appendChild(el("span", "cap", it.text));
    for (const line of it.lines || []) b.appendChild(el("span", "line", line));
    if ((it.marks || []).length) {
      const marks = el("span", "marks");
      for (const m of it.marks) {
        const i = el("span", "pic mark");
        i.dataset.pic = m;
        i.setAttribute("aria-hidden", "true");
        marks.appendChild(i);
      }
      b.appendChild(marks);
    }
    return b;
  }

  function render() {
    const v = state.view;
    if (!v) return;
    usePictures(v.pictures);
    const names = v.names || [];
    $("who").textContent = names[v.seat] || "";
    const mine = v.turn && v.turn.includes(v.seat) && !v.over;
    setStatus(v.status || "", mine ? "mine" : "");
    $("last").textContent = v.last || "";
    const canAct = live(v);
    const open = canAct ? openPaths(v) : [];
    const next = new Set(open.flatMap(([p]) => nextKeys(p, state.picked)));
    const panels = $("panels");
    panels.replaceChildren();
    for (const p of v.panels || []) {
      const box = el("section", "panel k-" + (p.kind || "list"));
      box.appendChild(el("h2", "", p.title));
      const list = el("div", "cards");
      if (p.kind === "grid") list.style.setProperty("--cols", String(p.cols || 3));
      for (const it of p.items || []) {
        if (it === null) { list.appendChild(el("div", "cell")); continue; }
        if (typeof it === "string") { list.appendChild(el("div", "chip", it)); continue; }
        const touchable = canAct && (next.has(it.key) || state.picked.includes(it.key));
        const c = card(it, touchable ? "button" : (it.key && canAct && open.length ? "button" : "none"));
        c.classList.toggle("next", next.has(it.key));
        c.classList.toggle("lifted", state.picked.includes(it.key));
        if (c.tagName === "BUTTON") {
          c.classList.toggle("idle", !touchable);
          if (!touchable) c.setAttribute("aria-disabled", "true");
          c.addEventListener("click", () => tap(it.key));
        }
        list.appendChild(c);
      }
      box.appendChild(list);
      panels.appendChild(box);
    }
    $("pads").hidden = v.mode !== "pads";
    if (v.mode === "pads") renderPads(v);
    renderTray(v, open);
    renderButtons(v, canAct);
    if (state.sentV !== null) setStatus(w("sent"), "mine");
    for (const key of state.shaking || []) {
      const c = document.querySelector('.card[data-key="' + CSS.escape(key) + '"]');
      if (c) c.classList.add("shake");
    }
    state.drawn = state.drawn || performance.now();
  }

  // The tray (at the bottom, under the thumb): what the lifted cards would do.
  function renderTray(v, open) {
    const tray = $("tray");
    tray.replaceChildren();
    tray.hidden = !state.picked.length;
    if (!state.picked.length) return;
    for (const [p, i] of open) {
      if (p.length !== state.picked.length) continue;
      const b = el("button", "act play", (v.labels || [])[i] || v.legal[i].type);
      b.type = "button";
      b.dataset.i = String(i);
      b.addEventListener("click", () => choose(i));
      tray.appendChild(b);
    }
    const back = el("button", "act back", w("put-back"));
    back.type = "button";
    back.addEventListener("click", () => { state.picked = []; render(); });
    tray.appendChild(back);
  }

  // The actions with no picture to touch: buttons, grouped under the hook's headings.
  function renderButtons(v, canAct) {
    const actions = $("actions");
    actions.replaceChildren();
    const drawn = paths(v);
    let heading = null, box = null;
    (v.legal || []).forEach((action, i) => {
      if (drawn[i]) return;
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
      b.disabled = !canAct || state.picked.length > 0;
      b.addEventListener("click", () => choose(i));
      box.appendChild(b);
    });
  }

  function choose(i) {
    const v = state.view;
    if (!v || state.sentV !== null) return;
    if (send({type: "act", v: v.v, i: i})) {
      state.sentV = v.v;
      state.chosen = ((v.paths || [])[i] || []).slice();  // shaken if the rules refuse it
      state.picked = [];
      tell("");
      render();
    }
  }

  // A refused choice: the cards touched for it shake, and the rule is said.
  function shake(keys, text) {
    state.shaking = keys;
    if (text) tell(text);
    buzz([40, 30, 40]);
    for (const key of keys) {
      const c = document.querySelector('.card[data-key="' + CSS.escape(key) + '"]');
      if (c) { c.classList.remove("shake"); void c.offsetWidth; c.classList.add("shake"); }
    }
    clearTimeout(state.shakeTimer);
    state.shakeTimer = setTimeout(() => { state.shaking = []; }, 600);
  }

  // ---- your turn: a buzz and a sound (muted by a tap), the screen kept awake -------------
  function buzz(pattern) {
    if (!state.touched) return;
    try { if (navigator.vibrate) navigator.vibrate(pattern); } catch (e) {}
  }
  function chime() {
    if (state.muted || !state.touched) return;  // a browser plays nothing before the first touch
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return;
      state.audio = state.audio || new Ctx();
      const ctx = state.audio, t = ctx.currentTime;
      for (const [f, at] of [[660, 0], [880, 0.12]]) {
        const o = ctx.createOscillator(), g = ctx.createGain();
        o.frequency.value = f;
        g.gain.setValueAtTime(0.0001, t + at);
        g.gain.exponentialRampToValueAtTime(0.2, t + at + 0.02);
        g.gain.exponentialRampToValueAtTime(0.0001, t + at + 0.18);
        o.connect(g).connect(ctx.destination);
        o.start(t + at);
        o.stop(t + at + 0.2);
      }
    } catch (e) {}
  }
  function turnCame(v) {
    const mine = !!(v.turn && v.turn.includes(v.seat) && !v.over && (v.legal || []).length);
    if (mine && !state.mine) { buzz([120, 60, 120]); chime(); }
    state.mine = mine;
  }
  async function stayAwake() {
    const v = state.view;
    if (!v || v.over || state.wake || document.visibilityState !== "visible") return;
    try {
      if (!navigator.wakeLock) return;
      state.wake = await navigator.wakeLock.request("screen");
      state.wake.addEventListener("release", () => { state.wake = null; });
    } catch (e) { state.wake = null; }
  }
  function renderMute() {
    const b = $("mute");
    b.classList.toggle("muted", !!state.muted);
    b.setAttribute("aria-label", state.muted ? w("sound-off") : w("sound-on"));
    b.setAttribute("aria-pressed", state.muted ? "true" : "false");
  }
  try { state.muted = localStorage.getItem("wok-muted") === "1"; } catch (e) {}
  $("mute").addEventListener("click", () => {
    state.muted = !state.muted;
    try { localStorage.setItem("wok-muted", state.muted ? "1" : "0"); } catch (e) {}
    renderMute();
  });
  renderMute();

  function renderPads(v) {
    const grid = $("padgrid");
    if (grid.children.length !== (v.pads || []).length) {
      grid.replaceChildren();
      grid.classList.toggle("pentagon", (v.pads || []).length === 5);
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
      b.replaceChildren();
      b.setAttribute("aria-label", p.alt || p.label);
      if (p.marks || p.sign) {  // the face-up recipe: its pictures and its sign, as on the table
        const face = el("span", "face");
        face.setAttribute("aria-hidden", "true");
        for (const m of p.marks || []) {
          const pic = el("span", "pic mark");
          pic.dataset.pic = m;
          face.appendChild(pic);
        }
        if (p.sign) face.appendChild(el("span", "sign", p.sign));
        b.appendChild(face);
      } else if (p.pic) {
        const pic = el("span", "pic");
        pic.dataset.pic = p.pic;
        pic.setAttribute("aria-hidden", "true");
        b.appendChild(pic);
      }
      b.appendChild(el("span", "label", p.label));
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
  document.addEventListener("pointerdown", () => { state.touched = true; }, {capture: true});

  // A phone back from sleep reconnects at once rather than at its backoff's next turn.
  // The wake lock is let go when the page is hidden: asked again when it is back.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") return;
    stayAwake();
    if (!state.ws && !state.final) {
      clearTimeout(state.retry);
      connect();
    }
  });

  // For tests and diagnostics in the page's console: nothing here that the page did not have.
  window.wok = {state: state, press: press, send: (raw) => state.ws && state.ws.send(raw), clockStep: step,
    paths: () => state.view ? paths(state.view) : []};
  // A page opened from its seat's link brings the seat's first messages (the server's
  // page.py): the hand is drawn now, touchable once the socket is open.
  try {
    for (const msg of JSON.parse(($("boot") || {}).textContent || "[]")) receive(msg);
  } catch (e) { /* a boot block that does not parse: the socket brings the same */ }
  connect();
})();
