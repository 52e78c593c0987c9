"""The card table (anywidget) and the Pillow renderer.

In a notebook::

    from pasyans.widgets import Table
    t = Table("braid", deal=7)            # or Table(game), Table("clock", 3, redeals=1, layer="english")
    t                                     # the live table beside its text
    t.load_line(pasyans.solve(t.game).line); t.step(); t.back()
    t.move_count, t.status, t.last_move   # observable traitlets (t.observe(...))
    t.save("game.json"); t.load("game.json")

Pictures, for readers without a kernel::

    from pasyans.widgets import render, filmstrip, figure, lost_figures
    render(game)                          # PIL.Image of the table as it lies now
    filmstrip(game, line)                 # a line of play, each move with the sentence it cites
    [figure(f) for f in lost_figures()]   # the sources' lost figures, drawn as reconstructions

The geometry comes from the engine's layout description (``game.layout()``); nothing about a
game's table lives here.
"""
from __future__ import annotations

from .geometry import placements
from .render import figure, filmstrip, lost_figures, render
from .table import Table

__all__ = ["Table", "figure", "filmstrip", "lost_figures", "placements", "render"]
