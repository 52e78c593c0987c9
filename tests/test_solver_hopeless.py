"""Dead-position proofs checked against the plain search after a redeal.

The other tests of ``hopeless`` mostly use positions of a game's first laying or pass. A proof
can hold there and fail later: the octagon's check once took its relaxed pack for the real one
after a redeal and called a won position lost (its fix, and the position, are in
``test_octagon.py``). Here, for every game that lays its cards again, the second half of won
lines (the later passes) is walked: no position on the line is hopeless, and every position one
other move away that the knowledge calls hopeless is not won by the plain search, which knows
nothing of the game. Run on the octagon's check as it was before the fix, the ``middle=turned``
case finds two such positions won.
"""
import pytest

import pasyans
from pasyans.solver import PLAIN, knowledge_for, solve


def side_steps(gid: str, options: dict, lines: int):
    """(on_line, side) pairs along the second half of the first ``lines`` won lines of deals
    1, 2 …: the position on the line, then each position one other legal move away."""
    found = 0
    for deal in range(1, 40):
        if found == lines:
            return
        start = pasyans.new_game(gid, deal, **options)
        res = solve(start, 5000, 60)
        if res.verdict != "won":
            continue
        found += 1
        pos = start.clone()
        for i, m in enumerate(res.line):
            if i >= len(res.line) // 2:
                yield pos, None
                for alt in pos.legal_moves():
                    if alt != m:
                        side = pos.clone()
                        side.play(alt)
                        if side.status == "playing":
                            yield pos, side
            pos.play(m)
    raise AssertionError(f"fewer than {lines} won deals of {gid} {options} in 1-39")


# (game, reading, won lines walked, plain verdicts expected at least): the last is about half
# of what was measured, so that the test keeps its teeth.
CASES = [
    ("octagon", {}, 3, 10),
    ("octagon", {"packets": "any"}, 3, 12),
    ("octagon", {"relays": 2}, 3, 7),
    ("octagon", {"middle": "turned"}, 5, 30),
    ("braid", {}, 3, 2),
    ("braid", {"redeals": 2}, 3, 7),
    ("village", {"bases": "suit"}, 3, 5),
    ("indian_empress", {}, 3, 1),
]


IDS = [g + "-" + (",".join(f"{k}={v}" for k, v in o.items()) or "default") for g, o, _, _ in CASES]


@pytest.mark.parametrize("gid, options, lines, least", CASES, ids=IDS)
def test_no_hopeless_position_after_a_redeal_is_won_by_the_plain_search(gid, options, lines, least):
    decided = 0
    for pos, side in side_steps(gid, options, lines):
        if side is None:
            assert not knowledge_for(pos).hopeless(pos), pos
        elif knowledge_for(side).hopeless(side):
            verdict = solve(side, 3000, 60, PLAIN).verdict
            assert verdict != "won", side
            decided += verdict == "lost"
    assert decided >= least
