"""Hidden Nim's screen: the smallest game screen, kept in the tests to show that a
game's screen joins the app without an edit outside its own folder."""

from tabletop_tui.games import GameUI

UI = (GameUI("hidden-nim", ".screen:HiddenNimScreen"),)
