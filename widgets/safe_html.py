"""A whitelist cleaner for the edition's HTML before it reaches the page.

``pasyans.texts.html`` already escapes the edition's text; this is the second lock: only a few
inert elements and attributes pass (no ``id``, no ``style``, no ``href``, no event handlers),
the content of ``script``/``style``/… is dropped, and every text node is re-escaped. The browser
applies the same whitelist again when it inserts the text.
"""
from __future__ import annotations

import html
import re
from html.parser import HTMLParser

ALLOWED_TAGS = frozenset({
    "div", "p", "span", "h1", "h2", "h3", "h4", "h5", "h6", "em", "i", "b", "strong", "sup", "sub",
    "small", "br", "figure", "figcaption", "blockquote", "ol", "ul", "li", "q", "abbr", "code",
    "section", "header", "cite", "hr", "s", "u", "mark", "del", "ins", "article", "aside",
})
VOID_TAGS = frozenset({"br", "hr"})
DROP_CONTENT = frozenset({"script", "style", "template", "iframe", "object", "embed", "noscript",
                          "textarea", "title", "svg", "math", "select", "xmp", "noembed", "noframes"})
ALLOWED_ATTRS = frozenset({"class", "lang", "title", "data-sid", "data-note", "data-notes", "data-type", "data-n",
                           "data-layer", "data-figure", "data-target", "data-targets", "data-options",
                           "data-game", "dir"})
_ATTR_VALUE = re.compile(r"^[^<>`\x00-\x1f]*$")


class _Cleaner(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.open: list[str] = []
        self.dropping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        tag = tag.lower()
        if tag in DROP_CONTENT:
            self.dropping += 1
            return
        if self.dropping or tag not in ALLOWED_TAGS:
            return
        parts = [tag]
        for name, value in attrs:
            name = name.lower()
            if name in ALLOWED_ATTRS and value is not None and _ATTR_VALUE.match(value):
                parts.append(f'{name}="{html.escape(value, quote=True)}"')
        self.out.append("<" + " ".join(parts) + ">")
        if tag not in VOID_TAGS:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        tag = tag.lower()
        if tag in DROP_CONTENT:
            return
        self.handle_starttag(tag, attrs)
        if tag in ALLOWED_TAGS and tag not in VOID_TAGS and self.open and self.open[-1] == tag and not self.dropping:
            self.open.pop()
            self.out.append(f"</{tag}>")

    def handle_endtag(self, tag: str) -> None:
        tag = tag.lower()
        if tag in DROP_CONTENT:
            self.dropping = max(0, self.dropping - 1)
            return
        if self.dropping or tag not in ALLOWED_TAGS or tag in VOID_TAGS or tag not in self.open:
            return
        while self.open:
            t = self.open.pop()
            self.out.append(f"</{t}>")
            if t == tag:
                break

    def handle_data(self, data: str) -> None:
        if not self.dropping:
            self.out.append(html.escape(data, quote=False))

    def close(self) -> None:
        super().close()
        while self.open:
            self.out.append(f"</{self.open.pop()}>")


def clean(text: str) -> str:
    """``text`` with only whitelisted, inert markup left and all text escaped."""
    c = _Cleaner()
    c.feed(text or "")
    c.close()
    return "".join(c.out)
