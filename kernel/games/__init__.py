"""One module per game; each defines ``GAME``, its :class:`pasyans.Game` subclass."""
