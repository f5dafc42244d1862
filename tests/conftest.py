"""Registers the games that live only in the tests (``tests/games/``) through the same
discovery as the games in ``rules/``, before any test module is collected, so every
test parametrised over ``rules.GAMES`` plays them too."""

import rules

rules.discover("tests.games")
