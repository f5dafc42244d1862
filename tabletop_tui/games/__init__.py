"""One screen package per game, found by looking through this folder.

Each package ``tabletop_tui/games/<game>/`` declares in its ``__init__.py`` a tuple
``UI`` of GameUI, one per game id it shows: the screen class, the help file and,
for the end of the game, its own end screen if it has one (the shared one itemises
each game's result()). Adding a game touches no shared file. Screens are named as "module:Class" and
imported only when a game opens, so the title screen comes up fast.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .base import GameScreenBase

KEYS = Path(__file__).parent.parent / "keys.md"


def _load(ref: str, package: str) -> Any:
    module, name = ref.split(":")
    return getattr(importlib.import_module(module, package), name)


@dataclass(frozen=True)
class GameUI:
    game: str  # the rules id (rules.GAMES)
    screen: str  # "module:Class" of the game screen; ".module" is within the package
    end_screen: str | None = None  # "module:Class" of its own EndScreen subclass
    help_file: str = "help.md"  # the rules reference (Markdown), beside __init__.py
    package: str = ""  # filled in when the package is found

    @property
    def help(self) -> Path:
        module = importlib.import_module(self.package)
        return Path(module.__file__ or ".").with_name(self.help_file)

    def screen_class(self) -> type[GameScreenBase]:
        cls: type[GameScreenBase] = _load(self.screen, self.package)
        return cls

    def end_screen_class(self) -> Any:
        """The game's own end screen (None: the app shows the shared one)."""
        return _load(self.end_screen, self.package) if self.end_screen else None


@cache
def all_ui() -> dict[str, GameUI]:
    """game id -> GameUI for every screen package here, and any registered later by
    ``register_screens`` (the one mapping, kept and filled in place)."""
    found: dict[str, GameUI] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.ispkg:
            _add_screens(found, f"{__name__}.{info.name}")
    return found


def register_screens(package: str) -> list[GameUI]:
    """Add the screen package ``package`` (a dotted name, anywhere: a game kept
    outside this folder, such as the tests' own) as the folder's packages are added;
    registering it again changes nothing. Returns its GameUIs."""
    return _add_screens(all_ui(), package)


def _add_screens(found: dict[str, GameUI], package: str) -> list[GameUI]:
    module = importlib.import_module(package)
    added = [replace(ui, package=module.__name__) for ui in getattr(module, "UI", ())]
    for ui in added:
        if found.get(ui.game, ui).package != ui.package:
            raise ImportError(f"two screen packages show the game {ui.game!r}")
    found.update((ui.game, ui) for ui in added)
    return added


def ui_for(game_id: str) -> GameUI:
    try:
        return all_ui()[game_id]
    except KeyError:
        raise KeyError(f"no screen for the game {game_id!r}") from None


def playable() -> list[str]:
    """Ids of the games that have a screen, in the registry's order."""
    import rules

    return [gid for gid in rules.GAMES if gid in all_ui()]


def screen_class(game_id: str) -> type[GameScreenBase]:
    return ui_for(game_id).screen_class()


TERMS_MARK = "<!-- terms -->"  # where a help file has its game's glossary written in


def help_text(game_id: str) -> str:
    """The game's rules reference followed by the keys that work everywhere; the
    game's glossary goes where the file marks it (before the rules use its words)."""
    path = ui_for(game_id).help
    keys = KEYS.read_text(encoding="utf-8")
    body = (
        path.read_text(encoding="utf-8") if path.exists() else f"# {game_id}\n\nNo reference yet."
    )
    if TERMS_MARK in body:
        body = body.replace(TERMS_MARK, terms_section(game_id))
    return body + "\n\n" + keys


def terms_section(game_id: str) -> str:
    """The game's glossary as a Markdown section: each word or mark, then its meaning."""
    import rules

    glossary = rules.get_game(game_id).explainer.glossary(game_id)
    lines = ["## Words and marks", ""]
    lines += [f"- **{md_safe(t.name)}**: {md_safe(t.text)}" for t in glossary.terms.values()]
    return "\n".join(lines)


def md_safe(text: str) -> str:
    """Plain text made safe inside Markdown (marks such as * _ # [ ] | read as text)."""
    return "".join("\\" + ch if ch in "\\`*_[]<>#|" else ch for ch in text)
