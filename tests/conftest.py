import os
import sys
import tempfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


def pytest_configure(config):
    # the player's record (pasyans.record_book) of any table a test plays, in this process or in a
    # kernel or Jupyter server it starts, goes to a scratch folder, never the real user data dir
    os.environ["PASYANS_DATA_DIR"] = tempfile.mkdtemp(prefix="pasyans-test-record-")
    config.addinivalue_line("markers", "allows(*ids): the test shows what these sentences permit")
    config.addinivalue_line("markers", "forbids(*ids): the test shows what these sentences refuse")


@pytest.fixture(autouse=True)
def _player_record_in_tmp(tmp_path_factory, monkeypatch):
    """Tables keep the player's record (pasyans.record_book): never in the real user data dir."""
    monkeypatch.setenv("PASYANS_DATA_DIR", str(tmp_path_factory.mktemp("player-record")))
