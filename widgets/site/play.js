// A page of the playing site: the table's own front end (table.js, the anywidget ESM the notebook
// uses) given a model object whose send() goes to the session in Pyodide (engine.js, a Web
// Worker) and whose replies arrive as the kernel's would: first the changed fields
// ("change:NAME"), then the reply ("msg:custom"). One front end, two transports.
import table from "./table.js";

const RECORD_KEY = "pasyans-player-record";  // the player's record (record.json), kept by the browser
const host = document.getElementById("pz-table");
const note = document.getElementById("pz-engine");
const words = (en, ru) => (host.dataset.lang === "ru" ? ru : en);

function storedRecord() {
  try { return localStorage.getItem(RECORD_KEY); } catch (e) { return null; }
}
function keepRecord(text) {
  try { if (text && text !== localStorage.getItem(RECORD_KEY)) localStorage.setItem(RECORD_KEY, text); } catch (e) { /* storage refused: play on */ }
}

function engineModel(state, worker) {
  const events = new Map();
  const emit = (name, ...args) => { for (const fn of [...(events.get(name) || [])]) fn(...args); };
  const model = {
    get: (name) => state[name],
    set: () => {}, save_changes: () => {},  // the page never writes the session's state: it sends intents
    send: (content) => worker.postMessage({ type: "msg", content }),
    on: (name, fn) => { if (!events.has(name)) events.set(name, new Set()); events.get(name).add(fn); },
    off: (name, fn) => { (events.get(name) || new Set()).delete(fn); },
  };
  function receive(text) {
    const { changes, reply, book } = JSON.parse(text);
    Object.assign(state, changes);
    for (const name of Object.keys(changes)) emit(`change:${name}`, model, changes[name]);
    emit("msg:custom", reply, []);
    keepRecord(book);
  }
  return { model, receive };
}

function start() {
  const params = new URLSearchParams(location.search);
  const asked = Number(params.get("deal"));
  const deal = Number.isInteger(asked) && asked >= 1 && asked <= 2 ** 31 - 1 ? asked : Number(host.dataset.deal);
  const text = JSON.parse(document.getElementById("pz-data").textContent);
  const worker = new Worker(new URL("./engine.js", import.meta.url), { type: "module" });
  let link = null;
  worker.onmessage = (ev) => {
    const m = ev.data;
    if (m.type === "ready") {
      link = engineModel(JSON.parse(m.state), worker);
      window.pzEngine = { ms: m.ms, python: m.python, model: link.model, handled: [] };  // handled: Python's ms per intent
      table.render({ model: link.model, el: host });
      document.body.classList.add("pz-ready");
      note.textContent = "";
      note.hidden = true;
    } else if (m.type === "result" && link) {
      window.pzEngine.handled.push(m.ms);
      link.receive(m.out);
    } else if (m.type === "error") {
      note.textContent = `${words("The engine could not start", "Движок не запустился")}: ${m.message}`;
      note.classList.add("pz-failed");
    }
  };
  worker.onerror = (e) => {
    note.textContent = `${words("The engine could not start", "Движок не запустился")}: ${e.message || "worker error"}`;
    note.classList.add("pz-failed");
  };
  worker.postMessage({ type: "start", wheel: host.dataset.wheel, args: {
    game: host.dataset.game, deal, layer: host.dataset.layer, lang: host.dataset.lang, text, book: storedRecord() } });
}

start();
