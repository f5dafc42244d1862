"""A cheaper partial repaint for the game screens, with the same terminal output.

Textual 8.2.8 repaints part of a screen (``Compositor.render_partial_update``) by
taking one box around all the regions that changed and asking every visible widget
that touches the box for its lines, then dividing each widget's line at the widgets'
edges on every changed row. A game screen changes its status line (top) and its key
bar (bottom) on most keys, so the box is the whole screen and every widget is asked.

``SparseCompositor`` asks only the widgets whose visible part overlaps a changed
region and still shows through, front to back, on one of those rows; it divides a
widget's line only on such rows. What the update writes is unchanged: it writes, on
each changed row, only the pieces of lines inside that row's changed spans, and the
widget in front over such a piece overlaps the changed region there, so it is asked
as before and still wins (widgets are taken front to back, as Textual takes them). A
widget whose pieces on those rows are all taken by widgets in front would lose every
one of them, so it is not asked. The one piece of a row Textual writes without
content is the piece that starts where a span ends: it is cut to nothing, but Textual
still moves the cursor there. An empty strip stands in for it when no asked widget
covers it, so even the bytes are the same.

A full repaint (a screen shown again after a hand-off) follows a ``FullPlan``: which
widget draws which piece of each row, worked out once per arrangement of the widgets
(while the hand-off is up) instead of at every repaint, and asking no box hidden
behind the widgets in front. It writes what Textual's ``render_full_update`` writes.

This reads the pinned Textual's internals (``_dirty_regions``, ``cuts``,
``visible_widgets``, ``_regions_to_spans``, ``ChopsUpdate``, ``LayoutUpdate``). They
may change in any other release, so ``compositor()`` gives Textual's own compositor
unless the installed Textual is the version this was written and tested against.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from importlib.metadata import version

from textual._compositor import ChopsUpdate, Compositor, LayoutUpdate
from textual.geometry import Region
from textual.strip import Strip

# The only Textual release whose compositor this override has been proven against
# (tests/ui/test_paint.py compares its updates with Textual's byte for byte).
PROVEN_TEXTUAL = "8.2.8"
TEXTUAL_VERSION = version("textual")

_EMPTY = Strip([])


def dirty_rows(visible: Region, regions: Sequence[Region]) -> list[int]:
    """The screen rows of ``visible`` (a widget's visible part) inside a changed
    region that overlaps it, in order."""
    if len(regions) == 1:  # (a full update: the whole screen)
        overlap = visible.intersection(regions[0])
        return list(range(overlap.y, overlap.y + overlap.height)) if overlap else []
    rows: set[int] = set()
    for region in regions:
        overlap = visible.intersection(region)
        if overlap:
            rows.update(range(overlap.y, overlap.y + overlap.height))
    return sorted(rows)


class SparseCompositor(Compositor):
    """Textual's compositor, asking only the widgets a partial repaint shows."""

    def render_partial_update(self) -> ChopsUpdate | None:
        screen_region = self.size.region
        update_regions = self._dirty_regions.copy()
        self._dirty_regions.clear()
        if not update_regions:
            return None
        spans = list(self._regions_to_spans(update_regions))
        # Most repaints follow the plan of who draws which piece, made once per
        # arrangement; else (a widget drew fewer lines) every widget is looked at.
        chops = self.plan_full_update().draw_spans(spans)
        if chops is None:
            regions = [r.intersection(screen_region) for r in update_regions]
            chops = self._render_dirty_chops([r for r in regions if r])
        for y, _x1, x2 in spans:  # the piece after a span: cut to nothing, yet written
            line = chops[y]
            if x2 in line and line[x2] is None:
                line[x2] = _EMPTY
        chop_ends = [cut_set[1:] for cut_set in self.cuts]
        return ChopsUpdate(chops, spans, chop_ends)

    _plan: FullPlan | None = None  # how the last arrangement of widgets is drawn whole

    def render_full_update(self, simplify: bool = False) -> LayoutUpdate:
        """The whole screen (shown again after a hand-off, or resized), as Textual's
        own draws it, from the plan made ahead while the widgets stay where they are
        (making one now would cost more than the one pass it saves)."""
        plan = self._plan
        # (simplify: an SVG export, where Textual joins and simplifies each row)
        if not simplify and plan is not None and plan.fits(self):
            chops = plan.draw()
            if chops is not None:  # (else a widget drew fewer or shorter lines)
                self._dirty_regions.clear()
                screen_region = self.size.region
                return LayoutUpdate([chop.values() for chop in chops], screen_region)
        return super().render_full_update(simplify)

    # Called after a layout pass of the screen while another hides it (the hand-off's):
    # its owner then makes the plan, soon, for the full repaint that shows it again.
    on_hidden_reflow: Callable[[], object] | None = None

    def reflow(self, parent, size):  # type: ignore[no-untyped-def]
        result = super().reflow(parent, size)
        # The map of every widget was just made. A widget off view that asked to be
        # repainted (in a hidden panel) marked it stale before this pass, and Textual
        # would make it all again at the next look-up of a widget's place.
        self._full_map_invalidated = False
        if self.on_hidden_reflow is not None and not getattr(parent, "is_active", True):
            self.on_hidden_reflow()
        return result

    def plan_full_update(self) -> FullPlan:
        """Make the plan for the widgets as they are now placed, for a full repaint to
        come (made again after a layout pass: Textual makes new maps of the widgets
        and of the cuts then)."""
        plan = self._plan
        if plan is None or not plan.fits(self):
            plan = self._plan = FullPlan(self.visible_widgets, self.cuts)
        return plan

    def _render_dirty_chops(self, regions: list[Region]) -> Sequence[dict[int, Strip | None]]:
        """Each row's pieces (keyed by where they start), filled front to back from the
        widgets overlapping ``regions``, on the rows where they overlap them."""
        cuts = self.cuts
        chops: list[dict[int, Strip | None]] = [dict.fromkeys(c[:-1]) for c in cuts]
        if not regions:
            return chops
        bounds = Region.from_union(regions)
        for widget, (region, clip) in self.visible_widgets.items():
            visible = region.intersection(clip)
            if not visible.overlaps(bounds):
                continue
            x, top = visible.x, visible.y
            first_cut, last_cut = x, x + visible.width
            todo: list[tuple[int, list[int]]] = []  # rows where a piece is still free
            for y in dirty_rows(visible, regions):
                final_cuts = [cut for cut in cuts[y] if last_cut >= cut >= first_cut]
                get = chops[y].get
                if any(get(cut) is None for cut in final_cuts[:-1]):
                    todo.append((y, final_cuts))
            if not todo:
                continue  # hidden, on these rows, behind the widgets already asked
            # The whole visible part, as Textual asks for it: our widgets keep their
            # lines keyed by that crop, so a narrower one would draw them afresh.
            strips = widget.render_lines(visible.translate((-region.x, -region.y)))
            for y, final_cuts in todo:
                if y - top >= len(strips):
                    break  # Textual pairs rows with the lines it got, as zip does
                line = chops[y]
                pieces = strips[y - top].divide([cut - x for cut in final_cuts[1:]])
                for cut, piece in zip(final_cuts, pieces, strict=False):
                    if line.get(cut) is None:
                        line[cut] = piece
        return chops


def compositor() -> Compositor:
    """The compositor for a game screen: the sparse one on the proven Textual, else
    Textual's own (its internals may differ in another release)."""
    if TEXTUAL_VERSION == PROVEN_TEXTUAL:
        return SparseCompositor()
    return Compositor()


class FullPlan:
    """What a full repaint asks each widget for and which pieces of its lines it keeps,
    for one arrangement of the widgets (Textual's map of them and its cuts, both made
    anew, never changed, when the widgets move).

    Textual fills each row's pieces front to back, a piece going to the first widget
    that covers it; which widget that is depends only on where the widgets are, as long
    as each draws its box's every line at full width (else ``draw`` says so). A widget
    whose every piece goes to widgets in front is not asked (a screen's containers)."""

    def __init__(self, widgets: dict, cuts: list[list[int]]) -> None:
        self.widgets, self.cuts = widgets, cuts
        taken: list[set[int]] = [set() for _ in cuts]
        self.steps: list[tuple] = []  # (widget, crop, top, [(line, cuts in it, kept)])
        # each row's pieces, by where they start: (step, its line, the piece of that
        # line) that draws it, for a partial repaint (``draw_spans``)
        self.owners: list[dict[int, tuple[int, int, int]]] = [{} for _ in cuts]
        for widget, (region, clip) in widgets.items():
            visible = region.intersection(clip)
            if not visible:
                continue
            x, top = visible.x, visible.y
            lines = []
            for y in range(top, top + visible.height):
                row = cuts[y]
                final = row[bisect_left(row, x) : bisect_right(row, x + visible.width)]
                kept = [(i, cut) for i, cut in enumerate(final[:-1]) if cut not in taken[y]]
                if kept:
                    taken[y].update(cut for _i, cut in kept)
                    lines.append((y - top, [cut - x for cut in final[1:]], kept))
            if lines:
                crop = visible.translate((-region.x, -region.y))
                step = len(self.steps)
                self.steps.append((widget, crop, top, lines))
                for index, (y, _cuts, kept) in enumerate(lines):
                    owners = self.owners[top + y]
                    for i, cut in kept:
                        owners[cut] = (step, index, i)

    def fits(self, compositor: Compositor) -> bool:
        """Whether the widgets are where they were when this plan was made."""
        return compositor.visible_widgets is self.widgets and compositor.cuts is self.cuts

    def draw(self) -> list[dict[int, Strip | None]] | None:
        """Each row's pieces, or None if a widget's lines did not fill its box."""
        chops: list[dict[int, Strip | None]] = [dict.fromkeys(c[:-1]) for c in self.cuts]
        for widget, crop, top, lines in self.steps:
            strips = widget.render_lines(crop)
            if len(strips) <= lines[-1][0]:
                return None
            for y, cuts, kept in lines:
                pieces = strips[y].divide(cuts)
                if len(pieces) != len(cuts):
                    return None
                line = chops[top + y]
                for i, cut in kept:
                    line[cut] = pieces[i]
        return chops

    def draw_spans(self, spans: list[tuple[int, int, int]]) -> list[dict] | None:
        """The pieces a partial repaint writes: on each changed row, those overlapping
        its changed spans, each from the widget that draws it in a full repaint (the
        front one covering it, as Textual's partial repaint finds it too). Only the
        widgets drawing such a piece are asked, each once. None if a widget's lines
        did not fill its box (a widget behind would then show through) or a piece
        has no widget in the plan: the caller then looks at every widget."""
        cuts, steps, owners = self.cuts, self.steps, self.owners
        chops: list[dict[int, Strip | None]] = [dict.fromkeys(c[:-1]) for c in cuts]
        drawn: dict[int, list[Strip]] = {}  # step -> the widget's lines
        divided: dict[tuple[int, int], list[Strip]] = {}  # (step, line) -> its pieces
        for y, x1, x2 in spans:
            row, line, owner = cuts[y], chops[y], owners[y]
            i = max(bisect_right(row, x1) - 1, 0)  # the piece holding x1
            last = len(row) - 1
            while i < last and row[i] < x2:
                start = row[i]
                i += 1
                if line[start] is not None:
                    continue
                where = owner.get(start)
                if where is None:
                    return None
                step, index, piece = where
                pieces = divided.get((step, index))
                if pieces is None:
                    widget, crop, _top, lines = steps[step]
                    strips = drawn.get(step)
                    if strips is None:
                        strips = drawn[step] = widget.render_lines(crop)
                    at, piece_cuts, _kept = lines[index]
                    if at >= len(strips):
                        return None
                    pieces = divided[step, index] = strips[at].divide(piece_cuts)
                    if len(pieces) != len(piece_cuts):
                        return None
                line[start] = pieces[piece]
        return chops
