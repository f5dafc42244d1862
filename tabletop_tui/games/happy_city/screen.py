"""The Happy City game screen. Renders only from the controller's view (view(seat))."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, cast

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import OptionList, Static

from rules.core import Ref, counted
from rules.happy_city import score_sum

from ...lookup import Subject
from ...text import markup_safe as escape
from ...widgets.card import LETTER, card_letter, card_lines
from ...widgets.card_grid import CardGrid
from ...widgets.keybar import KeyBar
from ...widgets.log import LogView
from ...widgets.moves import MoveList
from ...widgets.narrow import ViewStrip
from ...widgets.parts import Parts
from ...widgets.title_bar import TitleBar
from ..base import GameScreenBase

if TYPE_CHECKING:  # the engine is imported on first use, not with the app
    from rules.core import Action, GameState
    from rules.happy_city import CardFace, CardRowView, PlayerView, SpecialFace

    from ...controller import Controller

# An offered or owned card as a grid draws it: (card, extra line, usable now).
Entry = tuple["CardFace", str, bool]

PROMPTS = {
    "discard": "may discard one visible building (click it, or K to keep the row)",
    "refill": "must refill the row: draw from deck 1, 2 or 3",
    "buy": "must buy a building or a dwelling, or take a coin (C)",
    "special": "may take a special building (click it), or pass (P)",
    "market": "pick the colour of your Happy Market (last player first)",
    "target": "choose the opponent whose income your Louvre borrows this round",
    "final": "answer what your special building asks before the final count",
}
# Letters for the cards on offer (row, piles, specials), in that order: every letter
# but the screens' own keys (C coin, K keep, N next city, P pass/skip, U undo).
CARD_KEYS = "abdefghijlmoqrstvwxyz"
STEP_KEYS = {"keep": "K", "coin": "C", "pass": "P"}  # the step keys, as the footer shows them
AREA_ACTION = {"dwelling": "dwelling", "special": "claim"}  # the row: discard or buy


class DeckBox(Static, can_focus=False):
    """One line of the decks panel; click it to draw from that deck."""

    class Clicked(Message):
        def __init__(self, deck: int):
            super().__init__()
            self.deck = deck

    def __init__(self, deck: int):
        super().__init__("", classes="deckline")
        self.deck = deck

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.deck))


class HappyCityScreen(Parts, GameScreenBase):
    """The card-row family's screen; Happiest Town subclasses it with its own words."""

    controller: Controller[GameState[CardRowView]]  # either edition's state

    CSS_PATH = Path(__file__).with_name("happy_city.tcss")
    GAME_TITLE = "Happy City"
    MAIN_ROW = "#hc-main"
    REVIEW = True
    UNDO_EXPLAINS = True
    PROMPTS = PROMPTS
    SPECIALS_LABEL = "Special buildings: needs as colour letter + count; one per player"
    CITY_SLOTS = 10
    # the city's size: {count} cards of {limit}, the size that ends the game (the
    # view's); {items}: the count with its noun, one or many
    LIMIT_TEXT = "{count}/{limit} cards"
    DWELLINGS_LABEL = "Dwellings"
    STATS = ("inh", "hrt")
    CITY_WORD = "city"
    NO_KINDS = "no colours"
    MONEY_WORDS = ("coin", "coins")  # one, many
    ITEM_WORDS = ("card", "cards")  # what a city holds: one, many
    BINDINGS = [
        Binding("1", "draw(1)", "Draw 1/2/3"),
        Binding("2", "draw(2)", "Draw 2", show=False),
        Binding("3", "draw(3)", "Draw 3", show=False),
        Binding("k", "simple('keep')", "Keep row"),
        Binding("c", "simple('coin')", "Take coin"),
        Binding("p", "simple('pass')", "Skip"),
        Binding("n", "next_city", "Next city"),
        *(
            Binding(k, f"card_key('{k}')", "Card (its letter)" if k == "a" else "", show=k == "a")
            for k in CARD_KEYS
        ),
    ]
    _card_keys: dict[str, tuple[str, str]] = {}  # letter -> (area, card name), this frame
    _row_letters: dict[int, str] = {}  # a row card's id -> its letter, this turn
    _row_letters_turn: tuple[int, int] | None = None  # (round, seat) the letters are for
    _panel_for: int | None = None  # whose left panel is shown (its scroll is theirs)

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield ViewStrip()
        with Horizontal(id="hc-main"):
            with VerticalScroll(id="hc-left"):
                yield Static("", id="hc-status")
                yield Static(
                    "Central area: decks and the visible row", classes="section", id="hc-row-title"
                )
                with Horizontal(id="hc-central"):
                    with Vertical(id="hc-decks") as decks:
                        decks.border_title = "Decks [1-3]"
                        for d in (1, 2, 3):
                            yield DeckBox(d)
                    yield CardGrid("row", 3, id="hc-row")
                yield Static("", classes="section", id="hc-city-title")
                yield CardGrid("city", 5, id="hc-city")
                yield Static(self.DWELLINGS_LABEL, classes="section")
                yield CardGrid("dwelling", 5, id="hc-dwellings")
                yield Static(self.SPECIALS_LABEL, classes="section", id="hc-specials-title")
                yield CardGrid("special", 5, id="hc-specials")
                yield Static("", id="hc-effects")
            with Vertical(id="hc-right"):
                yield MoveList(id="hc-actions")
                with Vertical(id="hc-tail"):  # gives way to a hint (see the .tcss)
                    yield Static("", id="hc-others")
                    yield LogView(id="hc-log")
        yield KeyBar()

    def on_mount(self) -> None:  # (GameScreenBase's on_mount runs too)
        # the left panel's vertical bar made now, hidden: one made by the layout of the
        # first hand-off's Enter starts after it and asks for a layout of its own
        self.query_one("#hc-left").vertical_scrollbar.display = False

    def coach_panel_home(self) -> Widget:
        """The hint (and why) panel goes in the right-hand column, in place of the other
        players and the log: docked along the whole screen's bottom it pushed the
        cards' letters and the specials' effects out of sight (issue 46)."""
        right = self.part("#hc-right", Vertical)
        right.add_class("-coaching")
        return right

    def coach_panels_gone(self) -> None:
        """The other players and the log come back once no coach panel shows."""
        self.part("#hc-right", Vertical).remove_class("-coaching")

    # ---- rendering --------------------------------------------------------------
    def render_view(self) -> None:
        # Both editions declare their view (rules.happy_city.views); this screen reads
        # what they share.
        v = self.controller.view()
        legal = self.controller.legal()
        step = self.controller.next_step()
        # Under a hand-off the public view is drawn as the next player will see it,
        # less what is theirs alone (their moves): who takes the terminal is public
        # (the hand-off names them), so their city, its title and the prompt are
        # drawn ahead and stay as they are once they confirm.
        me = v["viewer"] if step != "handoff" else self.controller.pending
        actor = v["turn"]
        shown = (
            self.shown_seat if self.shown_seat is not None else (me if me is not None else actor)
        )
        players = v["players"]
        if me != self._panel_for:  # another player's panel starts at its top
            self._panel_for = me
            self.part("#hc-left", VerticalScroll).scroll_home(animate=False)
        # round 0 is the Expert draft of the Happy Market sides, before the first round
        when = f"round {v['round']}" if v["round"] else "Happy Market draft"
        self.show_title(f"{self.GAME_TITLE} - {when}")
        letters = v["letters"]
        specials = v["specials"]
        # Never the seed: with it and the setup anyone could deal the hidden cards again.
        self.sub_title = "last round" if v["end_triggered"] and not v["over"] else ""
        self.update_static(self.part("#hc-status", Static), self._status(v, step))

        self.show_decks(v, legal)
        compact = self.has_class("-compact")
        areas = self._offers(v, legal, specials, step == "human")
        areas["city"] = [(c, "", False) for c in players[shown]["city"]]
        for grid in self.parts(CardGrid):
            columns, card_width = self.grid_shape(grid, compact)
            grid.show(
                areas[grid.area],
                letters=letters,
                stats=self.STATS,
                columns=columns,
                card_width=card_width,
                mini=compact and grid.area == "city",
                wrap_names=not compact,
            )

        self.show_special_effects(specials, players[shown]["city"])

        title = self._city_title(players, shown, mine=shown == me, limit=v["goal"])
        self.update_static(self.part("#hc-city-title", Static), title)

        self.update_static(self.part("#hc-others", Static), self._others(v))
        self.show_moves(legal)
        self.render_log()

    def grid_shape(self, grid: CardGrid, compact: bool) -> tuple[int, int | None]:
        """An area's cards a row and each card's width (None: shared out). At 80x24 a
        mini city of ten-cell cards, the other areas three to a row; under 80 columns
        (narrow) as many mini city cards as fit, the others two or three to a row."""
        city = grid.area == "city"
        if self.narrow:
            width = self.app.size.width
            if city:
                return max(3, min(grid.default_columns, (width - 4) // 12)), 10
            return (2 if width < 60 else 3), None
        if compact:
            return (grid.default_columns if city else 3), (10 if city else 16)
        return grid.default_columns, None

    def show_decks(self, v: CardRowView, legal: list[Action]) -> None:
        """Each deck's costs, cards left and out; the ones the viewer may draw from
        now in bold green (in the text itself: a class changed at every step restyles
        the box each time)."""
        draws = {a.args[0] for a in legal if a.kind == "draw"}
        for box in self.parts(DeckBox):
            d = v["decks"][box.deck - 1]
            lo, hi = d["costs"]
            line = f"[b]{box.deck}[/b] cost {lo}-{hi}: {d['count']:2d} left, {d['discards']} out"
            self.update_static(box, f"[bold $success]{line}[/]" if box.deck in draws else line)
            box.set_class(d["count"] + d["discards"] == 0, "empty")

    def show_special_effects(self, specials: list[SpecialFace], city: list[CardFace]) -> None:
        """What each Expert special on offer and in the shown city does (in the
        project's words, from the explainer); no heading over an empty area (Happiest
        Town's children's variant)."""
        from rules.core import Ref
        from rules.happy_city import effect_text

        self.part("#hc-specials-title", Static).display = bool(specials)
        owned = [c for c in city if c["kind"] == "special"]
        effects = []
        for card, where in [(c, "") for c in specials] + [(c, " (in this city)") for c in owned]:
            if card["effects"]:  # a card with a mechanism has words for it
                text = effect_text(self.controller.explain(Ref("card", card["name"])))
                effects.append(f"[b]* {card['name']}[/b]{where}: {escape(text)}")
        effects_box = self.part("#hc-effects", Static)
        effects_box.display = bool(effects)
        self.update_static(effects_box, "\n".join(effects))

    def _offers(
        self, v: CardRowView, legal: list[Action], specials: list[SpecialFace], keyed: bool
    ) -> dict[str, list[Entry]]:
        """The row, piles and specials as (card, extra line, usable) entries. While the
        viewer acts each card carries its key letter, and a card it cannot take says
        why (the explainer's short reason for that card) on its extra line."""
        usable = {a.args[0] for a in legal if a.kind in ("buy", "discard", "dwelling", "claim")}
        dwellings: list[tuple[CardFace, str]] = [
            ({**p["card"], "name": p["name"]}, f"{p['count']} left") for p in v["dwellings"]
        ]
        entries: dict[str, list[tuple[CardFace, str]]] = {
            "row": [(c, "") for c in v["visible"]],
            "dwelling": dwellings,
            "special": [(c, "") for c in specials],
        }
        letters = self._letters(v, entries) if keyed else {}
        self._card_keys = {}
        areas: dict[str, list[Entry]] = {}
        for area, cards in entries.items():
            areas[area] = []
            for k, (card, extra) in enumerate(cards):
                key = letters.get((area, k))
                if key is not None:
                    self._card_keys[key] = (area, card["name"])
                    card = cast("CardFace", {**card, "key": key})  # drawn in its border
                reason = "" if card["name"] in usable else self._why_not(v, area, card["name"])
                extra = ", ".join(x for x in (extra, reason) if x)
                areas[area].append((card, extra, card["name"] in usable))
        return areas

    def _letters(
        self, v: CardRowView, entries: dict[str, list[tuple[CardFace, str]]]
    ) -> dict[tuple[str, int], str]:
        """Each offered card's letter, by (area, place in it). The row has letters for
        all its places, so the piles and specials keep theirs whatever the row holds;
        a row card keeps its letter through the turn while cards around it go."""
        row_keys, others = CARD_KEYS[: v["row_size"]], iter(CARD_KEYS[v["row_size"] :])
        turn = (v["round"], v["turn"])
        if self._row_letters_turn != turn:
            self._row_letters_turn, self._row_letters = turn, {}
        row_ids = [card["id"] for card, _ in entries["row"]]
        kept = {i: k for i, k in self._row_letters.items() if i in row_ids}
        free = iter(k for k in row_keys if k not in kept.values())
        self._row_letters = {i: kept.get(i) or next(free) for i in row_ids}
        letters = {("row", k): self._row_letters[i] for k, i in enumerate(row_ids)}
        for area in ("dwelling", "special"):
            for k in range(len(entries[area])):
                key = next(others, None)
                if key is not None:
                    letters[(area, k)] = key
        return letters

    def _why_not(self, v: CardRowView, area: str, name: str) -> str:
        """Why the viewer cannot take this card now, as the card says it ("" if the
        card has nothing to say: it is not the viewer's turn, or only the step stops it)."""
        from rules.core import Action

        if v["viewer"] is None:
            return ""
        take = Action(v["viewer"], self._take_kind(area, v["stage"]), (name,))
        refusals = self.controller.explain_action(take).of_kind("refusal")
        return refusals[0].label if refusals else ""

    @staticmethod
    def _take_kind(area: str, stage: str) -> str:
        """The move a card of ``area`` makes when picked: from the row a discard at the
        discard step and a purchase after it, a dwelling from its pile, a special claimed."""
        return AREA_ACTION.get(area, "discard" if stage == "discard" else "buy")

    def size_text(self, count: int, limit: int) -> str:
        items = counted(count, *self.ITEM_WORDS)
        return self.LIMIT_TEXT.format(count=count, limit=limit, items=items)

    def _city_title(self, players: list[PlayerView], shown: int, mine: bool, limit: int) -> str:
        """The line over the city shown: whose, its size, money, income and score."""
        p = players[shown]
        sc = p["score"]
        net = (sc["net_inhabitants"], sc["net_hearts"])
        points = score_sum(*net, sc["rule"], sc["score"], self.STATS)
        owner = f"Your {self.CITY_WORD}" if mine else f"{escape(p['name'])}'s {self.CITY_WORD}"
        return (
            f"[b]{owner}[/b] ({self.size_text(len(p['city']), limit)}) - "
            f"{counted(p['coins'], *self.MONEY_WORDS)}, income {p['income']}/round - "
            f"score [b]{points}[/b]"
            + (f"   (N: next {self.CITY_WORD})" if len(players) > 1 else "")
        )

    def _others(self, v: CardRowView) -> str:
        """Two lines a player: money, income, cards, score and colours (or types)."""
        letters = v["letters"] or LETTER
        lines = []
        for q in v["players"]:
            s = q["score"]
            mark = ">" if q["seat"] == v["turn"] and not v["over"] else " "
            kinds = q.get("colours", q.get("types")) or {}
            colours = " ".join(f"{letters.get(c, '?')}{k}" for c, k in sorted(kinds.items()) if k)
            lines.append(
                f"{mark} [b]{escape(q['name'])}[/b] {q['coins']}$ +{q['income']}/rd "
                f"{counted(len(q['city']), *self.ITEM_WORDS)}\n"
                f"   {counted(s['score'], 'pt')}  {colours or self.NO_KINDS}"
                + (f"  special: {q['special']}" if q.get("special") else "")
                + (f"  infra: {q['infrastructure']}" if q.get("infrastructure") else "")
            )
        return "\n".join(lines)

    def handoff_task(self, seat: int) -> str:
        """The step the seat is asked (the status line's own words)."""
        words = self.PROMPTS.get(self.controller.state.view(None)["stage"], "")
        return words.removeprefix("must ").removeprefix("may ") if words else ""

    def _status(self, v: CardRowView, step: str) -> str:
        """The prompt line; under a hand-off, the one its next player will see."""
        # the seat being asked, which is not always the one whose turn it is (the
        # final count asks each owner of a special in turn)
        asked = self.controller.state.actors()
        seat = v["turn"] if self.review or not asked else asked[0]
        if step == "human" and v["viewer"] is not None:
            seat = v["viewer"]
        elif step == "handoff" and self.controller.pending is not None:
            seat = self.controller.pending
        who = escape(v["players"][seat]["name"])
        if self.review and step != "over":  # a replayed step: nobody plays it here
            status = f"Replay: [b]{who}[/b] to play ({self.PROMPTS.get(v['stage'], 'a move')})."
        elif step in ("human", "handoff"):
            status = (
                f"[b]{who}[/b], your turn: you {self.PROMPTS.get(v['stage'], 'choose a move')}."
            )
        elif step == "bot":
            status = self.bot_status(who)
        elif step == "over":
            status = (
                "The game is over: the final table. N shows the next "
                + self.CITY_WORD
                + ", Escape goes back to the scores."
                if self.review
                else "The game is over."
            )
        else:
            status = f"Waiting for {who}."
        if v["end_triggered"] and not v["over"]:
            status += f"  [b]Last round:[/b] a {self.CITY_WORD} has reached {v['goal']}."
        return status

    # ---- input ------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action in ("draw", "simple"):
            want = "draw" if action == "draw" else parameters[0]
            legal = self.controller.legal()
            ok = any(
                a.kind == want and (action != "draw" or a.args[0] == parameters[0]) for a in legal
            )
            # Hide step keys that do not apply now, to keep the footer short.
            return ok
        if action == "card_key":  # a table to look at (review) takes no card
            return bool(parameters[0] in self._card_keys and not self.review)
        return super().check_action(action, parameters)

    def nothing_chosen_text(self) -> str:
        """Enter on a list with nothing highlighted: the keys that choose now."""
        legal = self.controller.legal()
        kinds = {a.kind for a in legal}
        ways = []
        if self._card_keys and kinds & {"buy", "discard", "dwelling", "claim"}:
            ways.append("a card's letter (or a click on it)")
        draws = sorted(str(a.args[0]) for a in legal if a.kind == "draw")
        if draws:
            ways.append(f"{'/'.join(draws)} to draw")
        for a in legal:
            if a.kind in STEP_KEYS:
                ways.append(f"{STEP_KEYS[a.kind]}: {a.label}")
        ways.append("the arrows to highlight a move, then Enter")
        return "No move is highlighted, so Enter does nothing. Press " + "; ".join(ways) + "."

    def action_card_key(self, key: str) -> None:
        if not self.play_seen():
            return
        area, name = self._card_keys[key]
        self._take_offer(area, name)

    def action_draw(self, deck: int) -> None:
        if self.play_seen():  # the decks' counts are in sight
            self.try_act("draw", deck)

    def action_simple(self, kind: str) -> None:
        self.try_act(kind)

    def action_next_city(self) -> None:
        n = len(self.controller.view()["players"])
        base = self.shown_seat if self.shown_seat is not None else (self.controller.viewer or 0)
        self.shown_seat = (base + 1) % n
        self.render_view()

    def on_deck_box_clicked(self, msg: DeckBox.Clicked) -> None:
        self.try_act("draw", msg.deck)
        self.call_after_refresh(self.focus_moves)

    def focus_moves(self) -> None:
        """After a click the move list keeps the keyboard: Enter and arrows still work."""
        moves = self.query_one(OptionList)
        if moves.display and moves.option_count:
            moves.focus()  # nothing highlighted: a stray Enter still buys nothing

    def on_card_grid_clicked(self, msg: CardGrid.Clicked) -> None:
        self._take_offer(msg.area, msg.card["name"])

    def _take_offer(self, area: str, name: str) -> None:
        """A card chosen by click or key: discard or buy it from the row, take it from
        its pile, claim it; a card in a city only says where it is."""
        if area == "city":
            self.notify(f"{name} is already in a {self.CITY_WORD}.", severity="information")
            return
        stage = self.controller.view()["stage"]
        self.try_act(self._take_kind(area, stage), name)
        self.call_after_refresh(self.focus_moves)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:  # every move's option has its key for an id
            self.act_key(event.option.id)

    # ---- F1 at the section of the decision on screen --------------------------------
    TURN_SECTION = "A round"  # help.md's section on the steps of a turn
    EXPERT_STAGES = ("market", "target", "final")  # Expert mode's own decisions

    def help_section(self) -> str | None:
        c = self.controller
        if c.state.is_over:
            return "Limits and the end"
        stage = c.view()["stage"]
        return "Expert mode" if stage in self.EXPERT_STAGES else self.TURN_SECTION

    # ---- the look-up key: a card (bought, taken, discarded) or a deck (drawn) -------------
    def ref_of_move(self, action: Action) -> Ref | None:
        if action.kind in ("buy", "dwelling", "claim", "discard") and action.args:
            return Ref("card", action.args[0])
        if action.kind == "draw" and action.args:
            return Ref("deck", action.args[0])
        return None

    def explain_ref(self, ref: Ref, around: str = "") -> Subject | None:
        # a card's own marks as drawn (its title letter, "+2$", "inh") get their terms too
        if ref.kind == "card":
            for grid in self.query(CardGrid):
                card = next((c for c, _extra, _usable in grid.cards if c["name"] == ref.id), None)
                if card is not None:
                    face = [card_letter(card), *card_lines(card, stats=self.STATS)]
                    around = "\n".join([around, *face])
                    break
        return super().explain_ref(ref, around)

    def lookup_pointed(self, widget, x: int, y: int) -> Subject | None:
        if isinstance(widget, CardGrid):
            card = widget.card_at(x, y)
            return None if card is None else self.explain_ref(Ref("card", card["name"]))
        if isinstance(widget, DeckBox):
            return self.explain_ref(Ref("deck", widget.deck), str(widget.content))
        return None
