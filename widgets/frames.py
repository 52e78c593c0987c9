"""A loaded line as frames lives in the engine (:mod:`pasyans.frames`, beside the session that
computes them); the widgets import it from there under this name."""
from pasyans.frames import LIVE_ONLY, PER_PILE, encode

__all__ = ["LIVE_ONLY", "PER_PILE", "encode"]
