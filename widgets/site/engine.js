// The engine of the playing site, in a Web Worker: Pyodide (CPython compiled to WebAssembly) runs
// the edition's own Python — pasyans.session.Session, the class the notebook's table adapts — off
// the page's thread, so a hint's search (the solver's state budget, seconds at most) never
// freezes the page. The page posts {type: "start", wheel, args} once, then {type: "msg", content}
// for each intent; the worker answers "ready" (the session's fields), then for each intent a
// "result" (the JSON text of the fields that changed, the reply, and the player's record; and
// the milliseconds Python took over it).
import { loadPyodide } from "./pyodide/pyodide.mjs";

const PY = `
import gc
import json
from pathlib import Path

from pasyans.session import Session, StoredText

RECORD = Path("/home/pyodide/pasyans")  # the player's record: the page keeps it in localStorage
_session = None
_changes = []


def _book():
    f = RECORD / "record.json"
    return f.read_text(encoding="utf-8") if f.exists() else None


def start(args):
    global _session
    a = json.loads(args)
    RECORD.mkdir(parents=True, exist_ok=True)
    if a.get("book"):
        (RECORD / "record.json").write_text(a["book"], encoding="utf-8")
    _session = Session(a["game"], a["deal"], layer=a["layer"], lang=a["lang"], record=RECORD,
                       text=StoredText(a["text"]))
    _session.line_frames = False  # the page plays the line live: no exported frames to keep
    _session.listen(_changes.append)
    state = _session.state()
    _sent["ui"], _sent["book"] = state["view"].get("ui"), _book()
    gc.collect()
    gc.freeze()  # the engine's modules and tables, there for good: no collection walks them again
    return json.dumps(state, ensure_ascii=False)


_sent = {"ui": None, "book": None}  # what the page holds already: not sent again


def handle(content):
    reply = _session.handle(json.loads(content))
    changed = {}
    for c in _changes:
        changed.update(c)
    _changes.clear()
    view = changed.get("view")
    if view is not None:  # the table keeps the last ui strings of its language (table.js: ui())
        if view.get("ui") == _sent["ui"]:
            changed["view"] = {k: v for k, v in view.items() if k != "ui"}
        _sent["ui"] = view.get("ui", _sent["ui"])
    book = _book()
    fresh = book if book != _sent["book"] else None
    _sent["book"] = book
    return json.dumps({"changes": changed, "reply": reply, "book": fresh}, ensure_ascii=False)
`;

let handle = null;

self.onmessage = async (ev) => {
  const m = ev.data || {};
  try {
    if (m.type === "start") {
      const t0 = performance.now();
      const py = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
      const wheel = await fetch(new URL(m.wheel, import.meta.url));
      if (!wheel.ok) throw new Error(`the engine's wheel ${m.wheel} is missing (${wheel.status})`);
      py.unpackArchive(await wheel.arrayBuffer(), "wheel");
      py.runPython(PY);
      const state = py.globals.get("start")(JSON.stringify(m.args));
      handle = py.globals.get("handle");
      self.postMessage({ type: "ready", state, ms: performance.now() - t0, python: py.version });
    } else if (m.type === "msg" && handle) {
      const t0 = performance.now();
      const out = handle(JSON.stringify(m.content));
      self.postMessage({ type: "result", out, ms: performance.now() - t0 });
    }
  } catch (e) {
    self.postMessage({ type: "error", message: String((e && e.message) || e).slice(0, 2000) });
  }
};
