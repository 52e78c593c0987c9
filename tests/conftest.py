import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))


def pytest_configure(config):
    config.addinivalue_line("markers", "allows(*ids): the test shows what these sentences permit")
    config.addinivalue_line("markers", "forbids(*ids): the test shows what these sentences refuse")


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _player_record_in_tmp(tmp_path_factory, monkeypatch):
    """Tables keep the player's record (pasyans.record_book): never in the real user data dir."""
    monkeypatch.setenv("PASYANS_DATA_DIR", str(tmp_path_factory.mktemp("player-record")))
