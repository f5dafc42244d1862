"""Screen packages of the games kept only in the tests (``tests/games/``), registered
by the test that opens them (``tabletop_tui.games.register_screens``), never by the
app: the title offers only the games shipped in ``rules/``."""
