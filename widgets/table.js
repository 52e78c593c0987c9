// The card table of the Pasyans edition (anywidget view).
//
// The kernel owns the game. This view draws what the model holds (`board`: the engine's
// layout; `view`: the position, legal moves and status; `text_html`: the text) and sends
// intents back as custom messages ({action: ...}); every one is checked in Python. Nothing
// here decides legality: a click on a card and then a destination is matched against the
// legal moves the kernel sent, and anything that matches none is sent as a "try" so the
// engine can say why it is refused.

const LAYERS = [["diplomatic", "Diplomatic", "Дипломатический"], ["modern", "Modern spelling", "Современная орфография"],
  ["english", "English", "Английский"]];
const SPEEDS = [["1", "1/s"], ["2", "2/s"], ["4", "4/s"], ["8", "8/s"], ["16", "16/s"], ["max", "max"]];
const REDRAWS = new Set(["play", "try", "undo", "redo", "step", "back", "advance", "restart"]);
// the keyboard help: [id in view.ui ("key.ID" the keys, "help.ID" what they do), keys, what they do]
const SHORTCUTS = [
  ["arrows", "Arrow keys", "move between cards and places"], ["page", "Page Down / Page Up", "next / previous pile"],
  ["home", "Home / End", "first / last pile"], ["enter", "Enter / Space", "pick up a card, then put it on a place"],
  ["escape", "Escape", "put the card back (cancel)"], ["undo", "u", "undo"], ["redo", "r", "redo"],
  ["restart", "Shift+R", "restart the deal"], ["hint", "h", "hint"], ["advance", "a", "play the compulsory moves"],
  ["solve", "Shift+S", "find and load a winning line"], ["step", ".", "step forward (the loaded line)"], ["back", ",", "step back"], ["auto", "p", "autoplay on/off"],
  ["speed", "+ / -", "autoplay faster / slower"], ["new", "n", "new deal"], ["deal", "g", "type a deal number"],
  ["readings", "1 – 9", "the rule readings' pickers"], ["layer", "l", "next layer of the text"],
  ["lang", "L", "English / Russian"], ["text", "t", "go to the text"], ["cards", "c", "go to the cards"],
  ["save", "s", "save the game"], ["load", "o", "load a game"], ["help", "?", "this help"],
];

function h(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const kid of kids) if (kid !== null && kid !== undefined) e.append(kid);
  return e;
}

// The edition's HTML arrives cleaned by the kernel (nh3, widgets/safe_html.py, the one
// whitelist): parse it inertly and insert its nodes.
function markup(html) {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, "text/html");
  const frag = document.createDocumentFragment();
  frag.append(...doc.body.childNodes);
  return frag;
}

function render({ model: live, el }) {
  const model = recordedLine(live) || live;  // an exported page with no kernel: step through the recorded line
  let req = 0;
  const pending = new Map();
  let sel = null;          // {pile, index}: the card picked up
  let partial = [];        // steps already chosen of a move of several cards
  let focusKey = null;     // roving focus in the table
  let unit = 60;
  const auto = { on: false, timer: null, inflight: 0 };
  let speed = "4";
  let prevBoard = null;
  let shownLang = null;
  let slotsUnit = 0;
  let spoke = false;      // the last view carried view.message      // the card width the places were laid out at
  const stats = { latency: [], ahead: [], frames: [], renders: 0, draw: [], sent: {}, replies: [], viewLag: [] };
  let ahead = null;        // a move shown at the click, before the kernel's position arrives
  let clickT0 = null;
  const ru = () => (model.get("view") || {}).lang === "ru";
  const tr = (en, r) => (ru() ? r : en);
  // a UI string: the kernel's (view.ui, in the table's language) when it sent one, else ours
  // (a view may leave ui out when it has not changed: then the model's own "ui", which the
  // Jupyter table sends once per language, or the last one sent in this language holds)
  let uiSeen = { lang: null, ui: null };
  const viewUi = (v) => v.ui || model.get("ui") || null;
  const ui = (id, en, r) => {
    const v = model.get("view") || {};
    const sent = viewUi(v);
    if (sent && uiSeen.ui !== sent) uiSeen = { lang: v.lang, ui: sent };
    const u = sent || (uiSeen.lang === v.lang ? uiSeen.ui : null);
    return (u && typeof u[id] === "string" && u[id]) || (r !== undefined && ru() ? r : en);
  };
  function cardsWord(n) {
    if (!ru()) return n === 1 ? "1 card" : `${n} ${ui("status.cards", "cards")}`;
    const m10 = n % 10, m100 = n % 100;
    return `${n} ${m10 === 1 && m100 !== 11 ? "карта" : m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14) ? "карты" : "карт"}`;
  }

  // ---- skeleton -------------------------------------------------------------------------
  // Every label, title and accessible name is registered with its id in view.ui (the kernel
  // sends them in the table's language) and an English default; relabel() applies them.
  const LABELS = [];
  const lab = (e, attr, id, en, r) => { LABELS.push([e, attr, id, en, r]); return e; };
  function relabel() {
    for (const [e, attr, id, en, r] of LABELS) {
      let t = ui(id, en, r);
      if (attr === "title" && e.dataset.keys && !t.includes(`(${e.dataset.keys})`)) t = `${t} (${e.dataset.keys})`;
      if (attr === "text") { if (e.textContent !== t) e.textContent = t; } else if (e.getAttribute(attr) !== t) e.setAttribute(attr, t);
    }
    if (typeof autoBtn !== "undefined") autoBtn.textContent = auto.on ? ui("pause", "Pause", "Пауза") : ui("auto", "Autoplay", "Автоигра");
  }
  const root = h("div", { class: "pasyans pz-ar-top", role: "region" });
  root.pzStats = stats;
  Object.defineProperty(stats, "viewBytes", { get: () => JSON.stringify(model.get("view") || {}).length });
  const title = h("div", { class: "pz-title" });
  const status = h("div", { class: "pz-status", role: "status", "aria-live": "polite" });
  const dealInput = h("input", { class: "pz-deal", type: "text", inputmode: "numeric", size: 8 });
  lab(dealInput, "aria-label", "deal", "Deal"); lab(dealInput, "title", "deal.title", "Deal number (g)");
  const btn = (cls, id, en, keys, helpEn, fn, r) => {
    const b = h("button", { class: `pz-btn ${cls}`, type: "button", "aria-keyshortcuts": keys, "data-keys": keys, onclick: fn });
    lab(b, "text", id, en, r); lab(b, "title", `${id}.title`, helpEn);
    return b;
  };
  const goBtn = btn("pz-go", "go", "Go", "Enter", "Play this deal", () => send({ action: "deal", deal: dealInput.value.trim() }));
  const newBtn = btn("pz-new", "new", "New deal", "n", "A new random deal", () => send({ action: "new_deal" }));
  const undoBtn = btn("pz-undo", "undo", "Undo", "u", "Take back the last move", () => send({ action: "undo" }));
  const redoBtn = btn("pz-redo", "redo", "Redo", "r", "Play again a move taken back", () => send({ action: "redo" }));
  const restartBtn = btn("pz-restart", "restart", "Restart", "Shift+R", "Back to the start of the deal", () => send({ action: "restart" }));
  const hintBtn = btn("pz-hint", "hint", "Hint", "h", "Ask the solver for a move (the solver sees every card, face down too)",
    () => { hintBtn.disabled = true; say(ui("msg.thinking", "Thinking…", "Думаю…"), "info"); send({ action: "hint" }); });
  const advBtn = btn("pz-advance", "advance", "Compulsory", "a", "Play the compulsory moves", () => send({ action: "advance" }));
  const solveBtn = btn("pz-solve", "solve", "Solve", "Shift+S", "Let the solver look for a winning line from here and load it: Step and Autoplay walk it",
    () => { solveBtn.disabled = true; say(ui("msg.solving", "The solver is looking for a winning line…", "Решатель ищет выигрышную партию…"), "info"); send({ action: "solve" }); });
  const backBtn = btn("pz-back", "back", "◀ Back", ",", "Step back", () => send({ action: "back" }));
  const stepBtn = btn("pz-step", "step", "Step ▶", ".", "Step forward through the loaded line", (ev) => stepNow(ev));
  const autoBtn = h("button", { class: "pz-btn pz-auto", type: "button", "aria-keyshortcuts": "p", "data-keys": "p",
    "aria-pressed": "false", text: "Autoplay", onclick: () => toggleAuto() });
  lab(autoBtn, "title", "auto.title", "Play the line (or the compulsory moves) by itself");
  const speedSel = h("select", { class: "pz-speed" }, ...SPEEDS.map(([v, l]) => h("option", { value: v, text: l })));
  lab(speedSel, "aria-label", "speed", "autoplay speed"); lab(speedSel, "title", "speed.title", "Autoplay speed (+ / -)");
  lab(speedSel.options[SPEEDS.length - 1], "text", "speed.max", "max");
  speedSel.value = speed;
  speedSel.addEventListener("change", () => { speed = speedSel.value; if (auto.on) { auto.next = performance.now(); scheduleAuto(); } });
  const layerSel = h("select", { class: "pz-layer" }, ...LAYERS.map(([v, l, r]) => lab(h("option", { value: v }), "text", `layer.${v}`, l, r)));
  lab(layerSel, "aria-label", "layer", "layer of the text"); lab(layerSel, "title", "layer.title", "Layer of the text (l)");
  layerSel.addEventListener("change", () => send({ action: "layer", layer: layerSel.value }));
  const langSel = h("select", { class: "pz-lang" },
    lab(h("option", { value: "ru", lang: "ru" }), "text", "lang.ru", "Русский"), lab(h("option", { value: "en", lang: "en" }), "text", "lang.en", "English"));
  lab(langSel, "aria-label", "lang", "Language"); lab(langSel, "title", "lang.title", "Language of the table (L)");
  langSel.addEventListener("change", () => send({ action: "lang", lang: langSel.value }));
  const saveBtn = btn("pz-save", "save", "Save", "s", "Save the game as a record (JSON)", () => send({ action: "save" }));
  const fileInput = h("input", { type: "file", accept: ".json,application/json", class: "pz-file", tabindex: "-1" });
  lab(fileInput, "aria-label", "load.file", "game record to load");
  const loadBtn = btn("pz-load", "load", "Load", "o", "Load a saved game", () => fileInput.click());
  fileInput.addEventListener("change", () => {
    const f = fileInput.files && fileInput.files[0];
    if (!f) return;
    if (f.size > 1000000) { say(ui("msg.too_large", "That file is too large to be a game record."), "error"); return; }
    f.text().then((text) => send({ action: "load", record: text }));
    fileInput.value = "";
  });
  const helpBtn = h("button", { class: "pz-btn pz-helpbtn", type: "button", "aria-keyshortcuts": "?", "data-keys": "?",
    "aria-expanded": "false", text: "?", onclick: () => toggleHelp() });
  lab(helpBtn, "title", "help.button", "Keyboard shortcuts");
  const recordBox = h("span", { class: "pz-record", hidden: true });
  lab(recordBox, "title", "record.title", "Your games of this patience under this reading (kept on this computer)");
  const optsBox = h("span", { class: "pz-options" });
  // the rule readings fold away (the reader changes them seldom; keys 1-9 open them)
  const readingsSum = h("summary", { class: "pz-btn" });
  const readings = h("details", { class: "pz-readings" }, readingsSum, optsBox);
  readings.addEventListener("toggle", () => draw(false));
  const dealLbl = lab(h("span", {}), "text", "deal", "Deal");
  const dealBox = h("span", { class: "pz-group-ctl" }, h("label", { class: "pz-lbl" }, dealLbl, dealInput), goBtn, newBtn);
  const controls = h("div", { class: "pz-controls", role: "toolbar" },
    dealBox, h("span", { class: "pz-group-ctl" }, undoBtn, redoBtn, restartBtn, hintBtn, advBtn),
    h("span", { class: "pz-group-ctl" }, solveBtn, backBtn, stepBtn, autoBtn, speedSel),
    readings, h("span", { class: "pz-group-ctl" }, layerSel, langSel, saveBtn, loadBtn, fileInput, helpBtn), recordBox);
  lab(controls, "aria-label", "controls", "game controls");
  const actions = h("div", { class: "pz-actions", role: "group" });
  lab(actions, "aria-label", "actions", "moves without a card");
  const groupsLayer = h("div", { class: "pz-groups", "aria-hidden": "true" });
  const slotsLayer = h("div", { class: "pz-slots" });
  const cardsLayer = h("div", { class: "pz-cards" });
  const table = h("div", { class: "pz-table", role: "group" }, groupsLayer, slotsLayer, cardsLayer);
  const tableWrap = h("div", { class: "pz-tablewrap" }, table);
  const caption = h("div", { class: "pz-caption" });
  const textHead = h("div", { class: "pz-texthead" });
  const textBody = h("div", { class: "pz-textbody", tabindex: "0", role: "document" });
  lab(textBody, "aria-label", "text", "the text of the game");
  const notesBox = h("div", { class: "pz-notes", "aria-live": "polite" });
  const textPanel = h("aside", { class: "pz-text" }, textHead, textBody, notesBox);
  lab(textPanel, "aria-label", "text.aside", "the text beside the table");
  const left = h("div", { class: "pz-left" }, tableWrap, caption);
  const msg = h("div", { class: "pz-msg pz-info", role: "status", "aria-live": "polite" });
  const last = h("div", { class: "pz-last" });
  const chooser = h("div", { class: "pz-chooser", role: "dialog", hidden: true });
  lab(chooser, "aria-label", "chooser", "choose a move");
  const helpHead = lab(h("strong", {}), "text", "help", "Keyboard");
  const help = h("div", { class: "pz-help", hidden: true, role: "note" }, helpHead,
    h("dl", { class: "pz-keys" }, ...SHORTCUTS.flatMap(([id, k, d]) => [lab(h("dt", {}), "text", `key.${id}`, k), lab(h("dd", {}), "text", `help.${id}`, d)])));
  const head = h("div", { class: "pz-head" }, title, status);
  root.append(head, controls, actions, msg, left, textPanel, last, help, chooser);
  el.append(root);
  relabel();

  // ---- talking to the kernel ---------------------------------------------------------------
  function send(content) {
    req += 1;
    content.req = req;
    const t0 = clickT0 ?? performance.now();
    pending.set(req, { t0, action: content.action, sel });
    if (REDRAWS.has(content.action)) stats.waitT0 = t0;
    stats.sent[req] = performance.now();
    clickT0 = null;
    model.send(content);
    return req;
  }
  function say(text, level) {
    msg.replaceChildren(text || "");
    msg.className = `pz-msg ${level === "error" ? "pz-error" : "pz-info"}`;
    msg.setAttribute("role", level === "error" ? "alert" : "status");
  }
  // view.message (when the kernel sends one): null, or {kind: error|info|hint|won|stuck, text}.
  // It belongs to the position, so every new view replaces what the line said; a won game
  // and a position with no move left are said prominently, the latter with an Undo button.
  const viewSpeaks = () => "message" in (model.get("view") || {});
  function showMessage() {
    const v = model.get("view") || {};
    const m = v.message;
    if (!m || typeof m.text !== "string") { say("", "info"); return; }
    const kind = ["error", "info", "hint", "won", "stuck"].includes(m.kind) ? m.kind : "info";
    msg.className = `pz-msg pz-${kind === "error" ? "error" : "info"} pz-kind-${kind}${kind === "won" || kind === "stuck" ? " pz-banner" : ""}`;
    msg.setAttribute("role", kind === "error" || kind === "stuck" ? "alert" : "status");
    const kids = [h("span", { class: "pz-msgtext", text: m.text })];
    if (kind === "stuck" && v.can_undo) {
      kids.push(h("button", { class: "pz-btn pz-stuckundo", type: "button", text: ui("msg.undo_stuck", "Undo", "Отменить ход"),
        onclick: () => send({ action: "undo" }) }));
    }
    msg.replaceChildren(...kids);
  }
  function drawRecord(v) {
    const r = v.record;
    recordBox.hidden = !r;
    if (!r) return;
    const bits = [`${ui("record.played", "played")} ${r.played}`, `${ui("record.won", "won")} ${r.won}`,
      `${ui("record.streak", "streak")} ${r.streak}`, `${ui("record.best_streak", "best streak")} ${r.best_streak}`];
    const text = `${ui("record", "Your record")}: ${bits.join(" · ")}`;
    if (recordBox.textContent !== text) recordBox.textContent = text;
  }
  function onCustom(m) {
    if (!m || m.type !== "reply") return;
    if (stats.sent[m.req] !== undefined) { stats.replies.push(performance.now() - stats.sent[m.req]); delete stats.sent[m.req]; }
    const p = pending.get(m.req);
    pending.delete(m.req);
    if (m.action === "hint") hintBtn.disabled = false;
    if (m.action === "solve") solveBtn.disabled = (model.get("view") || {}).status !== "playing";
    if (!m.ok) stats.waitT0 = null;
    if (m.ok && m.filename && typeof m.data === "string") download(m.filename, m.data);
    if (m.ok && Array.isArray(m.notes)) showNotes(m);
    if (!m.ok && ahead && (m.action === "play" || m.action === "step")) { dropAhead(true); draw(false); }
    if (!m.ok) { if (!viewSpeaks()) say(m.message, "error"); if (!p || p.sel === sel) cancelSelection(); }
    if (m.action === "step" && p && p.auto) {
      auto.inflight = Math.max(0, auto.inflight - 1);
      if (!auto.on) return;
      const over = (model.get("view") || {}).status !== "playing";  // the game ended with the request before
      if (!m.ok) { stopAuto(); if (!over) say(`${ui("msg.autoplay_stopped", "Autoplay stopped", "Автоигра остановлена")}: ${m.message}`, "info"); else showMessage(); }
      else scheduleAuto();
    }
  }
  function download(name, data) {
    const url = URL.createObjectURL(new Blob([data], { type: "application/json" }));
    const a = h("a", { href: url, download: name.replace(/[^A-Za-z0-9_.-]/g, "_") });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 5000);
    say(`${ui("msg.saved", "Saved")} ${name}`, "info");
  }

  // ---- autoplay ------------------------------------------------------------------------------
  // Autoplay asks the kernel for the next move of the line (or the compulsory move) on a clock
  // of the chosen speed: a request leaves every 1/speed seconds from the start, whatever the
  // round trip takes (the interval is not added to it), and above 2/s a second request may
  // be in flight while the table redraws. At "max" two requests stay in flight.
  function toggleAuto() { if (auto.on) stopAuto(); else startAuto(); }
  function startAuto() {
    auto.on = true; auto.inflight = 0; auto.next = performance.now();
    autoBtn.setAttribute("aria-pressed", "true"); autoBtn.textContent = ui("pause", "Pause", "Пауза");
    tickAuto();
  }
  function stopAuto() {
    auto.on = false; clearTimeout(auto.timer);
    autoBtn.setAttribute("aria-pressed", "false"); autoBtn.textContent = ui("auto", "Autoplay", "Автоигра");
  }
  const period = () => (speed === "max" ? 0 : 1000 / Number(speed));
  function scheduleAuto() {
    clearTimeout(auto.timer);
    if (!auto.on) return;
    auto.timer = setTimeout(tickAuto, Math.max(0, auto.next - performance.now()));
  }
  function tickAuto() {
    if (!auto.on) return;
    const v = model.get("view");
    if (!v || v.status !== "playing") { stopAuto(); return; }
    const per = period();
    const depth = per >= 400 ? 1 : 2;
    let now = performance.now();
    while (auto.on && auto.inflight < depth && auto.next <= now + 1) {
      auto.inflight += 1;
      const r = send({ action: "step" });
      pending.get(r).auto = true;
      // the next request is due one period after this one was (not after its reply); a clock
      // that fell behind by more than a period starts again from now rather than bursting
      auto.next = now - auto.next > per ? now + per : auto.next + per;
      now = performance.now();
    }
    if (auto.inflight < depth) scheduleAuto();  // else the reply schedules the next one
  }
  function faster(d) {
    const i = Math.max(0, Math.min(SPEEDS.length - 1, SPEEDS.findIndex(([s]) => s === speed) + d));
    speed = SPEEDS[i][0]; speedSel.value = speed;
    say(`${ui("msg.autoplay", "Autoplay")}: ${speedSel.options[i].textContent}`, "info");
  }

  // ---- geometry (units from the kernel; the only arithmetic here is scaling) ----------------
  function spotSize(s) { return s.rotate === 90 ? [1.4, 1] : [1, 1.4]; }
  function place(e, x, y, w, hh, rot) {
    // a crosswise card is an upright card turned about its centre
    const [ex, ey] = rot === 90 ? [x + (w - hh) / 2, y + (hh - w) / 2] : [x, y];
    const [ew, eh] = rot === 90 ? [hh, w] : [w, hh];
    e.style.left = `${ex * unit}px`; e.style.top = `${ey * unit}px`;
    e.style.width = `${ew * unit}px`; e.style.height = `${eh * unit}px`;
    if (rot === 90) e.style.transform = "rotate(90deg)";
    return [ex, ey];
  }
  // The widget fits the screen it is read on: the toolbar, the whole table and the text
  // (with the lit sentence, which the panel scrolls to) at once, in the height the notebook
  // shows (its scrolling area, not the window). Three arrangements are tried and the one that
  // gives the largest cards is kept: the toolbar above the table and the text beside it
  // ("top"); the table on the left and the toolbar, messages and text in a column beside it
  // ("side", for tall tables); the toolbar above, the text under the table ("below", for
  // wide tables in a narrow notebook). Only a change of width, height or table extent
  // measures again, so a move never resizes the table by itself.
  const ARRANGEMENTS = ["top", "side", "below"];
  let fitSig = "";
  let chromeCache = null;
  let scroller = null;
  function findScroller() {
    // the notebook's scrolling area (JupyterLab 4: .jp-WindowedPanel-outer), else the first
    // ancestor that really scrolls; outputs are "overflow: auto" too but never scroll here
    let found = null;
    for (let e = root.parentElement; e && e !== document.body; e = e.parentElement) {
      if (e.classList.contains("jp-WindowedPanel-outer") || e.classList.contains("jp-NotebookPanel-notebook")) return e;
      const oy = getComputedStyle(e).overflowY;
      if (!found && (oy === "auto" || oy === "scroll") && e.scrollHeight > e.clientHeight + 2) found = e;
    }
    return found;
  }
  function viewportHeight() {
    if (!scroller || !scroller.isConnected || !scroller.contains(root)) {
      scroller = findScroller();
      if (scroller) ro.observe(scroller);
    }
    const win = window.innerHeight || 900;
    return Math.max(360, Math.min(win, scroller && scroller.clientHeight ? scroller.clientHeight : win) - 12);
  }

  const outer = (e) => (e.hidden || !e.isConnected ? 0 : e.offsetHeight + parseFloat(getComputedStyle(e).marginTop || 0) + parseFloat(getComputedStyle(e).marginBottom || 0));
  function measure(force = false) {
    const v = model.get("view");
    if (!v) return;
    const [ew, eh] = v.extent;
    const W = root.clientWidth || 900;
    const H = viewportHeight();
    const base = `${W}|${H}|${optsBox.childElementCount}|${readings.open}|${actions.hidden}|${recordBox.hidden}`;
    const sig = `${base}|${ew}|${eh}`;
    if (sig === fitSig && !force) return;
    fitSig = sig;
    stats.measures = (stats.measures || 0) + 1;
    const gap = 12, pad = 14;  // between the columns; root padding, the felt's border and slack
    const fit = (w, hh) => Math.floor(Math.min(96, (w - 6) / (ew + 0.36), (hh - 6) / (eh + 0.36)));
    // the words around the table, measured in each arrangement once per width and height
    // (a table that grows as its piles do is then sized by arithmetic alone)
    const sameBase = chromeCache && chromeCache.base === base && !force;
    if (!sameBase) {
      chromeCache = { base };
      for (const ar of ARRANGEMENTS) {
        root.classList.remove(...ARRANGEMENTS.map((a) => `pz-ar-${a}`));
        root.classList.add(`pz-ar-${ar}`);
        const textW = ar === "side" ? Math.min(400, Math.max(280, W * 0.32)) : Math.min(420, Math.max(250, W * 0.3));
        root.style.setProperty("--pz-left", `${Math.max(200, W - textW - gap)}px`);
        chromeCache[ar] = { textW, chrome: outer(head) + outer(controls) + outer(actions) + outer(msg) + outer(last),
          capH: Math.max(outer(caption), 16) };
      }
    }
    const cand = {};
    for (const ar of ARRANGEMENTS) {
      const { textW, chrome, capH } = chromeCache[ar];
      let u, textH;
      if (ar === "top") {
        u = fit(W - textW - gap, H - chrome - capH - pad);
        textH = eh * u + 0.36 * u + capH;
      } else if (ar === "side") {
        u = fit(W - textW - gap, H - capH - pad);
        textH = H - chrome - pad;
        if (textH < 150) u = Math.min(u, 0);  // no room for the text beside
      } else {
        u = fit(W, H - chrome - capH - pad - 170);
        textH = H - chrome - capH - pad - (eh + 0.36) * u;
      }
      cand[ar] = { u, textH, textW };
    }
    // prefer the usual arrangement (toolbar above, text beside) unless another gives clearly larger cards
    let best = "top";
    for (const ar of ["side", "below"]) if (cand[ar].u > cand[best].u * 1.12 && cand[ar].u > 0) best = ar;
    // while only the table's extent changes (piles grow in play), keep the arrangement unless
    // another one is much better: the table should not jump from one to the other between moves
    const kept = root.dataset.arrangement;
    if (sameBase && kept && cand[kept] && cand[kept].u > 0 && cand[best].u <= cand[kept].u * 1.3) best = kept;
    const c = cand[best];
    root.classList.remove(...ARRANGEMENTS.map((a) => `pz-ar-${a}`));
    root.classList.add(`pz-ar-${best}`);
    root.classList.toggle("pz-narrow", best === "below");
    root.dataset.arrangement = best;
    unit = Math.max(22, c.u);
    root.style.setProperty("--pz-left", best === "below" ? "100%" : `${Math.ceil((ew + 0.36) * unit + 4)}px`);
    table.style.width = `${ew * unit}px`;
    table.style.height = `${eh * unit}px`;
    table.style.setProperty("--u", `${unit}px`);
    caption.style.maxWidth = `${ew * unit + 0.36 * unit + 4}px`;
    let textH = c.textH;
    if (best === "side") textH = H - (outer(head) + outer(controls) + outer(actions) + outer(msg) + outer(last)) - pad;
    textPanel.style.height = `${Math.max(150, Math.floor(textH))}px`;
    requestAnimationFrame(() => { const s = textBody.querySelector("span.s.pz-hl"); if (s) scrollInto(s, false); });
  }


  // ---- drawing -------------------------------------------------------------------------------
  function key(p, i) { return `${p}#${i}`; }
  const slotEls = new Map();   // pile -> its place on the felt
  function drawBoard() {
    const b = model.get("board");
    slotsLayer.replaceChildren();
    slotEls.clear();
    groupsSig = "";
    for (const s of b.spots || []) {
      const [w, hh] = spotSize(s);
      const e = h("div", { class: `pz-slot pz-role-${s.role}`, "data-pile": s.pile, role: "button", tabindex: "-1" },
        h("span", { class: "pz-slotlabel", text: ru() ? s.label_ru : s.label_en }));
      place(e, s.x, s.y, w, hh, 0);
      if (s.rotate === 90) e.classList.add("pz-rot");
      slotsLayer.append(e);
      slotEls.set(s.pile, e);
    }
    const cap = ru() ? b.caption_ru : b.caption_en;
    caption.textContent = cap || "";
    caption.title = cap || "";
    prevBoard = b;
  }

  // A card's element is kept from one view to the next under its place (pile and index) and
  // changed only where the card there changed: a move touches a few elements, not all of them.
  const cardEls = new Map();   // "pile#index" -> element
  const badgeEls = new Map();  // pile -> its count badge
  let groupsSig = "";
  function faceOf(e, c, fan) {
    const cls = ["pz-card", c.up ? "pz-up" : "pz-down", `pz-fan-${fan}`];
    if (c.up) cls.push(c.red ? "pz-red" : "pz-black");
    e.className = cls.join(" ");
    if (c.up) e.dataset.card = c.c; else delete e.dataset.card;
    const kids = [];
    if (c.up) {
      kids.push(h("span", { class: "pz-ix", "aria-hidden": "true" }, h("span", { class: "pz-rk", text: c.rk }), h("span", { class: "pz-st", text: c.st })));
      if (fan === "none" || fan === "down") kids.push(h("span", { class: "pz-ix pz-ix2", "aria-hidden": "true" }, h("span", { class: "pz-rk", text: c.rk }), h("span", { class: "pz-st", text: c.st })));
      kids.push(c.fc
        ? h("span", { class: "pz-pip pz-court", "aria-hidden": "true" }, h("span", { class: "pz-cl", text: c.rk }), h("span", { class: "pz-cs", text: c.st }))
        : h("span", { class: "pz-pip", "aria-hidden": "true", text: c.st }));
    }
    e.replaceChildren(...kids);
  }
  function updateCard(e, c, fan) {
    const face = c.up ? `${c.c}|${c.rk}|${c.fc ? 1 : 0}|${fan}` : `down|${fan}`;
    if (e.dataset.face !== face) { faceOf(e, c, fan); e.dataset.face = face; }
    const where = `${c.x},${c.y},${c.w},${c.h},${c.r},${unit}`;
    if (e.dataset.where !== where) {
      e.style.transform = "";
      place(e, c.x, c.y, c.w, c.h, c.r);
      e.dataset.where = where;
    }
    if (e.getAttribute("aria-label") !== c.a) e.setAttribute("aria-label", c.a);
  }
  function drawCards(v, b) {
    const fans = {};
    for (const s of b.spots) fans[s.pile] = s.fan;
    const seen = new Set();
    const order = [];
    const held = ahead && ahead.seq === v.seq ? ahead.els : null;  // still waiting for the kernel
    const late = [];
    for (const c of v.cards) {
      const k = key(c.p, c.i);
      let e = cardEls.get(k);
      if (held && e && held.has(e)) { seen.add(k); late.push(e); continue; }
      if (!e) {
        e = h("div", { role: "button", tabindex: "-1", "aria-pressed": "false", "data-pile": c.p, "data-index": c.i });
        cardEls.set(k, e);
      }
      updateCard(e, c, fans[c.p] || "none");
      seen.add(k);
      order.push(e);
    }
    order.push(...late);
    for (const [k, e] of cardEls) if (!seen.has(k)) { e.remove(); cardEls.delete(k); }
    // a count on every stack of more than one card
    const seenBadges = new Set();
    for (const s of b.spots) {
      const p = v.piles[s.pile];
      if (!p) continue;
      const slot = slotEls.get(s.pile);
      if (slot) {
        slot.classList.toggle("pz-empty", p.n === 0);
        const label = `${p.label}, ${p.n ? cardsWord(p.n) : ui("status.empty", "empty", "пусто")}`;
        if (slot.getAttribute("aria-label") !== label) slot.setAttribute("aria-label", label);
      }
      if (p.n > 1 && (s.fan === "none" || s.max_fan)) {
        const [w, hh] = spotSize(s);
        let badge = badgeEls.get(s.pile);
        if (!badge) { badge = h("span", { class: "pz-count", "aria-hidden": "true" }); badgeEls.set(s.pile, badge); }
        if (badge.textContent !== String(p.n)) badge.textContent = String(p.n);
        // in a corner the index does not use: top right, or top left for a card laid crosswise
        badge.style.left = `${(s.rotate === 90 ? s.x : s.x + w) * unit + (s.rotate === 90 ? 3 : -3)}px`;
        badge.style.top = `${s.y * unit + 3}px`;
        if (s.rotate === 90) badge.style.transform = "none";
        seenBadges.add(s.pile);
        order.push(badge);
      }
    }
    for (const [pile, e] of badgeEls) if (!seenBadges.has(pile)) { e.remove(); badgeEls.delete(pile); }
    // keep the document order (later cards lie on top), moving only what is out of place
    const ghosts = [...cardsLayer.querySelectorAll(".pz-ghost")];
    let at = cardsLayer.firstChild;
    for (const e of order) {
      while (at && at.classList.contains("pz-ghost")) at = at.nextSibling;
      if (at === e) { at = at.nextSibling; continue; }
      cardsLayer.insertBefore(e, at);
    }
    for (const g of ghosts) cardsLayer.append(g);
  }
  function drawGroups(v) {
    const sig = `${unit}|${JSON.stringify(v.groups || [])}`;
    if (sig === groupsSig) return;
    groupsSig = sig;
    const gEls = [];
    for (const g of v.groups || []) {
      for (const f of g.frames) {
        const e = h("div", { class: "pz-groupbox" });
        place(e, f[0], f[1], f[2] - f[0], f[3] - f[1], 0);
        gEls.push(e);
      }
      if (g.lbox) {
        const l = h("span", { class: `pz-grouplabel${g.lrot ? " pz-rotlabel" : ""}`, text: g.label });
        const [x0, y0, x1, y1] = g.lbox;
        if (g.lrot) {  // along the left or right side, reading upwards
          l.style.left = `${x0 * unit}px`; l.style.top = `${y1 * unit}px`; l.style.width = `${(y1 - y0) * unit}px`;
          l.style.height = `${(x1 - x0) * unit}px`;
        } else {
          l.style.left = `${x0 * unit}px`; l.style.top = `${y0 * unit}px`; l.style.height = `${(y1 - y0) * unit}px`;
          l.style.maxWidth = `${(x1 - x0) * unit + 8}px`;
        }
        l.title = g.label;
        gEls.push(l);
      }
    }
    groupsLayer.replaceChildren(...gEls);
  }

  function draw(animate) {
    const v = model.get("view");
    const b = model.get("board");
    if (!v || !b) return;
    const tDraw = performance.now();
    const hadFocus = table.contains(document.activeElement);
    const sentUi = viewUi(v);
    const uiSig = `${v.lang}|${sentUi ? JSON.stringify(sentUi) : (uiSeen.lang === v.lang && uiSeen.ui ? "kept" : "")}`;
    if (uiSig !== shownLang) { shownLang = uiSig; relabel(); drawTextHead(); langSel.value = v.lang === "ru" ? "ru" : "en"; }
    // the words first (the toolbar's height decides the table's size), then the felt
    drawControls(v);
    drawStatus(v);
    drawLast(v);
    drawActions(v);
    drawRecord(v);
    if (viewSpeaks()) showMessage(); else if (spoke) say("", "info");  // a view that stopped carrying messages
    spoke = viewSpeaks();
    // the kernel's answer to a move already shown: its own slide would replay it
    const confirmed = ahead && ahead.seq !== v.seq;
    if (confirmed) { dropAhead(false); animate = false; }
    measure();
    if (b !== prevBoard) drawBoard();
    else if (unit !== slotsUnit) for (const s of b.spots) {
      const e = slotEls.get(s.pile);
      const [w, hh] = spotSize(s);
      if (e) place(e, s.x, s.y, w, hh, 0);
    }
    slotsUnit = unit;
    drawGroups(v);
    drawCards(v, b);
    table.setAttribute("aria-label", `${v.title_ru} (${v.title_en}), ${ui("status.deal", "deal", "расклад")} ${v.deal}: ${ui("table", "the table", "стол")}`);
    root.setAttribute("aria-label", `Pasyans: ${v.title_ru} (${v.title_en})`);
    if (animate && v.anim && v.anim.length && !window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      const dur = auto.on ? Math.min(150, speed === "max" ? 60 : 600 / Number(speed)) : 180;
      for (const a of v.anim) {
        const e = cardEls.get(key(a.p, a.i));
        if (!e) continue;
        const c = v.cards.find((x) => x.p === a.p && x.i === a.i);
        const to = c.r === 90 ? [c.x + (c.w - c.h) / 2, c.y + (c.h - c.w) / 2] : [c.x, c.y];
        const from = a.r === 90 ? [a.x + 0.2, a.y - 0.2] : [a.x, a.y];
        const dx = (from[0] - to[0]) * unit, dy = (from[1] - to[1]) * unit;
        e.classList.add("pz-moving");
        e.animate([{ transform: `translate(${dx}px, ${dy}px) rotate(${a.r}deg)` }, { transform: `translate(0, 0) rotate(${c.r}deg)` }],
          { duration: dur, easing: "ease-out" }).finished.then(() => e.classList.remove("pz-moving"), () => {});
      }
    }
    applySelection();
    rovingFocus(hadFocus);
    stats.renders += 1;
    stats.draw.push(performance.now() - tDraw);
    if (stats.draw.length > 2000) stats.draw.splice(0, 1000);
    const t0 = stats.waitT0;
    stats.waitT0 = null;
    // the frame that shows the new table: its paint follows this animation frame, and a task
    // queued from it runs once that paint is done
    requestAnimationFrame(() => setTimeout(() => {
      const t1 = performance.now();
      if (t0 != null) stats.latency.push(t1 - t0);
      stats.frames.push(t1);
      for (const k of ["latency", "frames", "replies", "viewLag"]) if (stats[k].length > 4000) stats[k].splice(0, 2000);
      root.dataset.renders = String(stats.renders);
      root.dataset.seq = String(v.seq);
    }, 0));
  }

  function drawControls(v) {
    if (document.activeElement !== dealInput) dealInput.value = v.deal ?? "";
    undoBtn.disabled = !v.can_undo;
    redoBtn.disabled = !v.can_redo;
    restartBtn.disabled = !v.can_undo;
    backBtn.disabled = !v.can_undo;
    const legal = v.legal || [];
    advBtn.disabled = !(legal.length === 1);
    stepBtn.disabled = !(legal.length === 1 || (v.line && v.line.pos >= 0 && v.line.pos < v.line.len));
    hintBtn.disabled = v.status !== "playing";
    solveBtn.disabled = v.status !== "playing";
    layerSel.value = model.get("layer");
    const optSig = `${v.lang}|${v.options.map((o) => `${o.name}:${o.choices.join(",")}`).join(";")}`;
    if (optsBox.dataset.sig !== optSig) {
      optsBox.dataset.sig = optSig;
      optsBox.replaceChildren(...v.options.map((o, i) => {
        const name = o.label || o.name.replace(/_/g, " ");
        const keyNote = i < 9 ? `; ${ui("reading.key", "key")} ${i + 1}` : "";
        const s = h("select", { name: o.name, class: "pz-opt", "aria-label": `${ui("reading", "rule reading")}: ${name}`,
          "aria-keyshortcuts": i < 9 ? String(i + 1) : null,
          title: `${o.doc} (${ui("reading.note", "note")} ${o.note}; ${ui("reading.default", "default")} ${o.default}${keyNote})` },
          ...o.choices.map((c, k) => {
            const text = (o.choice_labels && o.choice_labels[k]) || c;
            return h("option", { value: c, text: c === o.default ? `${text} ${ui("reading.edition", "(edition)")}` : text });
          }));
        s.addEventListener("change", () => send({ action: "option", name: o.name, value: s.value }));
        return h("label", { class: "pz-lbl" }, `${name} `, s);
      }));
    }
    readings.hidden = !v.options.length;
    const changed = v.options.filter((o) => o.value !== o.default).length;
    readingsSum.textContent = `${ui("readings", "Rule readings", "Чтения правил")} (${v.options.length}${changed ? `, ${changed} ≠` : ""})`;
    for (const o of v.options) {
      const s = optsBox.querySelector(`select[name="${CSS.escape(o.name)}"]`);
      if (s) s.value = o.value;
    }
  }

  function drawStatus(v) {
    title.replaceChildren(h("span", { class: "pz-ru", lang: "ru", text: v.title_ru }), " · ", h("span", { text: v.title_en }));
    const bits = [`${ui("status.deal", "deal", "расклад")} ${v.deal ?? "—"}`];
    if (v.turn) bits.push(ru() ? `${ui("status.to_play", "ходит")} ${v.turn}` : `${v.turn} ${ui("status.to_play", "to play")}`);
    bits.push(`${v.moves} ${ui("status.moves", "moves", "ходов")}`);
    if (v.cards_left !== undefined && v.cards_left !== null) bits.push(`${v.cards_left} ${ui("status.cards_left", "cards left", "карт осталось")}`);
    for (const [k, val] of v.extras) bits.push(`${k} ${val}`);
    if (v.line) bits.push(v.line.pos >= 0 ? `${ui("status.line", "line", "партия")} ${v.line.pos}/${v.line.len}` : ui("status.off_line", "off the loaded line", "вне загруженной партии"));
    const word = ["playing", "won", "lost"].includes(v.status) ? ui(`status.${v.status}`, { playing: "playing", won: "won — the patience came out", lost: "lost — the patience did not come out" }[v.status]) : v.status;
    const legal = v.legal || [];
    let extra = "";
    if (v.status === "playing" && legal.length === 1 && legal[0].forced) extra = ` · ${ui("status.compulsory", "compulsory", "обязательно")}: ${legal[0].label}`;
    status.replaceChildren(h("span", { text: bits.join(" · ") + " · " }), h("strong", { class: `pz-st-${v.status}`, text: word }), extra);
    root.classList.toggle("pz-won", v.status === "won");
    root.classList.toggle("pz-lost", v.status === "lost");
  }

  function drawLast(v) {
    last.replaceChildren();
    if (v.hint) {
      const m = v.legal[v.hint.index];
      if (m) last.append(h("span", { class: "pz-hinttext", text: `${ui("hint.label", "Hint", "Подсказка")} (${v.hint.kind === "winning" ? ui("hint.winning", "wins") : ui("hint.promising", "the most promising move the solver found")}): ${m.label}` }), " ");
    }
    if (!v.last) return;
    last.append(h("span", { class: "pz-lastmove", text: `${ui("last", "Last move", "Последний ход")}: ${v.last.label}` }));
    if (v.last.cites.length) last.append(" · ", `${ui("last.cites", "cites", "текст:")} `, ...v.last.cites.flatMap((c, i) => [i ? ", " : "", h("button", { class: "pz-cite", type: "button", text: c, title: ui("last.cite.title", "show this sentence"), onclick: () => scrollToSid(c, true) })]));
    if (v.last.notes.length) last.append(" · ", `${ui("last.reading", "reading", "чтение:")} `, ...v.last.notes.flatMap((n, i) => [i ? ", " : "", h("button", { class: "pz-noteref", type: "button", text: n, title: ui("last.note.title", "open this apparatus note"), onclick: () => send({ action: "notes", note: n }) })]));
  }

  function drawActions(v) {
    const stepless = (v.legal || []).map((m, i) => [m, i]).filter(([m]) => !m.steps.length);
    actions.replaceChildren(...stepless.map(([m, i]) => h("button", { class: "pz-action", type: "button", text: m.label,
      "data-move": i, onclick: () => { clickT0 = performance.now(); playIndex(i); } })));
    actions.hidden = !stepless.length;
  }

  // ---- the text ------------------------------------------------------------------------------
  function drawText() {
    textBody.replaceChildren(markup(model.get("text_html") || ""));
    const ann = new Set(model.get("annotated") || []);
    for (const s of textBody.querySelectorAll("span.s[data-sid]")) {
      if (ann.has(s.dataset.sid)) {
        s.classList.add("pz-hasnote");
        s.setAttribute("tabindex", "0");
        s.setAttribute("role", "button");
        s.setAttribute("title", ui("notes.title", "apparatus note"));
      }
    }
    drawTextHead();
    applyHighlight(false);
  }
  function drawTextHead() {
    const layer = LAYERS.find(([v]) => v === model.get("layer"));
    textHead.textContent = layer ? ui(`layer.${layer[0]}`, layer[1], layer[2]) : "";
  }
  let litSpans = [];
  function applyHighlight(scroll = true) {
    // only the sentences that change are touched (the text of a game has hundreds)
    const hl = model.get("highlight") || [];
    for (const s of litSpans) { s.classList.remove("pz-hl"); s.removeAttribute("aria-current"); }
    litSpans = [];
    for (const sid of hl) {
      const s = textBody.querySelector(`span.s[data-sid="${CSS.escape(sid)}"]`);
      if (s) { s.classList.add("pz-hl"); s.setAttribute("aria-current", "true"); litSpans.push(s); }
    }
    // the first in reading order
    const first = litSpans.reduce((a, b) => (!a || (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_PRECEDING) ? b : a), null);
    if (first && scroll) scrollInto(first);
  }
  function scrollInto(s, smoothOk = true) {
    // scroll the text panel only (never the notebook) so the sentence stands a third of the way down
    const b = textBody.getBoundingClientRect(), r = s.getBoundingClientRect();
    if (r.top >= b.top && r.bottom <= b.bottom) return;
    const top = r.top - b.top + textBody.scrollTop;
    const smooth = smoothOk && !window.matchMedia("(prefers-reduced-motion: reduce)").matches && !auto.on;
    textBody.scrollTo({ top: Math.max(0, top - textBody.clientHeight / 3), behavior: smooth ? "smooth" : "auto" });
  }
  function scrollToSid(sid, flash) {
    const s = textBody.querySelector(`span.s[data-sid="${CSS.escape(sid)}"]`);
    if (!s) { say(`${sid}: ${ui("msg.not_in_text", "this sentence is not in the text shown", "этого предложения нет в показанном тексте")}`, "info"); return; }
    scrollInto(s);
    if (flash) { s.classList.add("pz-flash"); setTimeout(() => s.classList.remove("pz-flash"), 900); }
  }
  function showNotes(m) {
    notesBox.replaceChildren();
    const head = m.sid ? `${ui("notes.on", "Notes on", "Примечания к")} ${m.sid}` : `${ui("notes.note", "Note", "Примечание")} ${m.note}`;
    const close = h("button", { class: "pz-close", type: "button", "aria-label": ui("notes.close", "close the notes"), text: "×", onclick: () => notesBox.replaceChildren() });
    notesBox.append(h("div", { class: "pz-noteshead" }, h("strong", { text: head }), close));
    if (!m.notes.length) notesBox.append(h("p", { class: "pz-none", text: ui("notes.none", "No apparatus note on this sentence.", "К этому предложению примечаний нет.") }));
    for (const n of m.notes) {
      const body = h("div", { class: "pz-notebody" });
      body.append(markup(n.html || ""));
      notesBox.append(h("div", { class: `pz-note pz-note-${n.type.replace(/[^a-z]/g, "")}` },
        h("div", { class: "pz-noteid", text: `${n.id} · ${n.type}` }), body));
    }
  }
  textBody.addEventListener("click", (ev) => {
    const s = ev.target.closest("span.s[data-sid]");
    if (s && textBody.contains(s)) send({ action: "notes", sid: s.dataset.sid });
  });
  textBody.addEventListener("keydown", (ev) => {
    const s = ev.target.closest && ev.target.closest("span.s[data-sid]");
    if (s && (ev.key === "Enter" || ev.key === " ")) { ev.preventDefault(); ev.stopPropagation(); send({ action: "notes", sid: s.dataset.sid }); }
  });

  // ---- playing by hand ---------------------------------------------------------------------
  const legal = () => (model.get("view") || {}).legal || [];
  const same = (s, t) => s[0] === t[0] && s[1] === t[1] && s[2] === t[2];
  function candidates() {
    return legal().map((m, i) => [m, i]).filter(([m]) =>
      m.steps.length && partial.every((p) => m.steps.some((s) => same(s, p))) &&
      (!sel || m.steps.some((s) => s[0] === sel.pile && s[1] === sel.index && !partial.some((p) => same(p, s)))));
  }
  function movesOf(pile, index) { return legal().map((m, i) => [m, i]).filter(([m]) => m.steps.some((s) => s[0] === pile && s[1] === index)); }
  // moves whose cards all lie inside the face-down pack `pile` (the deal laid out of it): not drawn, so a click on the pack plays them
  function packMoves(pile) { return legal().map((m, i) => [m, i]).filter(([m]) => m.steps.length && m.steps.every((s) => s[0] === pile && !cardEls.get(key(s[0], s[1])))); }
  function playIndex(i) {
    cancelSelection(false); say("", "info");
    const v = model.get("view");
    showAhead(v, v.legal[i]);
    send({ action: "play", index: i, seq: v.seq });
  }
  // The card goes where the engine said it will lie (each legal move carries its cards'
  // landing places) at once; the kernel's position, arriving a round trip later, replaces
  // it (turned cards, counts, whatever else the move does), or puts it back if refused.
  function showAhead(v, m) {
    if (!m || !Array.isArray(m.to) || !m.steps.length) return;
    const els = [];
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    m.steps.forEach((s, k) => {
      const e = cardEls.get(key(s[0], s[1]));
      const to = m.to[k];
      if (!e || !to || to.length < 3) return;
      const x0 = e.offsetLeft, y0 = e.offsetTop, r0 = e.style.transform.includes("90") ? 90 : 0;
      e.style.transform = "";
      const [w, hh] = to[2] === 90 ? [1.4, 1] : [1, 1.4];
      place(e, to[0], to[1], w, hh, to[2]);
      e.dataset.where = "ahead";
      e.classList.add("pz-ahead");
      cardsLayer.append(e);
      if (!reduced) {
        e.classList.add("pz-moving");
        e.animate([{ transform: `translate(${x0 - e.offsetLeft}px, ${y0 - e.offsetTop}px) rotate(${r0}deg)` },
          { transform: `translate(0, 0) rotate(${to[2]}deg)` }], { duration: 180, easing: "ease-out" })
          .finished.then(() => e.classList.remove("pz-moving"), () => {});
      }
      els.push(e);
    });
    if (!els.length) return;
    const t0 = clickT0 ?? performance.now();
    ahead = { els: new Set(els), seq: v.seq };
    requestAnimationFrame(() => setTimeout(() => { stats.ahead.push(performance.now() - t0); }, 0));
  }
  // A step by hand where only one move is legal: that move is the step (the loaded line's next
  // move is legal, so it is that one), shown at once like a click's; a refused step puts it back.
  function stepNow(ev) {
    const v = model.get("view");
    const only = v && v.legal && v.legal.length === 1 ? v.legal[0] : null;
    if (only && !ahead) { clickT0 = ev ? ev.timeStamp : performance.now(); cancelSelection(false); showAhead(v, only); }
    send({ action: "step" });
  }
  function dropAhead(putBack) {
    if (!ahead) return;
    for (const e of ahead.els) { e.classList.remove("pz-ahead", "pz-moving"); if (putBack) e.dataset.where = ""; }
    ahead = null;
  }
  function cancelSelection(redraw = true) {
    sel = null; partial = []; chooser.hidden = true;
    if (redraw) applySelection();
  }
  function cardInfo(e) { return { pile: e.dataset.pile, index: e.dataset.index === undefined ? -1 : Number(e.dataset.index), up: e.classList.contains("pz-up") }; }
  function labelOf(pile, index) {
    const v = model.get("view");
    const c = v.cards.find((x) => x.p === pile && x.i === index);
    if (c && !c.up) return `${ui("msg.top_card", "the top card of", "верхняя карта:")} ${v.piles[pile].label}`;
    return c ? c.a.split(",")[0] : pile;
  }

  function activate(target) {
    const t = cardInfo(target);
    const isCard = target.classList.contains("pz-card");
    if (sel && isCard && t.pile === sel.pile && t.index === sel.index) { cancelSelection(); say("", "info"); return; }
    if (sel) {
      const cands = candidates();
      const viaDst = cands.filter(([m]) => m.steps.some((s) => s[0] === sel.pile && s[1] === sel.index && s[2] === t.pile));
      if (viaDst.length) {
        const step = viaDst[0][0].steps.find((s) => s[0] === sel.pile && s[1] === sel.index && s[2] === t.pile);
        const chosen = [...partial, step];
        const done = viaDst.filter(([m]) => m.steps.length === chosen.length);
        if (done.length === 1) { playIndex(done[0][1]); return; }
        if (done.length > 1) { choose(done); return; }
        partial = chosen; sel = null;
        say(ui("msg.next_card", "Now the next card of this move.", "Теперь следующая карта этого хода."), "info");
        applySelection();
        return;
      }
      if (isCard) {
        const both = legal().map((m, i) => [m, i]).filter(([m]) => m.steps.length === partial.length + 2 &&
          partial.every((p) => m.steps.some((s) => same(s, p))) &&
          m.steps.some((s) => s[0] === sel.pile && s[1] === sel.index) && m.steps.some((s) => s[0] === t.pile && s[1] === t.index));
        if (both.length === 1) { playIndex(both[0][1]); return; }
        if (both.length > 1) { choose(both); return; }
      }
      // no legal move takes this card there: the engine says why (and a card that can move is picked up instead)
      const tried = sel;
      send({ action: "try", from: tried.pile, index: tried.index, to: t.pile, seq: model.get("view").seq });
      if (isCard && movesOf(t.pile, t.index).length && !partial.length) { sel = { pile: t.pile, index: t.index }; applySelection(); }
      return;
    }
    if (!isCard) {
      if (partial.length) return;
      say(ui("msg.pick_first", "Pick up a card first, then choose where it goes.", "Сначала возьмите карту, потом выберите место."), "info");
      return;
    }
    const packed = t.up || movesOf(t.pile, t.index).length ? [] : packMoves(t.pile);
    if (packed.length === 1) { playIndex(packed[0][1]); return; }
    if (packed.length > 1) { choose(packed); return; }
    if (!t.up && !movesOf(t.pile, t.index).length) { say(ui("msg.face_down", "That card lies face down.", "Эта карта лежит рубашкой вверх."), "info"); return; }
    select(t);
  }
  function select(t) {
    sel = { pile: t.pile, index: t.index };
    const n = candidates().length;
    say(n ? `${labelOf(t.pile, t.index)}: ${ui("msg.choose_where", "choose where it goes", "выберите, куда её положить")}` :
      `${labelOf(t.pile, t.index)}: ${ui("msg.no_move", "no legal move takes this card now", "этой картой сейчас ходить нельзя")}`, "info");
    applySelection();
  }
  function choose(list) {
    chooser.replaceChildren(h("div", { class: "pz-choosehead", text: ui("msg.which", "Which move?", "Какой ход?") }),
      ...list.map(([m, i]) => h("button", { type: "button", class: "pz-choice", text: m.label, onclick: () => playIndex(i) })),
      h("button", { type: "button", class: "pz-choice pz-cancel", text: ui("msg.cancel", "Cancel", "Отмена"), onclick: () => cancelSelection() }));
    chooser.hidden = false;
    chooser.querySelector("button").focus();
  }
  // The picked-up card (aria-pressed), the chosen halves of a move of several cards (still
  // marked, with their places), the places the card can go (a description for assistive
  // technology as well as the ring), and the hint.
  const MARKS = ["pz-sel", "pz-target", "pz-source", "pz-hintsrc", "pz-hintdst", "pz-chosen", "pz-chosendst"];
  function topCard(p) {
    const v = model.get("view");
    const n = v && v.piles[p] ? v.piles[p].n : 0;
    return n ? cardEls.get(key(p, n - 1)) : null;
  }
  function applySelection() {
    const v = model.get("view");
    if (!v) return;
    for (const e of table.querySelectorAll(MARKS.map((c) => `.${c}`).join(", "))) {
      e.classList.remove(...MARKS);
      if (e.classList.contains("pz-card")) e.setAttribute("aria-pressed", "false");
      e.removeAttribute("aria-description");
    }
    const targets = new Set();
    const sources = new Set();
    if (sel) {
      const e = cardEls.get(key(sel.pile, sel.index));
      if (e) { e.classList.add("pz-sel"); e.setAttribute("aria-pressed", "true"); } else sel = null;
    }
    partial.forEach((s, k) => {
      const e = cardEls.get(key(s[0], s[1]));
      if (e) {
        e.classList.add("pz-chosen"); e.setAttribute("aria-pressed", "true");
        e.setAttribute("aria-description", `${ui("chosen_half", "chosen as part of this move", "выбрана для этого хода")} (${k + 1})`);
      }
      mark(s[2], "pz-chosendst", ui("chosen_place", "the place chosen for it", "выбранное для неё место"));
    });
    for (const [m] of (sel || partial.length) ? candidates() : []) {
      for (const s of m.steps) {
        if (partial.some((p) => same(p, s))) continue;
        if (sel && s[0] === sel.pile && s[1] === sel.index) targets.add(s[2]);
        else if (!sel) sources.add(key(s[0], s[1]));
      }
    }
    if (!sel && !partial.length) {
      for (const p of new Set(legal().filter((m) => m.steps.length).map((m) => m.steps[0][0]))) {
        const e = packMoves(p).length ? topCard(p) : null;
        if (e && !e.classList.contains("pz-up")) { e.classList.add("pz-source"); e.setAttribute("aria-description", ui("pack_move", "plays the move out of the pack", "ход из колоды")); }
      }
    }
    for (const p of targets) mark(p, "pz-target", ui("target", "the picked-up card can go here", "сюда можно положить взятую карту"));
    for (const k of sources) {
      const e = cardEls.get(k);
      if (e) { e.classList.add("pz-source"); e.setAttribute("aria-description", ui("source", "can complete this move", "может завершить этот ход")); }
    }
    if (v.hint && v.legal[v.hint.index]) {
      for (const s of v.legal[v.hint.index].steps) {
        const e = cardEls.get(key(s[0], s[1]));
        if (e) { e.classList.add("pz-hintsrc"); e.setAttribute("aria-description", ui("hint_card", "the hint's card", "карта подсказки")); }
        mark(s[2], "pz-hintdst", ui("hint_place", "the hint's place", "место подсказки"));
      }
    }
  }
  function mark(p, cls, description) {
    for (const e of [slotEls.get(p), topCard(p)]) {
      if (!e) continue;
      e.classList.add(cls);
      if (description) e.setAttribute("aria-description", description);
    }
  }

  // pointer: click, or drag a card onto its destination
  let drag = null;
  table.addEventListener("pointerdown", (ev) => {
    if (ev.button !== 0) return;
    const e = ev.target.closest(".pz-card, .pz-slot");
    if (!e) return;
    drag = { e, x: ev.clientX, y: ev.clientY, moved: false, ghost: null, id: ev.pointerId };
  });
  table.addEventListener("pointermove", (ev) => {
    if (!drag || ev.pointerId !== drag.id) return;
    const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) > 6 && drag.e.classList.contains("pz-card")) {
      drag.moved = true;
      const t = cardInfo(drag.e);
      if (!(sel && sel.pile === t.pile && sel.index === t.index)) { cancelSelection(false); if (t.up || movesOf(t.pile, t.index).length) select(t); }
      if (!sel) { drag = null; return; }
      drag.ghost = drag.e.cloneNode(true);
      drag.ghost.classList.add("pz-ghost");
      drag.ghost.removeAttribute("role");
      drag.ghost.setAttribute("aria-hidden", "true");
      cardsLayer.append(drag.ghost);
      drag.ox = drag.e.offsetLeft; drag.oy = drag.e.offsetTop;
      try { table.setPointerCapture(ev.pointerId); } catch (_) { /* not capturable */ }
    }
    if (drag && drag.ghost) {
      drag.ghost.style.left = `${drag.ox + dx}px`;
      drag.ghost.style.top = `${drag.oy + dy}px`;
    }
  });
  table.addEventListener("pointerup", (ev) => {
    if (!drag || ev.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    if (!d.moved) { clickT0 = ev.timeStamp; activate(d.e); return; }
    if (d.ghost) d.ghost.remove();
    const under = document.elementsFromPoint(ev.clientX, ev.clientY).find((x) => table.contains(x) && x.matches(".pz-card:not(.pz-ghost), .pz-slot"));
    if (under && sel && !(under.dataset.pile === sel.pile && Number(under.dataset.index) === sel.index)) { clickT0 = ev.timeStamp; activate(under); }
    else cancelSelection();
  });
  table.addEventListener("pointercancel", () => { if (drag && drag.ghost) drag.ghost.remove(); drag = null; });
  table.addEventListener("dblclick", (ev) => {
    const e = ev.target.closest(".pz-card");
    if (!e) return;
    const t = cardInfo(e);
    const ms = movesOf(t.pile, t.index).filter(([m]) => m.steps.length === 1);
    if (ms.length === 1) { clickT0 = performance.now(); playIndex(ms[0][1]); }
  });
  table.addEventListener("click", (ev) => { if (!ev.target.closest(".pz-card, .pz-slot") && !drag) cancelSelection(); });

  // ---- keyboard ------------------------------------------------------------------------------
  function items() { return [...table.querySelectorAll(".pz-card:not(.pz-ghost), .pz-slot.pz-empty")]; }
  function rovingFocus(hadFocus) {
    const all = items();
    if (!all.length) return;
    let cur = focusKey && all.find((e) => itemKey(e) === focusKey);
    if (!cur && focusKey) cur = all.find((e) => e.dataset.pile === focusKey.split("#")[0]);
    if (!cur) cur = all[0];
    for (const e of all) { const t = e === cur ? 0 : -1; if (e.tabIndex !== t) e.tabIndex = t; }
    for (const e of slotEls.values()) if (e.tabIndex !== -1 && !e.classList.contains("pz-empty")) e.tabIndex = -1;  // a covered place is no tab stop
    focusKey = itemKey(cur);
    if (hadFocus && document.activeElement !== cur) cur.focus({ preventScroll: true });
  }
  function itemKey(e) { return e.classList.contains("pz-card") ? key(e.dataset.pile, e.dataset.index) : key(e.dataset.pile, "slot"); }
  table.addEventListener("focusin", (ev) => {
    const e = ev.target.closest(".pz-card, .pz-slot");
    if (!e) return;
    focusKey = itemKey(e);
    for (const x of items()) { const t = x === e ? 0 : -1; if (x.tabIndex !== t) x.tabIndex = t; }
  });
  function moveFocus(dir) {
    const all = items();
    const cur = document.activeElement;
    if (!all.includes(cur)) { all[0].focus(); return; }
    const r0 = cur.getBoundingClientRect();
    const c0 = [r0.left + r0.width / 2, r0.top + r0.height / 2];
    let best = null, bestScore = Infinity;
    for (const e of all) {
      if (e === cur) continue;
      const r = e.getBoundingClientRect();
      const c = [r.left + r.width / 2, r.top + r.height / 2];
      const dx = c[0] - c0[0], dy = c[1] - c0[1];
      const along = { ArrowRight: dx, ArrowLeft: -dx, ArrowDown: dy, ArrowUp: -dy }[dir];
      const across = dir === "ArrowRight" || dir === "ArrowLeft" ? Math.abs(dy) : Math.abs(dx);
      if (along <= 1) continue;
      const score = along + 2.5 * across;
      if (score < bestScore) { bestScore = score; best = e; }
    }
    if (best) best.focus();
  }
  // PageDown / PageUp: the next / previous pile in reading order (rows, then left to right)
  function stepFocus(k) {
    const order = items().map((e) => [e, e.getBoundingClientRect()])
      .sort((a, b) => (Math.round(a[1].top / (unit * 0.7)) - Math.round(b[1].top / (unit * 0.7))) || (a[1].left - b[1].left))
      .map(([e]) => e);
    const piles = [];
    for (const e of order) if (!piles.some((x) => x.dataset.pile === e.dataset.pile)) piles.push(e);
    // the pile's top card (the last of its items) stands for it
    const tops = piles.map((first) => { const all = order.filter((e) => e.dataset.pile === first.dataset.pile); return all[all.length - 1]; });
    const cur = document.activeElement;
    let i = tops.findIndex((e) => e.dataset.pile === (cur && cur.dataset ? cur.dataset.pile : null));
    if (k === "Home") i = 0;
    else if (k === "End") i = tops.length - 1;
    else i = (i + (k === "PageDown" ? 1 : -1) + tops.length) % tops.length;
    if (tops[i]) tops[i].focus();
  }
  // Every key pressed without Ctrl, Meta or Alt stays in the table. JupyterLab's application
  // listens for keydown and keyup on the document in the bubbling phase, and its notebook
  // command selectors (".jp-Notebook.jp-mod-commandMode :focus") match a focused card itself,
  // so only stopping the event at the table's root keeps "m", "b", "x", "d d", Enter or Escape
  // from editing the notebook. Ctrl/Meta/Alt chords (save, the command palette) still reach it.
  const plain = (ev) => !(ev.ctrlKey || ev.metaKey || ev.altKey);
  root.addEventListener("keydown", (ev) => { onKey(ev); if (plain(ev)) ev.stopPropagation(); });
  for (const type of ["keyup", "keypress"]) root.addEventListener(type, (ev) => { if (plain(ev)) ev.stopPropagation(); });
  function onKey(ev) {
    const tag = ev.target.tagName;
    const typing = tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA";
    if (ev.key === "Escape") {
      if (!help.hidden) toggleHelp(false);
      cancelSelection(); notesBox.replaceChildren(); say("", "info");
      ev.stopPropagation(); return;
    }
    if (typing) {
      if (ev.target === dealInput && ev.key === "Enter") { ev.preventDefault(); send({ action: "deal", deal: dealInput.value.trim() }); }
      ev.stopPropagation();
      return;
    }
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const inTable = table.contains(ev.target);
    if (inTable && ev.key.startsWith("Arrow")) { ev.preventDefault(); ev.stopPropagation(); moveFocus(ev.key); return; }
    if (inTable && ["PageDown", "PageUp", "Home", "End"].includes(ev.key)) { ev.preventDefault(); ev.stopPropagation(); stepFocus(ev.key); return; }
    if (inTable && (ev.key === "Enter" || ev.key === " ")) {
      ev.preventDefault(); ev.stopPropagation();
      const e = ev.target.closest(".pz-card, .pz-slot");
      if (e) { clickT0 = performance.now(); activate(e); }
      return;
    }
    if (tag === "BUTTON" && (ev.key === "Enter" || ev.key === " ")) return;
    const k = ev.key;
    const acts = {
      u: () => undoBtn.click(), r: () => redoBtn.click(), R: () => restartBtn.click(), h: () => hintBtn.click(), S: () => solveBtn.click(),
      a: () => advBtn.click(), ".": () => stepNow(), ",": () => send({ action: "back" }),
      p: () => toggleAuto(), "+": () => faster(1), "=": () => faster(1), "-": () => faster(-1),
      n: () => newBtn.click(), g: () => { dealInput.focus(); dealInput.select(); },
      l: () => { const i = LAYERS.findIndex(([v]) => v === model.get("layer")); send({ action: "layer", layer: LAYERS[(i + 1) % LAYERS.length][0] }); },
      t: () => textBody.focus(), c: () => { const all = items(); (all.find((e) => e.tabIndex === 0) || all[0])?.focus(); },
      s: () => saveBtn.click(), o: () => loadBtn.click(), "?": () => toggleHelp(),
      L: () => send({ action: "lang", lang: ru() ? "en" : "ru" }),
    };
    if (acts[k]) { ev.preventDefault(); ev.stopPropagation(); acts[k](); return; }
    if (/^[1-9]$/.test(k)) {  // the n-th rule reading's picker
      const picker = optsBox.querySelectorAll("select")[Number(k) - 1];
      if (picker) { ev.preventDefault(); ev.stopPropagation(); readings.open = true; picker.focus(); }
    }
  }
  function toggleHelp(force) {
    help.hidden = force === undefined ? !help.hidden : !force;
    helpBtn.setAttribute("aria-expanded", String(!help.hidden));
  }

  // ---- model events -------------------------------------------------------------------------
  const onView = () => {
    const last = Object.values(stats.sent);
    if (last.length) stats.viewLag.push(performance.now() - Math.max(...last));
    draw(true);
  };
  const onBoard = () => { prevBoard = null; cancelSelection(false); draw(false); };
  const onText = () => drawText();
  const onHl = () => applyHighlight(true);
  const onMsg = () => { const m = model.get("message"); if (!viewSpeaks() && m && m.text !== undefined) say(m.text, m.level); };
  const onLayer = () => { layerSel.value = model.get("layer"); };
  const listeners = [["change:view", onView], ["change:board", onBoard], ["change:text_html", onText],
    ["change:annotated", onText], ["change:highlight", onHl], ["change:message", onMsg],
    ["change:layer", onLayer], ["msg:custom", onCustom]];
  for (const [event, fn] of listeners) model.on(event, fn);
  const ro = new ResizeObserver(() => { const u0 = unit; measure(); if (unit !== u0) draw(false); });
  ro.observe(root);
  drawText();
  draw(false);
  return () => {
    stopAuto();
    ro.disconnect();
    for (const [event, fn] of listeners) model.off(event, fn);
  };
}

// ---- a page with no kernel ------------------------------------------------------------------------
// A page exported with its widget state (`make site`, nbconvert's embedding) has no kernel to ask.
// The kernel recorded the loaded line as frames (widgets/frames.py: the view after each move,
// only what changed); this stands in for the model, answers Step, Back, Undo, Restart and
// Autoplay from those frames, and says that anything else needs a running kernel.
function recordedLine(live) {
  const fr = live.get("frames");
  const embedded = document.querySelector('script[type="application/vnd.jupyter.widget-state+json"]');
  const kernel = live.widget_manager && live.widget_manager.kernel;  // JupyterLab's and Voilà's managers have one
  if (!embedded || kernel || !fr || !fr.base || !Array.isArray(fr.steps)) return null;
  const n = fr.steps.length;
  const events = new Map();
  const emit = (name, arg) => { for (const fn of events.get(name) || []) fn(arg); };
  const start = ((live.get("view") || {}).line || {}).pos;
  let pos = 0, cur = structuredClone(fr.base), view = null;
  const ru = () => fr.base.lang === "ru";
  const message = { text: ru() ? "Без ядра: страница проходит записанную линию (Шаг, Назад, Заново, Автоигра)."
    : "No kernel: this page steps through the recorded line (Step, Back, Restart, Autoplay).", level: "info", n: 0 };
  function go(k, forward) {
    if (k < pos) { cur = structuredClone(fr.base); pos = 0; }
    for (; pos < k; pos += 1) {
      for (const [key, value] of Object.entries(fr.steps[pos].d)) {
        if (key === "cards" || key === "piles") Object.assign(cur[key], value); else cur[key] = value;
      }
    }
    view = { ...cur, cards: Object.values(cur.cards).flat(), legal: [], hint: null, seq: k,
      anim: forward && k > 0 ? fr.steps[k - 1].a : [], line: { pos: k, len: n }, can_undo: k > 0, can_redo: k < n };
    delete view.message;  // the recorded views' messages were the kernel's: this page speaks for itself (below)
  }
  go(Number.isInteger(start) && start >= 0 && start <= n ? start : 0, false);
  function answer(content) {
    const a = content.action;
    const reply = { type: "reply", req: content.req, action: a, ok: true, message: "" };
    const target = { step: pos + 1, redo: pos + 1, back: pos - 1, undo: pos - 1, restart: 0 }[a];
    if (a === "hello") { /* nothing changes */ }
    else if (target === undefined) {
      reply.ok = false;
      reply.message = ru() ? "Для этого нужно работающее ядро: эта страница только проходит записанную линию."
        : "That needs a running kernel: this page only steps through the recorded line.";
    } else if (target < 0 || target > n) {
      reply.ok = false;
      reply.message = target < 0 ? (ru() ? "начало записанной линии" : "the start of the recorded line")
        : (ru() ? "конец записанной линии" : "the end of the recorded line");
    } else {
      go(target, target > pos);
      emit("change:view");
      emit("change:highlight");
    }
    setTimeout(() => emit("msg:custom", reply), 0);
  }
  const local = new Set(["change:view", "change:highlight", "change:message", "msg:custom"]);
  setTimeout(() => emit("change:message"), 0);
  return {
    get: (name) => name === "view" ? view : name === "highlight" ? ((view.last || {}).cites || [])
      : name === "message" ? message : live.get(name),
    set: () => {}, save_changes: () => {},
    send: (content) => answer(content),
    on: (name, fn) => { if (local.has(name)) { if (!events.has(name)) events.set(name, new Set()); events.get(name).add(fn); } else live.on(name, fn); },
    off: (name, fn) => { if (local.has(name)) (events.get(name) || new Set()).delete(fn); else live.off(name, fn); },
    widget_manager: live.widget_manager,
  };
}

export default { render };
