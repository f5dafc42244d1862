"""Happiness as a state machine of fine-grained actions.

Stages and the actions each one takes (``seat:kind:[args]`` keys):

``build``   the youngest seat builds the deck: ``toggle_topic [topic]`` leaves a
            sensitive topic out (or puts it back); ``build_done`` shuffles the deck,
            deals 5 cards to every seat and starts play with the youngest seat.
``play``    the seat whose turn it is plays a Joycard: ``place [word, x, y]``.
            A seat holding no Joycard (only Bummers) ``pass_turn`` instead and draws.
``story``   the seat that just placed a card may ``story [text]`` (any text of 1 to
            STORY_MAX characters; the listed action carries a sample text the UI may
            replace) or ``skip_story``. The story goes into the public journal and,
            as an action argument, into the save. Then that seat draws a card if any
            remain (the card is logged privately to the drawer).
``window``  the silence between turns, when any seat may play a Bummer.
``bummer``  the seat that claimed the silence plays a Bummer: ``place [word, x, y]``.
``over``    no seat acts.

Coordinates: the first card goes at (0, 0); x grows to the right, y grows downwards,
so a card's top edge touches the bottom edge of the card at (x, y - 1).

The silence window (option ``silence``):

* ``"timer"``: after every turn (except the last of the game, and never while the
  table is empty), ``actors()`` returns every seat that has not yet declined, in
  seat order. Each of them may ``claim`` (only a seat holding a Bummer has this
  action), ``pass`` (this seat will not claim; when every seat has passed the window
  closes early) or ``close`` (the countdown ran out: the window closes for all).
  The engine never measures time: the UI runs a countdown of
  ``options["silence_seconds"]`` and, when it ends, sends ``close`` on behalf of any
  seat in ``actors()`` (for example the first). Which seats may claim is private:
  a public screen must not show ``legal_actions`` of the seats during the window.
* ``"turns"``: the same window, asked one seat at a time: ``actors()`` is a single
  seat, starting with the next player and ending with the player who just played;
  each answers ``claim`` or ``pass``. Every seat is asked, Bummer or not, so the
  order of questions reveals nothing.
* ``"turns_from_player"``: asked one seat at a time as well, from the player who just
  played round the table to the next player, who then takes the turn: the fewest
  hand-offs at one keyboard (one a card with two players).

After a ``claim`` the claimant plays one Bummer (stage ``bummer``), may tell a story,
draws a card, and the window closes; the next turn starts. At most one Bummer is
played in each window.

``view(seat)`` keys a screen needs: ``stage``, ``turn``, ``round``, ``actors``,
``acting`` (the seat in the story or bummer stage), ``board`` (cells with the card and
who played it), ``bounds``, ``hand`` (the viewer's own cards, else None), ``spots``
(word -> legal cells, only for the viewer when it must place), ``players`` (hand
counts, score breakdown, both piles), ``community`` (cards left), ``deck`` and
``topics`` (the deck builder), ``window`` (mode, seconds, seats still waiting),
``story`` (whose story is due), ``last`` (the last play, its sweep or Euphoria),
``journal`` and ``symbols`` (letter -> colour and name).
"""

from .board import plus_cells
from .fields import (
    BUILD,
    BUMMER,
    DIRS,
    OVER,
    PLAY,
    STORY,
    STORY_MAX,
    WINDOW,
    edge_label,
    neighbours,
)
from .state import HappinessState

__all__ = [
    "BUILD",
    "BUMMER",
    "DIRS",
    "OVER",
    "PLAY",
    "STORY",
    "STORY_MAX",
    "WINDOW",
    "HappinessState",
    "edge_label",
    "neighbours",
    "plus_cells",
]
