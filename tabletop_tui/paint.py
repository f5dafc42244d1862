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

This reads the pinned Textual's internals (``_dirty_regions``, ``cuts``,
``visible_widgets``, ``_regions_to_spans``, ``ChopsUpdate``). They may change in any
other release, so ``compositor()`` gives Textual's own compositor unless the installed
Textual is the version this was written and tested against.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from importlib.metadata import version

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.strip import Strip

# The only Textual release whose compositor this override has been proven against
# (tests/ui/test_paint.py compares its updates with Textual's byte for byte).
PROVEN_TEXTUAL = "8.2.8"
TEXTUAL_VERSION = version("textual")

_EMPTY = Strip([])


def dirty_rows(visible: Region, regions: Iterable[Region]) -> list[int]:
    """The screen rows of ``visible`` (a widget's visible part) inside a changed
    region that overlaps it, in order."""
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
        regions = [r.intersection(screen_region) for r in update_regions]
        chops = self._render_dirty_chops([r for r in regions if r])
        for y, _x1, x2 in spans:  # the piece after a span: cut to nothing, yet written
            line = chops[y]
            if x2 in line and line[x2] is None:
                line[x2] = _EMPTY
        chop_ends = [cut_set[1:] for cut_set in self.cuts]
        return ChopsUpdate(chops, spans, chop_ends)

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
