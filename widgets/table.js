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
const SHORTCUTS = [
  ["Arrow keys", "move between cards and places"], ["Page Down / Page Up", "next / previous pile"], ["Home / End", "first / last pile"], ["Enter / Space", "pick up a card, then put it on a place"],
  ["Escape", "put the card back (cancel)"], ["u", "undo"], ["r", "redo"], ["Shift+R", "restart the deal"],
  ["h", "hint"], ["a", "play the compulsory moves"], [".", "step forward (the loaded line)"], [",", "step back"],
  ["p", "autoplay on/off"], ["+ / -", "autoplay faster / slower"], ["n", "new deal"], ["g", "type a deal number"],
  ["1 – 9", "the rule readings' pickers"], ["l", "next layer of the text"], ["t", "go to the text"], ["c", "go to the cards"], ["s", "save the game"],
  ["o", "load a game"], ["?", "this help"],
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
  const stats = { latency: [], frames: [], renders: 0, draw: [], sent: {}, replies: [], viewLag: [] };
  let clickT0 = null;
  const ru = () => (model.get("view") || {}).lang === "ru";
  const tr = (en, r) => (ru() ? r : en);

  // ---- skeleton -------------------------------------------------------------------------
  const root = h("div", { class: "pasyans", role: "region" });
  root.pzStats = stats;
  const title = h("div", { class: "pz-title" });
  const status = h("div", { class: "pz-status", role: "status", "aria-live": "polite" });
  const dealInput = h("input", { class: "pz-deal", type: "text", inputmode: "numeric", size: 8, "aria-label": "deal number", title: "Deal number (g)" });
  const btn = (cls, label, keys, help, fn) =>
    h("button", { class: `pz-btn ${cls}`, type: "button", title: `${help} (${keys})`, "aria-keyshortcuts": keys, text: label, onclick: fn });
  const goBtn = btn("pz-go", "Go", "Enter", "Play this deal", () => send({ action: "deal", deal: dealInput.value.trim() }));
  const newBtn = btn("pz-new", "New deal", "n", "A new random deal", () => send({ action: "new_deal" }));
  const undoBtn = btn("pz-undo", "Undo", "u", "Take back the last move", () => send({ action: "undo" }));
  const redoBtn = btn("pz-redo", "Redo", "r", "Play again a move taken back", () => send({ action: "redo" }));
  const restartBtn = btn("pz-restart", "Restart", "Shift+R", "Back to the start of the deal", () => send({ action: "restart" }));
  const hintBtn = btn("pz-hint", "Hint", "h", "Ask the solver for a move", () => { hintBtn.disabled = true; say(tr("Thinking…", "Думаю…"), "info"); send({ action: "hint" }); });
  const advBtn = btn("pz-advance", "Compulsory", "a", "Play the compulsory moves", () => send({ action: "advance" }));
  const backBtn = btn("pz-back", "◀ Back", ",", "Step back", () => send({ action: "back" }));
  const stepBtn = btn("pz-step", "Step ▶", ".", "Step forward through the loaded line", () => send({ action: "step" }));
  const autoBtn = btn("pz-auto", "Autoplay", "p", "Play the line (or the compulsory moves) by itself", () => toggleAuto());
  autoBtn.setAttribute("aria-pressed", "false");
  const speedSel = h("select", { class: "pz-speed", "aria-label": "autoplay speed", title: "Autoplay speed (+ / -)" },
    ...SPEEDS.map(([v, l]) => h("option", { value: v, text: l })));
  speedSel.value = speed;
  speedSel.addEventListener("change", () => { speed = speedSel.value; });
  const layerSel = h("select", { class: "pz-layer", "aria-label": "layer of the text", title: "Layer of the text (l)" },
    ...LAYERS.map(([v, l]) => h("option", { value: v, text: l })));
  layerSel.addEventListener("change", () => send({ action: "layer", layer: layerSel.value }));
  const saveBtn = btn("pz-save", "Save", "s", "Save the game as a record (JSON)", () => send({ action: "save" }));
  const fileInput = h("input", { type: "file", accept: ".json,application/json", class: "pz-file", "aria-label": "game record to load", tabindex: "-1" });
  const loadBtn = btn("pz-load", "Load", "o", "Load a saved game", () => fileInput.click());
  fileInput.addEventListener("change", () => {
    const f = fileInput.files && fileInput.files[0];
    if (!f) return;
    if (f.size > 1000000) { say("That file is too large to be a game record.", "error"); return; }
    f.text().then((text) => send({ action: "load", record: text }));
    fileInput.value = "";
  });
  const helpBtn = btn("pz-helpbtn", "?", "?", "Keyboard shortcuts", () => toggleHelp());
  helpBtn.setAttribute("aria-expanded", "false");
  const optsBox = h("span", { class: "pz-options" });
  const dealBox = h("span", { class: "pz-group-ctl" }, h("label", { class: "pz-lbl" }, "Deal ", dealInput), goBtn, newBtn);
  const controls = h("div", { class: "pz-controls", role: "toolbar", "aria-label": "game controls" },
    dealBox, h("span", { class: "pz-group-ctl" }, undoBtn, redoBtn, restartBtn, hintBtn, advBtn),
    h("span", { class: "pz-group-ctl" }, backBtn, stepBtn, autoBtn, speedSel),
    optsBox, h("span", { class: "pz-group-ctl" }, layerSel, saveBtn, loadBtn, fileInput, helpBtn));
  const actions = h("div", { class: "pz-actions", role: "group", "aria-label": "moves without a card" });
  const groupsLayer = h("div", { class: "pz-groups", "aria-hidden": "true" });
  const slotsLayer = h("div", { class: "pz-slots" });
  const cardsLayer = h("div", { class: "pz-cards" });
  const table = h("div", { class: "pz-table", role: "group" }, groupsLayer, slotsLayer, cardsLayer);
  const tableWrap = h("div", { class: "pz-tablewrap" }, table);
  const caption = h("div", { class: "pz-caption" });
  const textHead = h("div", { class: "pz-texthead" });
  const textBody = h("div", { class: "pz-textbody", tabindex: "0", role: "document", "aria-label": "the text of the game" });
  const notesBox = h("div", { class: "pz-notes", "aria-live": "polite" });
  const textPanel = h("aside", { class: "pz-text", "aria-label": "the text beside the table" }, textHead, textBody, notesBox);
  const main = h("div", { class: "pz-main" }, h("div", { class: "pz-left" }, tableWrap, caption), textPanel);
  const msg = h("div", { class: "pz-msg", role: "status", "aria-live": "polite" });
  const last = h("div", { class: "pz-last" });
  const chooser = h("div", { class: "pz-chooser", role: "dialog", "aria-label": "choose a move", hidden: true });
  const help = h("div", { class: "pz-help", hidden: true, role: "note" },
    h("strong", { text: "Keyboard" }),
    h("dl", {}, ...SHORTCUTS.flatMap(([k, d]) => [h("dt", { text: k }), h("dd", { text: d })])));
  root.append(h("div", { class: "pz-head" }, title, status), controls, actions, msg, main, last, chooser, help);
  el.append(root);

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
    msg.textContent = text || "";
    msg.className = `pz-msg ${level === "error" ? "pz-error" : "pz-info"}`;
    msg.setAttribute("role", level === "error" ? "alert" : "status");
  }
  function onCustom(m) {
    if (!m || m.type !== "reply") return;
    if (stats.sent[m.req] !== undefined) { stats.replies.push(performance.now() - stats.sent[m.req]); delete stats.sent[m.req]; }
    const p = pending.get(m.req);
    pending.delete(m.req);
    if (m.action === "hint") hintBtn.disabled = false;
    if (!m.ok) stats.waitT0 = null;
    if (m.ok && m.filename && typeof m.data === "string") download(m.filename, m.data);
    if (m.ok && Array.isArray(m.notes)) showNotes(m);
    if (!m.ok) { say(m.message, "error"); if (!p || p.sel === sel) cancelSelection(); }
    if (m.action === "step" && p && p.auto) {
      auto.inflight = Math.max(0, auto.inflight - 1);
      if (!auto.on) return;
      if (!m.ok) { stopAuto(); say(`${tr("Autoplay stopped", "Автоигра остановлена")}: ${m.message}`, "info"); }
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
    say(`Saved ${name}`, "info");
  }

  // ---- autoplay ------------------------------------------------------------------------------
  // Autoplay asks the kernel for the next move of the line (or the compulsory move) at the
  // chosen speed; at "max" two requests stay in flight, so the table redraws while the next
  // move is on its way.
  function toggleAuto() { if (auto.on) stopAuto(); else startAuto(); }
  function startAuto() {
    auto.on = true; auto.inflight = 0; autoBtn.setAttribute("aria-pressed", "true"); autoBtn.textContent = "Pause";
    tickAuto();
  }
  function stopAuto() {
    auto.on = false; clearTimeout(auto.timer);
    autoBtn.setAttribute("aria-pressed", "false"); autoBtn.textContent = "Autoplay";
  }
  function scheduleAuto() {
    clearTimeout(auto.timer);
    if (!auto.on) return;
    if (speed === "max") tickAuto();
    else auto.timer = setTimeout(tickAuto, 1000 / Number(speed));
  }
  function tickAuto() {
    const depth = speed === "max" ? 2 : 1;
    const v = model.get("view");
    if (!auto.on) return;
    if (!v || v.status !== "playing") { stopAuto(); return; }
    while (auto.on && auto.inflight < depth) {
      auto.inflight += 1;
      const r = send({ action: "step" });
      pending.get(r).auto = true;
    }
  }
  function faster(d) {
    const i = Math.max(0, Math.min(SPEEDS.length - 1, SPEEDS.findIndex(([s]) => s === speed) + d));
    speed = SPEEDS[i][0]; speedSel.value = speed;
    say(`Autoplay: ${SPEEDS[i][1]}`, "info");
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
  function measure() {
    const v = model.get("view");
    if (!v) return;
    const [ew, eh] = v.extent;
    const rootW = root.clientWidth || 900;
    const textW = Math.min(400, Math.max(260, rootW * 0.3));
    // the whole table should fit in the window's height, cards never under 30 px wide
    const tallest = Math.max(420, (window.innerHeight || 900) * 0.8);
    // the felt adds 0.18 card widths of padding on each side and a 2 px border
    const fit = (w) => Math.max(30, Math.min(96, Math.floor((w - 6) / (ew + 0.36)), Math.floor(tallest / (eh + 0.36))));
    const wide = fit(rootW - textW - 28) >= 48;   // beside the text while cards stay 48 px wide
    root.classList.toggle("pz-narrow", !wide);
    unit = fit((wide ? rootW - textW - 28 : rootW) - 12);
    table.style.width = `${ew * unit}px`;
    table.style.height = `${eh * unit}px`;
    table.style.setProperty("--u", `${unit}px`);
    caption.style.maxWidth = `${ew * unit + 0.36 * unit + 4}px`;
    textPanel.style.maxHeight = wide ? `${Math.max(320, eh * unit + 40)}px` : "";
  }

  // ---- drawing -------------------------------------------------------------------------------
  function key(p, i) { return `${p}#${i}`; }
  function drawBoard() {
    const b = model.get("board");
    slotsLayer.replaceChildren();
    for (const s of b.spots || []) {
      const [w, hh] = spotSize(s);
      const e = h("div", { class: `pz-slot pz-role-${s.role}`, "data-pile": s.pile, role: "button", tabindex: "-1" },
        h("span", { class: "pz-slotlabel", text: ru() ? s.label_ru : s.label_en }));
      place(e, s.x, s.y, w, hh, 0);
      if (s.rotate === 90) e.classList.add("pz-rot");
      slotsLayer.append(e);
    }
    const cap = ru() ? b.caption_ru : b.caption_en;
    caption.textContent = cap || "";
    prevBoard = b;
  }

  function cardEl(c, fan) {
    const cls = ["pz-card", c.up ? "pz-up" : "pz-down", `pz-fan-${fan}`];
    if (c.up) cls.push(c.red ? "pz-red" : "pz-black");
    const e = h("div", { class: cls.join(" "), role: "button", tabindex: "-1", "aria-label": c.a,
      "data-pile": c.p, "data-index": c.i, "data-card": c.up ? c.c : null });
    if (c.up) {
      e.append(h("span", { class: "pz-ix", "aria-hidden": "true" }, h("span", { class: "pz-rk", text: c.rk }), h("span", { class: "pz-st", text: c.st })));
      if (fan === "none" || fan === "down") e.append(h("span", { class: "pz-ix pz-ix2", "aria-hidden": "true" }, h("span", { class: "pz-rk", text: c.rk }), h("span", { class: "pz-st", text: c.st })));
      e.append(c.fc
        ? h("span", { class: "pz-pip pz-court", "aria-hidden": "true" }, h("span", { class: "pz-cl", text: c.rk }), h("span", { class: "pz-cs", text: c.st }))
        : h("span", { class: "pz-pip", "aria-hidden": "true", text: c.st }));
    }
    place(e, c.x, c.y, c.w, c.h, c.r);
    return e;
  }

  function draw(animate) {
    const v = model.get("view");
    const b = model.get("board");
    if (!v || !b) return;
    const tDraw = performance.now();
    const hadFocus = table.contains(document.activeElement);
    measure();
    if (b !== prevBoard) drawBoard();
    else for (const e of slotsLayer.children) {
      const s = b.spots.find((x) => x.pile === e.dataset.pile);
      const [w, hh] = spotSize(s);
      place(e, s.x, s.y, w, hh, 0);
    }
    const fans = Object.fromEntries(b.spots.map((s) => [s.pile, s.fan]));
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
    const els = [];
    for (const c of v.cards) els.push(cardEl(c, fans[c.p] || "none"));
    // a count on every stack of more than one card
    for (const s of b.spots) {
      const p = v.piles[s.pile];
      if (!p) continue;
      const slot = slotsLayer.querySelector(`[data-pile="${CSS.escape(s.pile)}"]`);
      if (slot) {
        slot.classList.toggle("pz-empty", p.n === 0);
        slot.setAttribute("aria-label", `${p.label}, ${p.n ? `${p.n} ${tr("cards", "карт")}` : tr("empty", "пусто")}`);
      }
      if (p.n > 1 && (s.fan === "none" || s.max_fan)) {
        const [w, hh] = spotSize(s);
        const badge = h("span", { class: "pz-count", "aria-hidden": "true", text: String(p.n) });
        // in a corner the index does not use: top right, or top left for a card laid crosswise
        badge.style.left = `${(s.rotate === 90 ? s.x : s.x + w) * unit + (s.rotate === 90 ? 3 : -3)}px`;
        badge.style.top = `${s.y * unit + 3}px`;
        if (s.rotate === 90) badge.style.transform = "none";
        els.push(badge);
      }
    }
    cardsLayer.replaceChildren(...els);
    table.setAttribute("aria-label", `${v.title_ru} (${v.title_en}), ${tr("deal", "расклад")} ${v.deal}: ${tr("the table", "стол")}`);
    root.setAttribute("aria-label", `Pasyans: ${v.title_ru} (${v.title_en})`);
    if (animate && v.anim && v.anim.length && !window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      const dur = auto.on ? Math.min(150, speed === "max" ? 60 : 600 / Number(speed)) : 180;
      for (const a of v.anim) {
        const e = cardsLayer.querySelector(`.pz-card[data-pile="${CSS.escape(a.p)}"][data-index="${a.i}"]`);
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
    drawControls(v);
    drawStatus(v);
    drawLast(v);
    drawActions(v);
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
    layerSel.value = model.get("layer");
    const names = optsBox.querySelectorAll("select");
    if (names.length !== v.options.length || [...names].some((s, i) => s.name !== v.options[i].name)) {
      optsBox.replaceChildren(...v.options.map((o, i) => {
        const s = h("select", { name: o.name, class: "pz-opt", "aria-label": `rule reading: ${o.name}`, "aria-keyshortcuts": i < 9 ? String(i + 1) : null,
          title: `${o.doc} (note ${o.note}; default ${o.default}${i < 9 ? `; key ${i + 1}` : ""})` },
          ...o.choices.map((c) => h("option", { value: c, text: c === o.default ? `${c} (edition)` : c })));
        s.addEventListener("change", () => send({ action: "option", name: o.name, value: s.value }));
        return h("label", { class: "pz-lbl" }, `${o.name.replace(/_/g, " ")} `, s);
      }));
    }
    for (const o of v.options) {
      const s = optsBox.querySelector(`select[name="${CSS.escape(o.name)}"]`);
      if (s) s.value = o.value;
    }
  }

  function drawStatus(v) {
    title.replaceChildren(h("span", { class: "pz-ru", lang: "ru", text: v.title_ru }), " · ", h("span", { text: v.title_en }));
    const bits = [`${tr("deal", "расклад")} ${v.deal ?? "—"}`];
    if (v.turn) bits.push(tr(`${v.turn} to play`, `ходит ${v.turn}`));
    bits.push(`${v.moves} ${tr("moves", "ходов")}`);
    if (v.cards_left !== undefined && v.cards_left !== null) bits.push(`${v.cards_left} ${tr("cards left", "карт осталось")}`);
    for (const [k, val] of v.extras) bits.push(`${k} ${val}`);
    if (v.line) bits.push(v.line.pos >= 0 ? `${tr("line", "линия")} ${v.line.pos}/${v.line.len}` : tr("off the loaded line", "вне линии"));
    const word = { playing: tr("playing", "идёт игра"), won: tr("won — the patience came out", "пасьянс вышел"), lost: tr("lost — the patience did not come out", "пасьянс не вышел") }[v.status] || v.status;
    const legal = v.legal || [];
    let extra = "";
    if (v.status === "playing" && legal.length && legal.every((m) => m.forced)) extra = ` · ${tr("compulsory", "обязательно")}: ${legal[0].label}`;
    status.replaceChildren(h("span", { text: bits.join(" · ") + " · " }), h("strong", { class: `pz-st-${v.status}`, text: word }), extra);
    root.classList.toggle("pz-won", v.status === "won");
    root.classList.toggle("pz-lost", v.status === "lost");
  }

  function drawLast(v) {
    last.replaceChildren();
    if (v.hint) {
      const m = v.legal[v.hint.index];
      if (m) last.append(h("span", { class: "pz-hinttext", text: `${tr("Hint", "Подсказка")} (${v.hint.kind}): ${m.label}` }), " ");
    }
    if (!v.last) return;
    last.append(h("span", { class: "pz-lastmove", text: `${tr("Last move", "Последний ход")}: ${v.last.label}` }));
    if (v.last.cites.length) last.append(" · ", tr("cites ", "текст: "), ...v.last.cites.flatMap((c, i) => [i ? ", " : "", h("button", { class: "pz-cite", type: "button", text: c, title: "show this sentence", onclick: () => scrollToSid(c, true) })]));
    if (v.last.notes.length) last.append(" · ", tr("reading: ", "чтение: "), ...v.last.notes.flatMap((n, i) => [i ? ", " : "", h("button", { class: "pz-noteref", type: "button", text: n, title: "open this apparatus note", onclick: () => send({ action: "notes", note: n }) })]));
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
        s.setAttribute("title", "apparatus note");
      }
    }
    const layer = LAYERS.find(([v]) => v === model.get("layer"));
    textHead.textContent = layer ? (ru() ? layer[2] : layer[1]) : "";
    applyHighlight(false);
  }
  function applyHighlight(scroll = true) {
    const hl = new Set(model.get("highlight") || []);
    let first = null;
    for (const s of textBody.querySelectorAll("span.s[data-sid]")) {
      const on = hl.has(s.dataset.sid);
      s.classList.toggle("pz-hl", on);
      if (on) s.setAttribute("aria-current", "true"); else s.removeAttribute("aria-current");
      if (on && !first) first = s;
    }
    if (first && scroll) scrollInto(first);
  }
  function scrollInto(s) {
    // scroll the text panel only (never the notebook) so the sentence stands a third of the way down
    const b = textBody.getBoundingClientRect(), r = s.getBoundingClientRect();
    if (r.top >= b.top && r.bottom <= b.bottom) return;
    const top = r.top - b.top + textBody.scrollTop;
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches && !auto.on;
    textBody.scrollTo({ top: Math.max(0, top - textBody.clientHeight / 3), behavior: smooth ? "smooth" : "auto" });
  }
  function scrollToSid(sid, flash) {
    const s = textBody.querySelector(`span.s[data-sid="${CSS.escape(sid)}"]`);
    if (!s) { say(`${sid}: ${tr("this sentence is not in the text shown", "этого предложения нет в тексте")}`, "info"); return; }
    scrollInto(s);
    if (flash) { s.classList.add("pz-flash"); setTimeout(() => s.classList.remove("pz-flash"), 900); }
  }
  function showNotes(m) {
    notesBox.replaceChildren();
    const head = m.sid ? `${tr("Notes on", "Примечания к")} ${m.sid}` : `${tr("Note", "Примечание")} ${m.note}`;
    const close = h("button", { class: "pz-close", type: "button", "aria-label": "close the notes", text: "×", onclick: () => notesBox.replaceChildren() });
    notesBox.append(h("div", { class: "pz-noteshead" }, h("strong", { text: head }), close));
    if (!m.notes.length) notesBox.append(h("p", { class: "pz-none", text: tr("No apparatus note on this sentence.", "К этому предложению примечаний нет.") }));
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
  function playIndex(i) { cancelSelection(false); say("", "info"); send({ action: "play", index: i, seq: model.get("view").seq }); }
  function cancelSelection(redraw = true) {
    sel = null; partial = []; chooser.hidden = true;
    if (redraw) applySelection();
  }
  function cardInfo(e) { return { pile: e.dataset.pile, index: e.dataset.index === undefined ? -1 : Number(e.dataset.index), up: e.classList.contains("pz-up") }; }
  function labelOf(pile, index) {
    const v = model.get("view");
    const c = v.cards.find((x) => x.p === pile && x.i === index);
    if (c && !c.up) return tr(`the top card of ${v.piles[pile].label}`, `верхняя карта: ${v.piles[pile].label}`);
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
        say(tr("Now the next card of this move.", "Теперь следующая карта этого хода."), "info");
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
      say(tr("Pick up a card first, then choose where it goes.", "Сначала возьмите карту, потом выберите место."), "info");
      return;
    }
    if (!t.up && !movesOf(t.pile, t.index).length) { say(tr("That card lies face down.", "Эта карта лежит рубашкой вверх."), "info"); return; }
    select(t);
  }
  function select(t) {
    sel = { pile: t.pile, index: t.index };
    const n = candidates().length;
    say(n ? `${labelOf(t.pile, t.index)}: ${tr("choose where it goes", "выберите, куда её положить")}` :
      `${labelOf(t.pile, t.index)}: ${tr("no legal move takes this card now", "этой картой сейчас ходить нельзя")}`, "info");
    applySelection();
  }
  function choose(list) {
    chooser.replaceChildren(h("div", { class: "pz-choosehead", text: tr("Which move?", "Какой ход?") }),
      ...list.map(([m, i]) => h("button", { type: "button", class: "pz-choice", text: m.label, onclick: () => playIndex(i) })),
      h("button", { type: "button", class: "pz-choice pz-cancel", text: tr("Cancel", "Отмена"), onclick: () => cancelSelection() }));
    chooser.hidden = false;
    chooser.querySelector("button").focus();
  }
  function applySelection() {
    const v = model.get("view");
    if (!v) return;
    for (const e of table.querySelectorAll(".pz-sel, .pz-target, .pz-source, .pz-hintsrc, .pz-hintdst"))
      e.classList.remove("pz-sel", "pz-target", "pz-source", "pz-hintsrc", "pz-hintdst");
    const targets = new Set();
    const sources = new Set();
    if (sel) {
      const e = cardsLayer.querySelector(`.pz-card[data-pile="${CSS.escape(sel.pile)}"][data-index="${sel.index}"]`);
      if (e) e.classList.add("pz-sel"); else sel = null;
    }
    for (const [m] of (sel || partial.length) ? candidates() : []) {
      for (const s of m.steps) {
        if (partial.some((p) => same(p, s))) continue;
        if (sel && s[0] === sel.pile && s[1] === sel.index) targets.add(s[2]);
        else if (!sel) sources.add(key(s[0], s[1]));
      }
    }
    for (const p of targets) markPile(p, "pz-target");
    for (const k of sources) {
      const [p, i] = k.split("#");
      const e = cardsLayer.querySelector(`.pz-card[data-pile="${CSS.escape(p)}"][data-index="${i}"]`);
      if (e) e.classList.add("pz-source");
    }
    if (v.hint && v.legal[v.hint.index]) {
      for (const s of v.legal[v.hint.index].steps) {
        const e = cardsLayer.querySelector(`.pz-card[data-pile="${CSS.escape(s[0])}"][data-index="${s[1]}"]`);
        if (e) e.classList.add("pz-hintsrc");
        markPile(s[2], "pz-hintdst");
      }
    }
  }
  function markPile(p, cls) {
    const slot = slotsLayer.querySelector(`[data-pile="${CSS.escape(p)}"]`);
    if (slot) slot.classList.add(cls);
    const cards = cardsLayer.querySelectorAll(`.pz-card[data-pile="${CSS.escape(p)}"]`);
    if (cards.length) cards[cards.length - 1].classList.add(cls);
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
    for (const e of all) e.tabIndex = e === cur ? 0 : -1;
    focusKey = itemKey(cur);
    if (hadFocus && document.activeElement !== cur) cur.focus({ preventScroll: true });
  }
  function itemKey(e) { return e.classList.contains("pz-card") ? key(e.dataset.pile, e.dataset.index) : key(e.dataset.pile, "slot"); }
  table.addEventListener("focusin", (ev) => {
    const e = ev.target.closest(".pz-card, .pz-slot");
    if (!e) return;
    focusKey = itemKey(e);
    for (const x of items()) x.tabIndex = x === e ? 0 : -1;
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
      u: () => undoBtn.click(), r: () => redoBtn.click(), R: () => restartBtn.click(), h: () => hintBtn.click(),
      a: () => advBtn.click(), ".": () => send({ action: "step" }), ",": () => send({ action: "back" }),
      p: () => toggleAuto(), "+": () => faster(1), "=": () => faster(1), "-": () => faster(-1),
      n: () => newBtn.click(), g: () => { dealInput.focus(); dealInput.select(); },
      l: () => { const i = LAYERS.findIndex(([v]) => v === model.get("layer")); send({ action: "layer", layer: LAYERS[(i + 1) % LAYERS.length][0] }); },
      t: () => textBody.focus(), c: () => { const all = items(); (all.find((e) => e.tabIndex === 0) || all[0])?.focus(); },
      s: () => saveBtn.click(), o: () => loadBtn.click(), "?": () => toggleHelp(),
    };
    if (acts[k]) { ev.preventDefault(); ev.stopPropagation(); acts[k](); return; }
    if (/^[1-9]$/.test(k)) {  // the n-th rule reading's picker
      const picker = optsBox.querySelectorAll("select")[Number(k) - 1];
      if (picker) { ev.preventDefault(); ev.stopPropagation(); picker.focus(); }
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
  const onMsg = () => { const m = model.get("message"); if (m && m.text !== undefined) say(m.text, m.level); };
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
