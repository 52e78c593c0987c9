"""The table's message protocol lives in the engine (:mod:`pasyans.protocol`, so that a session can
check intents without this package); the widgets import it from there under this name."""
from pasyans.protocol import ACTIONS, LAYERS, MAX_RECORD_CHARS, MAX_TEXT, ProtocolError, validate

__all__ = ["ACTIONS", "LAYERS", "MAX_RECORD_CHARS", "MAX_TEXT", "ProtocolError", "validate"]
