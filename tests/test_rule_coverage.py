"""Every sentence the engine cites has a test of what it allows and a test of what it forbids.

The engine's cited ids are read from the game modules' source (every string that looks like a
sentence id); the tests' claims from their ``@allows(...)`` and ``@forbids(...)`` marks.
"""
import re
from pathlib import Path

import pytest

from pasyans import GAMES

ROOT = Path(__file__).resolve().parent.parent
SID = re.compile(r'"((?:' + "|".join(GAMES) + r')\.(?:p|r|fn)\d+\.s\d+)"')
MARK = re.compile(r"@(allows|forbids)\(([^)]*)\)")


def engine_cites() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for gid in GAMES:
        text = (ROOT / "kernel" / "games" / f"{gid}.py").read_text(encoding="utf-8")
        found[gid] = set(SID.findall(text))
    return found


def claimed_marks() -> dict[str, set[str]]:
    marks: dict[str, set[str]] = {"allows": set(), "forbids": set()}
    for path in (ROOT / "tests").glob("test_*.py"):
        for kind, args in MARK.findall(path.read_text(encoding="utf-8")):
            marks[kind].update(re.findall(r'"([^"]+)"', args))
    return marks


@pytest.mark.parametrize("gid", list(GAMES))
def test_every_cited_sentence_has_an_allow_and_a_forbid_test(gid):
    cited = engine_cites()[gid]
    assert cited, f"{gid} cites no sentence"
    marks = claimed_marks()
    missing_allow = sorted(cited - marks["allows"])
    missing_forbid = sorted(cited - marks["forbids"])
    assert not missing_allow, f"no @allows test for {missing_allow}"
    assert not missing_forbid, f"no @forbids test for {missing_forbid}"
