"""The one whitelist for the edition's HTML before it reaches the page (nh3, i.e. Ammonia).

``pasyans.texts.html`` already escapes the edition's text; this is the lock the page relies on:
only a few inert elements and attributes pass (no ``id``, no ``style``, no ``href``, no event
handlers), the content of ``script``/``style``/… is dropped, comments go, and the markup is
re-serialised by an HTML5 parser. The browser inserts what it is sent as it is: this is the
only sanitiser in the edition.
"""
from __future__ import annotations

import re

import nh3

ALLOWED_TAGS = frozenset({
    "div", "p", "span", "h1", "h2", "h3", "h4", "h5", "h6", "em", "i", "b", "strong", "sup", "sub",
    "small", "br", "figure", "figcaption", "blockquote", "ol", "ul", "li", "q", "abbr", "code",
    "section", "header", "cite", "hr", "s", "u", "mark", "del", "ins", "article", "aside",
})
DROP_CONTENT = frozenset({"script", "style", "template", "iframe", "object", "embed", "noscript",
                          "textarea", "title", "svg", "math", "select", "xmp", "noembed", "noframes"})
ALLOWED_ATTRS = frozenset({"class", "lang", "title", "data-sid", "data-note", "data-notes", "data-type", "data-n",
                           "data-layer", "data-figure", "data-target", "data-targets", "data-options",
                           "data-game", "dir"})
_ATTR_VALUE = re.compile(r"^[^<>`\x00-\x1f]*$")


def _attribute(tag: str, name: str, value: str) -> str | None:
    """Keep an allowed attribute only when its value has no markup or control characters."""
    return value if _ATTR_VALUE.match(value) else None


_CLEANER = nh3.Cleaner(tags=set(ALLOWED_TAGS), clean_content_tags=set(DROP_CONTENT),
                       attributes={"*": set(ALLOWED_ATTRS)}, attribute_filter=_attribute,
                       strip_comments=True, link_rel=None, url_schemes=set())


def clean(text: str) -> str:
    """``text`` with only whitelisted, inert markup left and all text escaped."""
    return _CLEANER.clean(text or "")
