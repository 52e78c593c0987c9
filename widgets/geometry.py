"""The table's geometry lives in the engine (:mod:`pasyans.geometry`, so that a game can draw
itself without this package); the widgets import it from there under this name."""
from pasyans.geometry import (
    CHAR_W,
    GROUP_PAD,
    LABEL_H,
    Placed,
    card_size,
    card_xy,
    collisions,
    extent,
    fan_offset,
    group_frames,
    overlaps,
    pile_box,
    placements,
    reading_order,
    spot_boxes,
)

__all__ = ["CHAR_W", "GROUP_PAD", "LABEL_H", "Placed", "card_size", "card_xy", "collisions", "extent",
           "fan_offset", "group_frames", "overlaps", "pile_box", "placements", "reading_order", "spot_boxes"]
