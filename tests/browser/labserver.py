"""Start and stop a headless JupyterLab on 127.0.0.1 serving a temporary copy of some files.

Used by the browser tests' fixture and by ``benchmarks/widget.py``. The server gets its own
config, runtime, settings and workspace folders, autosave and the news prompt switched off.
"""
from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_ready(url: str, proc: subprocess.Popen, timeout: float = 60) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            return False
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return True
        except OSError:
            pass
        time.sleep(0.25)
    return False


def _settings(home: Path) -> None:
    for plugin, data in {
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                            "checkForUpdates": False},
        "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    }.items():
        p = home / "settings" / plugin
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(json.dumps(data))


def stop(proc: subprocess.Popen) -> None:
    """SIGTERM the server's process group (it shuts its kernels down), SIGKILL after 15 s."""
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    except ProcessLookupError:
        pass


@contextlib.contextmanager
def lab_server(home: Path, files: Path | None = None) -> Iterator[dict]:
    """A JupyterLab serving ``home/root`` (a copy of ``files`` when given); yields base, token, log, root."""
    root = home / "root"
    if files is not None:
        shutil.copytree(files, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    root.mkdir(parents=True, exist_ok=True)
    _settings(home)
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(home / "config"), "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
           "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"), "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces"),
           "PYTHONPATH": str(root)}
    token = secrets.token_hex(16)
    log_path = home / "server.log"
    proc = None
    for _attempt in range(3):  # the free port may be taken before the server binds it
        port = free_port()
        log = open(log_path, "w")  # noqa: SIM115  (open while the server runs)
        proc = subprocess.Popen(
            [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
             f"--ServerApp.port={port}", "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
             f"--ServerApp.root_dir={root}", "--ServerApp.allow_root=True", "--LabApp.expose_app_in_browser=True",
             "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
             "--LabApp.extension_manager=readonly"],
            env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True, cwd=root)
        base = f"http://127.0.0.1:{port}"
        if _wait_ready(f"{base}/api/status?token={token}", proc):
            break
        stop(proc)
        log.close()
    else:
        raise RuntimeError("JupyterLab did not start:\n" + log_path.read_text()[-3000:])
    try:
        yield {"base": base, "token": token, "log": log_path, "root": root}
    finally:
        stop(proc)
        log.close()


def wait_kernel_idle(page, timeout_ms: int = 60_000) -> None:
    """Wait until the current notebook's kernel is connected and idle (not just 'idle' in the toolbar)."""
    page.wait_for_function(
        """() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
                   const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
                   return !!k && k.connectionStatus === 'connected' && k.status === 'idle'; }""",
        timeout=timeout_ms)


def run_all(page) -> None:
    """Run every cell without awaiting the command's promise (page.evaluate has no timeout)."""
    wait_kernel_idle(page)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
