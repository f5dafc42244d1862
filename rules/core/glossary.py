"""A game's glossary: the short marks and words its screens use, each said in full.

A glossary is data, kept in the game's package as a TOML file of ``[[term]]`` tables
(``key``, ``name``, ``shown``: the marks as a screen writes them, ``text``: what they
mean, in the project's own words, and optionally ``pattern``, a regular expression
that finds the mark in a line of screen text when the mark varies, as ``orIB`` and
``grIB`` do). The game's explainer (``Explainer.term``) answers ``Ref("term", key)`` from it, and the
look-up key and the command palette find its terms by name or by mark.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from .errors import DataError

GLOSSARY_FILE = "glossary.toml"


@dataclass(frozen=True)
class Term:
    key: str  # the id a Ref names it by
    name: str  # the term in full
    shown: tuple[str, ...]  # the marks a screen writes for it ("anyIB", "orIB")
    text: str  # what it means
    pattern: str = ""  # finds it in screen text (empty: any of ``shown`` as a whole token)

    @property
    def finder(self) -> re.Pattern[str]:
        return _finder(self.pattern, self.shown)


@cache
def _finder(pattern: str, shown: tuple[str, ...]) -> re.Pattern[str]:
    if pattern:
        return re.compile(pattern)
    marks = "|".join(re.escape(mark) for mark in sorted(shown, key=len, reverse=True))
    # a mark stands alone: not inside a longer word or number ("inc+2", not "irinc+2")
    return re.compile(rf"(?<![\w+/]){marks}(?![\w/])" if marks else r"(?!x)x")


@dataclass(frozen=True)
class Glossary:
    terms: dict[str, Term] = field(default_factory=dict)

    def get(self, key: object) -> Term | None:
        return self.terms.get(key) if isinstance(key, str) else None

    def found_in(self, text: str) -> list[Term]:
        """The terms whose marks the text uses, in the glossary's order."""
        return [term for term in self.terms.values() if term.finder.search(text)]


EMPTY = Glossary()


def package_glossary(package: str) -> Glossary:
    """The glossary of ``package`` if it keeps one, else an empty one."""
    if not resources.files(package).joinpath(GLOSSARY_FILE).is_file():
        return EMPTY
    return load_glossary(package)


@cache
def load_glossary(package: str, file: str = GLOSSARY_FILE) -> Glossary:
    """The glossary kept in ``package`` (a dotted name) as ``file``."""
    try:
        raw = tomllib.loads(resources.files(package).joinpath(file).read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise DataError(f"{package}/{file}: {exc}") from exc
    terms: dict[str, Term] = {}
    for entry in raw.get("term", []):
        try:
            term = Term(
                key=entry["key"],
                name=entry["name"],
                shown=tuple(entry.get("shown", ())),
                text=entry["text"],
                pattern=entry.get("pattern", ""),
            )
        except KeyError as exc:
            raise DataError(f"{package}/{file}: a term lacks {exc}") from exc
        if term.key in terms:
            raise DataError(f"{package}/{file}: the term {term.key!r} twice")
        terms[term.key] = term
    return Glossary(terms)
