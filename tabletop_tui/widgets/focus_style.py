"""Restyling a widget when the focus moves, from the styles it had the last time it
looked that way.

The focus moves at most keys of a game: between the Happiness board and story box,
between the Sweet Lands move list and map. Each move made Textual match the whole
stylesheet against the widget again (and against each part of an Input or an option
list): about a millisecond, for one of two looks that never change while the
stylesheet, the theme and the classes stay.
"""

from __future__ import annotations

from typing import Any

from textual.css.stylesheet import Stylesheet

from .line_api import PlainFocusStyle

LOOKS = 8  # kept looks a widget (focused or not, times a class or two)


class KeptFocusStyle(PlainFocusStyle):
    """A mixin, listed before the widget class: the rules and part styles the
    stylesheet gave the widget for a look are kept by everything they depend on here
    (the stylesheet's rules, the theme, the widget's and its screen's classes, hover,
    focus and disabled), and set again straight when the widget looks that way again."""

    _focus_looks: dict[tuple, tuple[dict, dict]] | None = None
    _focus_rules: object = None  # the stylesheet's rules the kept looks came from
    app: Any
    screen: Any
    classes: Any
    styles: Any
    _component_styles: Any
    _pseudo_classes_cache_key: Any
    refresh: Any

    def watch_has_focus(self, _has_focus: bool) -> None:
        app = self.app
        rules = app.stylesheet.rules_map  # a new map after any reparse (a theme, CSS)
        if self._focus_looks is None or rules is not self._focus_rules:
            self._focus_looks, self._focus_rules = {}, rules
        key = (self._pseudo_classes_cache_key, self.classes, self.screen.classes)
        key += (app.theme, app.ansi_color)
        kept = self._focus_looks.get(key)
        if kept is None:
            super().watch_has_focus(_has_focus)  # the stylesheet, matched afresh
            if len(self._focus_looks) >= LOOKS:
                self._focus_looks.clear()
            self._focus_looks[key] = (
                dict(self.styles.base._rules),
                dict(self._component_styles),
            )
            return
        node_rules, parts = kept
        Stylesheet.replace_rules(self, node_rules, animate=False)  # type: ignore[arg-type]
        if parts != self._component_styles:
            self._component_styles.clear()
            self._component_styles.update(parts)
            self.refresh()
