"""The table's geometry lives in the engine (:mod:`pasyans.geometry`, so that a game can draw
itself without this package); the widgets import it from there under this name."""
from pasyans.geometry import *  # noqa: F403
from pasyans.geometry import __all__  # noqa: F401
