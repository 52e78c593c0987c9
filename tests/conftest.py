import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))


def pytest_configure(config):
    config.addinivalue_line("markers", "allows(*ids): the test shows what these sentences permit")
    config.addinivalue_line("markers", "forbids(*ids): the test shows what these sentences refuse")
