"""What each move does: laying cards (Euphoria, Bummers), stories, the silence window,
and the end of turns, rounds and the game. Building the deck and drawing are the
deck's (``deck``)."""

from __future__ import annotations

from collections.abc import Callable

from ...core import Action
from .board import board_changed, euphoria_cells, place_name, sweep_cells
from .deck import build_done, card_by_word, draw, toggle_topic
from .fields import BUMMER, OVER, PLAY, STORY, WINDOW, HappinessFields
from .moves import actors
from .scores import result, score_sentence


def do(state: HappinessFields, a: Action) -> None:
    """Change the (already copied) state by the legal move ``a``."""
    before = actors(state)
    DO[a.kind](state, a)
    if actors(state) != before:
        state.checkpoint += 1  # play passes to other seats: undo stops here


def place(state: HappinessFields, a: Action) -> None:
    seat = a.seat
    cid = card_by_word(a.args[0])
    assert cid is not None  # why_illegal let only a card of the hand through
    cell = (a.args[1], a.args[2])
    state.hands[seat].remove(cid)
    state.checkpoint += 1  # the card left a hidden hand
    if state.cards[cid].is_bummer:
        play_bummer(state, seat, cid, cell)
        state.after = "bummer"
    else:
        play_joycard(state, seat, cid, cell)
        state.after = "turn"
    state.actor = seat
    state.stage = STORY


def play_bummer(state: HappinessFields, seat: int, cid: int, cell: tuple[int, int]) -> None:
    cards = state.cards
    who, card = state.players[seat], cards[cid]
    where = place_name(state, cell)  # named before the cards beside it are swept
    swept = sweep_cells(state, cell)
    taken = [state.board.pop(c) for c in swept]
    board_changed(state)
    ids = [i for i, _ in taken]
    pts = sum(cards[i].points for i in ids)
    state.bummer_pile[seat].extend(ids + [cid])
    state.bummed[seat] += pts
    state.sweeps[seat].append([cid, [[i, owner] for i, owner in taken]])
    if state.options.get("bummer_scoring", "take") == "strip":
        for i, owner in taken:
            state.lost[owner] += cards[i].points
    if ids:
        names = ", ".join(cards[i].word for i in ids)
        state.log(
            f"{who} plays the Bummer {card.word} {where}: it bums "
            f"out {names}, worth {pts} Joypoint{'s' if pts != 1 else ''}, into "
            f"{who}'s Bummer Pile."
        )
    else:
        state.log(
            f"{who} plays the Bummer {card.word} apart from every card: it bums out "
            f"nothing and goes alone into {who}'s Bummer Pile."
        )
    state.last = {
        "seat": seat,
        "card": cid,
        "cell": list(cell),
        "bummer": True,
        "swept": [list(c) for c in swept],
        "swept_cards": ids,
        "points": pts,
        "euphoria": [],
        "euphoria_cards": [],
    }


def play_joycard(state: HappinessFields, seat: int, cid: int, cell: tuple[int, int]) -> None:
    cards = state.cards
    who, card = state.players[seat], cards[cid]
    where = place_name(state, cell)
    state.board[cell] = (cid, seat)
    board_changed(state)
    state.joy[seat] += card.points
    state.played[seat].append(cid)
    state.log(
        f"{who} plays {card.word} {where} and scores "
        f"{card.points} Joypoint{'s' if card.points != 1 else ''}."
    )
    plus = euphoria_cells(state, cell)
    ids = [state.board[c][0] for c in plus]
    bonus = sum(cards[i].points for i in ids)
    if plus:
        for c in plus:
            del state.board[c]
        board_changed(state)
        state.euphoria_pile[seat].extend(ids)
        state.euphoria[seat] += bonus
        state.pluses[seat].append([bonus, [cards[i].word for i in ids]])
        names = ", ".join(cards[i].word for i in ids)
        state.log(
            f"Euphoria! {who} completes a plus: {names} go into {who}'s Euphoria "
            f"Pile for {bonus} more Joypoints."
        )
    state.last = {
        "seat": seat,
        "card": cid,
        "cell": list(cell),
        "bummer": False,
        "swept": [],
        "swept_cards": [],
        "points": card.points,
        "euphoria": [list(c) for c in plus],
        "euphoria_cards": ids,
        "bonus": bonus,
    }


def story(state: HappinessFields, a: Action) -> None:
    text = a.args[0].strip()
    seat = a.seat
    assert state.last is not None  # a story follows a card just played
    state.journal.append(
        {
            "seat": seat,
            "name": state.players[seat],
            "word": state.cards[state.last["card"]].word,
            "bummer": state.last["bummer"],
            "round": state.round,
            "text": text,
        }
    )
    state.log(f"{state.players[seat]} tells a story: \u201c{text}\u201d")
    _after_story(state, seat)


def skip_story(state: HappinessFields, a: Action) -> None:
    _after_story(state, a.seat)


def _after_story(state: HappinessFields, seat: int) -> None:
    draw(state, seat)
    if state.after == "bummer":
        close_window(state)
    else:
        end_turn(state)


def pass_turn(state: HappinessFields, a: Action) -> None:
    state.log(f"{state.players[a.seat]} holds no Joycard and passes.")
    state.last = None
    draw(state, a.seat)
    end_turn(state)


def claim(state: HappinessFields, a: Action) -> None:
    state.log(f"{state.players[a.seat]} breaks the silence with a Bummer!")
    state.waiting = []
    state.actor = a.seat
    state.stage = BUMMER


def stay_silent(state: HappinessFields, a: Action) -> None:
    state.waiting.remove(a.seat)
    if not state.waiting:
        close_window(state)


def close(state: HappinessFields, a: Action) -> None:
    close_window(state)


# ---- the flow of turns --------------------------------------------------------------
def end_turn(state: HappinessFields) -> None:
    """After a turn: the game ends with the round the deck ran out in; else the
    silence opens (once a card is on the table)."""
    state.turns_played += 1
    if state.turn == state.last_seat_of_round and state.end_triggered:
        finish(state)
        return
    if state.board:
        state.stage = WINDOW
        state.after = None
        n = state.n
        if state.timer:
            state.waiting = list(range(n))
        elif state.options.get("silence") == "turns_from_player":
            # who just played, then round the table, the next player (who plays next) last
            state.waiting = [(state.turn + k) % n for k in (0, *range(2, n), 1)]
        else:
            state.waiting = [(state.turn + 1 + k) % n for k in range(n)]
    else:
        next_turn(state)


def close_window(state: HappinessFields) -> None:
    if state.after != "bummer":
        state.log("The silence passes without a Bummer.")
    state.waiting = []
    state.after = None
    if state.turn == state.last_seat_of_round and state.end_triggered:
        finish(state)
    else:
        next_turn(state)


def next_turn(state: HappinessFields) -> None:
    if state.turn == state.last_seat_of_round:
        state.round += 1
        state.log(f"Round {state.round}.")
    state.turn = (state.turn + 1) % state.n
    state.actor = state.turn
    state.stage = PLAY


def finish(state: HappinessFields) -> None:
    state.stage = OVER
    state.waiting = []
    res = result(state)
    names = " and ".join(state.players[s] for s in res["winners"])
    state.log(
        f"The round is complete and the community deck is empty: the game is over. "
        f"{names} {'win' if len(res['winners']) > 1 else 'wins'}."
    )
    for seat in range(state.n):  # each total as a sum, and the hands, public now
        state.log(score_sentence(state, seat))


# what each kind of move does
DO: dict[str, Callable[[HappinessFields, Action], None]] = {
    "toggle_topic": toggle_topic,
    "build_done": build_done,
    "place": place,
    "story": story,
    "skip_story": skip_story,
    "pass_turn": pass_turn,
    "claim": claim,
    "pass": stay_silent,
    "close": close,
}
