"""``pasyans site DIR --serve`` (:mod:`pasyans.site_server`): a built playing site served on
127.0.0.1 with the types the page needs, nothing outside the folder, one-line errors."""
from __future__ import annotations

import http.client
import threading

import pytest

from pasyans import site_server
from pasyans.cli import main
from pasyans.errors import PasyansError


@pytest.fixture
def site(tmp_path):
    """A folder laid out as a built site (the files' contents do not matter to the server)."""
    d = tmp_path / "play"
    for name in site_server.BUILT:
        (d / name).parent.mkdir(parents=True, exist_ok=True)
        (d / name).write_bytes(b"\0asm" if name.endswith(".wasm") else b"// " + name.encode())
    (d / "pasyans-0.0-py3-none-any.whl").write_bytes(b"PK\x03\x04")
    (tmp_path / "secret.txt").write_text("outside the site")
    return d


@pytest.fixture
def served(site):
    httpd = site_server.server(site)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield site, httpd.server_address[1]
    httpd.shutdown()
    httpd.server_close()


def get(port: int, path: str) -> tuple[int, str, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path)  # sent as it is: http.client does not normalise ".."
    r = conn.getresponse()
    body = r.read()
    conn.close()
    return r.status, r.getheader("Content-Type") or "", body


def test_the_site_is_served_with_the_types_the_page_needs(served):
    _, port = served
    assert get(port, "/index.html")[:2] == (200, "text/html")
    assert get(port, "/pyodide/pyodide.asm.wasm")[1] == "application/wasm"  # WebAssembly streaming needs it
    assert get(port, "/pyodide/pyodide.mjs")[1] == "text/javascript"
    assert get(port, "/play.js")[1] == "text/javascript"
    assert get(port, "/pasyans-0.0-py3-none-any.whl")[1:] == ("application/zip", b"PK\x03\x04")
    assert get(port, "/")[0] == 200  # the index
    assert get(port, "/nothing.html")[0] == 404


@pytest.mark.parametrize("path", ["/../secret.txt", "/pyodide/../../secret.txt", "/%2e%2e/secret.txt",
                                  "/..%2fsecret.txt", "/pyodide/..%2f..%2fsecret.txt"])
def test_nothing_outside_the_folder_is_served(served, path):
    _, port = served
    status, _, body = get(port, path)
    assert b"outside the site" not in body and status == 404


def test_a_link_that_leads_out_of_the_folder_is_not_followed(served):
    site, port = served
    (site / "out.txt").symlink_to(site.parent / "secret.txt")
    status, _, body = get(port, "/out.txt")
    assert status == 404 and b"outside" not in body


def test_a_missing_or_unbuilt_folder_is_refused_in_one_line(tmp_path, site):
    with pytest.raises(PasyansError, match="there is no folder .*make play"):
        site_server.check(tmp_path / "nowhere")
    (site / "pyodide" / "pyodide.mjs").unlink()
    with pytest.raises(PasyansError, match=r"not a built playing site \(no pyodide/pyodide.mjs\).*make play"):
        site_server.check(site)
    (tmp_path / "file").write_text("x")
    with pytest.raises(PasyansError, match="is a file"):
        site_server.check(tmp_path / "file")


def test_the_command_line_checks_serves_and_ends_quietly(site, tmp_path, capsys, monkeypatch):
    assert main(["site", str(site)]) == 0
    out = capsys.readouterr().out
    assert "a built playing site" in out and "--serve" in out
    assert main(["site", str(tmp_path / "nowhere"), "--serve"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pasyans: error: there is no folder") and err.count("\n") == 1 and "make play" in err

    def interrupted(self, poll_interval=0.5):
        raise KeyboardInterrupt

    monkeypatch.setattr(site_server.ThreadingHTTPServer, "serve_forever", interrupted)
    assert main(["site", str(site), "--serve", "--port", "0"]) == 0  # Ctrl-C: no traceback, no error
    captured = capsys.readouterr()
    assert "serving" in captured.out and "http://127.0.0.1:" in captured.out and captured.err == ""


def test_a_bad_port_is_refused_in_one_line(site, capsys):
    with pytest.raises(SystemExit):
        main(["site", str(site), "--serve", "--port", "70000"])
    assert "a port is from 0 to 65535" in capsys.readouterr().err
    holder = site_server.server(site)  # a port in use
    try:
        assert main(["site", str(site), "--serve", "--port", str(holder.server_address[1])]) == 2
        assert "cannot serve on 127.0.0.1:" in capsys.readouterr().err
    finally:
        holder.server_close()
