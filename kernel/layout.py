"""The table of a game described once, for every renderer (text, browser, Pillow).

Units: a card is 1 wide and ``CARD_H`` high; ``x``/``y`` give a pile's top-left corner, ``y``
growing downwards. A fanned pile spreads its cards by ``FAN_STEP`` per card in its direction.
"""
from __future__ import annotations

from dataclasses import dataclass, field

CARD_H = 1.4
FAN_STEP = 0.28
FANS = ("none", "down", "up", "right", "left")
ROLES = ("stock", "waste", "talon", "foundation", "tableau", "reserve", "hand", "discard", "aside")


@dataclass(frozen=True, slots=True)
class Spot:
    """Where one pile lies: position, fan direction, role and what the text calls it."""

    pile: str
    x: float
    y: float
    role: str
    label_en: str
    label_ru: str
    fan: str = "none"
    rotate: int = 0
    max_fan: int = 0  # 0: fan every card; n: show at most n cards fanned
    group: str = ""  # e.g. "army", "player A": piles a renderer may frame together

    def __post_init__(self) -> None:
        if self.fan not in FANS:
            raise ValueError(f"fan {self.fan!r} is not one of {FANS}")
        if self.role not in ROLES:
            raise ValueError(f"role {self.role!r} is not one of {ROLES}")
        if self.rotate not in (0, 90):
            raise ValueError("rotate is 0 or 90")


@dataclass(frozen=True, slots=True)
class Layout:
    """All the spots of a table, with the table's size in card units and a caption."""

    width: float
    height: float
    spots: tuple[Spot, ...]
    caption_en: str = ""
    caption_ru: str = ""
    groups: dict[str, tuple[str, str]] = field(default_factory=dict)  # group -> (en, ru) label

    def spot(self, pile: str) -> Spot:
        for s in self.spots:
            if s.pile == pile:
                return s
        raise KeyError(pile)

    def to_dict(self) -> dict:
        """JSON-ready form for the browser."""
        return {
            "width": self.width, "height": self.height, "card_h": CARD_H, "fan_step": FAN_STEP,
            "caption_en": self.caption_en, "caption_ru": self.caption_ru,
            "groups": {k: list(v) for k, v in self.groups.items()},
            "spots": [
                {"pile": s.pile, "x": s.x, "y": s.y, "role": s.role, "label_en": s.label_en,
                 "label_ru": s.label_ru, "fan": s.fan, "rotate": s.rotate, "max_fan": s.max_fan,
                 "group": s.group}
                for s in self.spots
            ],
        }
