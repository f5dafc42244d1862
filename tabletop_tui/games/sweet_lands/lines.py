"""A panel holding a Rich renderable (tables, text), and two renderables side by side."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from rich import box
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.table import Table
from rich.text import Span, Text
from textual.geometry import Region, Size
from textual.strip import Strip

from ...widgets.drawn_lines import DrawnLines
from ...widgets.steady import expect_outer_height, laid_out_content, outer_height

BLANK: list[Segment] = []


class Lines(DrawnLines):
    """A panel of the Sweet Lands screen showing one Rich renderable (tables, text).

    A Static draws a Rich renderable twice on every change, once to learn its height and
    once for its lines; the Tracks panel's tables take 20-40 ms a drawing, most of a tab
    switch (``benchmarks/sl_keys.py --frames``). This panel draws the renderable once per
    change (or width) and answers its height and every line from that one drawing.
    The lines are kept as segments; a line becomes a Strip only as it is drawn
    (``DrawnLines.fitted`` keeps the fitted strips of the lines drawn lately).
    """

    DEFAULT_CSS = "Lines { height: auto; }"

    def __init__(self, **kw):
        super().__init__(**kw)
        self.renderable: RenderableType | None = None
        self.lines: list[list[Segment]] = []  # the renderable drawn at width ``drawn_at``
        self.drawn_at = -1

    def show(self, renderable: RenderableType | None) -> None:
        old_lines, old_width = self.lines, self.drawn_at
        self.renderable = renderable
        self.drawn_at = -1
        # Drawn now at the width it has: when the new lines are as many as the old
        # ones, the box stays and a repaint is enough (a layout arranges the whole
        # screen again); they are drawn once either way. A new height is told before
        # the layout (expect_outer_height), so that layout is the only one.
        width = laid_out_content(self).width  # (its panel may be hidden until now)
        if not (self.is_mounted and self.display and width > 0):
            self.refresh(layout=True)  # never laid out (or hidden): its first layout sizes it
            return
        if width == old_width:
            lines = self.render_at(width)
            changed = self.keep_unchanged(old_lines, lines)
            self.drawn_at = width
            if changed is not None:
                # only the lines that changed are painted again: a move changes one to
                # three lines of a panel (a score, a count), often none
                if changed:
                    self.refresh(*(Region(0, y, width, 1) for y in changed))
                return
            self.lines = lines
            self.fitted_lines.clear()  # the strips of the lines just replaced
        self.refresh()
        height = outer_height(self, len(self.drawn(width)))
        if height != self.outer_size.height:
            expect_outer_height(self, height)

    def keep_unchanged(
        self, old: list[list[Segment]], new: list[list[Segment]]
    ) -> list[int] | None:
        """Take ``new`` (drawn at the width of ``old``) keeping each line of ``old``
        equal to its new line, so the strips fitted and painted for it stay; the rows
        that changed, or None (nothing taken) where the number of lines changed."""
        if len(new) != len(old):
            return None
        changed = [y for y, (was, now) in enumerate(zip(old, new, strict=True)) if was != now]
        for y in changed:
            self.fitted_lines.pop(id(old[y]), None)
            old[y] = new[y]
        self.lines = old
        return changed

    def render_at(self, width: int) -> list[list[Segment]]:
        """The renderable's lines at ``width`` cells, drawn now."""
        if self.renderable is None or width <= 0:
            return []
        options = self.app.console_options.update(highlight=False, width=width)
        segments = self.app.console.render(self.renderable, options)
        return list(Segment.split_and_crop_lines(segments, width, include_new_lines=False))

    def drawn(self, width: int) -> list[list[Segment]]:
        """The renderable's lines at ``width`` cells, drawn once per change."""
        if width != self.drawn_at:
            self.lines = self.render_at(width)
            self.fitted_lines.clear()  # the strips of the lines just replaced
            self.drawn_at = width
        return self.lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.drawn(width))

    def render_line(self, y: int) -> Strip:
        width = self.content_region.width
        lines = self.drawn(width)
        return self.fitted(lines[y] if y < len(lines) else BLANK, width)

    def line_texts(self, width: int) -> list[str]:
        """The plain text of each line at ``width`` cells."""
        return ["".join(segment.text for segment in line) for line in self.drawn(width)]

    def text(self) -> str:
        """Plain text of every line at the panel's width (for tests)."""
        width = self.content_region.width or self.app.size.width
        return "\n".join(line.rstrip() for line in self.line_texts(width))


def as_text(cell: str | Text) -> Text:
    """A cell as Rich's table takes a string (markup and emoji codes read), quicker
    for the many plain ones."""
    if isinstance(cell, Text):
        return cell
    return Text.from_markup(cell) if "[" in cell or ":" in cell else Text(cell)


class Beside:
    """Two renderables side by side: a two-column grid, ``gap`` cells between them."""

    def __init__(self, left: RenderableType, right: RenderableType, gap: int) -> None:
        self.left, self.right, self.gap = left, right, gap

    def grid(self) -> Table:
        table = Table.grid(padding=(0, self.gap))
        table.add_column()
        table.add_column()
        table.add_row(self.left, self.right)
        return table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        # Where both fit side by side, each is drawn at its own widest, as the grid
        # draws them, without the grid's second measuring and its padded cells.
        left = Measurement.get(console, options, self.left).maximum
        right = Measurement.get(console, options, self.right).maximum
        if left + self.gap + right > options.max_width or options.justify not in (
            None,
            "default",
            "left",
        ):
            yield self.grid()
            return
        column = options.update(
            justify="left", overflow="ellipsis", no_wrap=False, highlight=False, height=None
        )
        lefts = console.render_lines(self.left, column.update_width(left), pad=True)
        rights = console.render_lines(self.right, column.update_width(right), pad=True)
        gap = Segment(" " * self.gap)
        for y in range(max(len(lefts), len(rights))):
            yield from lefts[y] if y < len(lefts) else [Segment(" " * left)]
            yield gap
            yield from rights[y] if y < len(rights) else [Segment(" " * right)]
            yield Segment.line()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.grid())


class Aligned:
    """Rows of short cells in columns one space apart, drawn as plain lines of text.

    It draws what a Rich grid of the same cells draws (``Table.grid(padding=(0, 1))``),
    at a fraction of the cost: a Rich table measures and draws every cell apart, about
    a tenth of a millisecond each, and the Industry Track alone has a hundred cells.
    Where the lines are wider than the room, their cells wrap to the widths the grid
    would narrow its columns to (or the grid draws them, where it would do more).
    """

    def __init__(
        self,
        *justify: Literal["left", "right"],
        no_wrap: tuple[bool, ...] | None = None,
        fold_last: bool = False,
        styles: tuple[str, ...] | None = None,
    ) -> None:
        self.justify = justify  # "left" or "right", one per column
        # the grid's columns that never wrap (default: the first only)
        self.no_wrap = no_wrap or tuple(i == 0 for i in range(len(justify)))
        # the last column folds a word too long for it ("overflow: fold")
        self.fold_last = fold_last
        # each column's style, beneath its cells' own (the space after it included)
        self.styles = styles or ("",) * len(justify)
        self.rows: list[tuple[list[Text], str]] = []

    def add_row(self, *cells: str | Text, style: str = "") -> None:
        self.rows.append(([as_text(c) for c in cells], style))

    def widths(self) -> list[int]:
        return [
            max((row[i].cell_len for row, _ in self.rows), default=0)
            for i in range(len(self.justify))
        ]

    def lines(self) -> list[Text]:
        widths = self.widths()
        return [self.row_line(cells, widths, style) for cells, style in self.rows]

    def row_line(self, cells: list[Text], widths: list[int], style: str = "") -> Text:
        """The row's cells, each padded to its column's width, one space apart."""
        line = Text(no_wrap=True)
        for i, (cell, width) in enumerate(zip(cells, widths, strict=True)):
            start = len(line)
            pad = Text(" " * (width - cell.cell_len), style=cell.style)  # as Rich pads a cell
            if self.justify[i] == "right":
                line.append_text(pad)
            line.append_text(cell)
            if self.justify[i] != "right":
                line.append_text(pad)
            if i < len(widths) - 1:
                line.append(" ")
            if self.styles[i]:
                line.spans.insert(0, Span(start, len(line), self.styles[i]))
        # The row's style as a span beneath the cells' own: a base style would also
        # colour the padding a cell of another table adds around the line.
        if style:
            line.spans.insert(0, Span(0, len(line), style))
        return line

    def narrowed(self, max_width: int) -> list[int] | None:
        """Each column's width where the rows are too wide for ``max_width``, narrowed
        as the Rich grid narrows its columns (narrowed_widths, each counted with the
        space after it); None where the grid would do more (narrow every column
        evenly), or where a cell has lines of its own or a row a style."""
        widths = self.widths()
        padded = [min(w + 1, max_width) for w in widths[:-1]] + [min(widths[-1], max_width)]
        wrapping = [not no_wrap for no_wrap in self.no_wrap]
        narrowed = narrowed_widths(padded, wrapping, max_width)
        if (
            sum(narrowed) > max_width
            or min(narrowed[:-1], default=2) < 2  # a column left no room beside its space
            or narrowed[-1] < 1
            or any(style for _, style in self.rows)
            or any("\n" in cell.plain for cells, _ in self.rows for cell in cells)
        ):
            return None
        return [w - 1 for w in narrowed[:-1]] + [narrowed[-1]]

    def wrapped_lines(self, console: Console, widths: list[int]) -> list[Text]:
        """Each row with its cells wrapped to ``widths`` (narrowed) as the grid wraps
        them, a cell shorter than its row blank below."""
        last = len(widths) - 1
        out = []
        for cells, _ in self.rows:
            parts: list[list[Text]] = []
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True)):
                if cell.cell_len <= width:
                    parts.append([cell])  # padded to its width as it is joined
                    continue
                overflow = cell.overflow or ("fold" if self.fold_last and i == last else "ellipsis")
                no_wrap = cell.no_wrap if cell.no_wrap is not None else self.no_wrap[i]
                lines = cell.wrap(
                    console, width, justify=self.justify[i], overflow=overflow, no_wrap=no_wrap
                )
                parts.append(list(lines))
            for y in range(max(len(lines) for lines in parts)):
                row = [lines[y] if y < len(lines) else Text("") for lines in parts]
                out.append(self.row_line(row, widths))
        return out

    def grid(self) -> Table:
        table = Table.grid(padding=(0, 1))
        last = len(self.justify) - 1
        for i, (justify, no_wrap) in enumerate(zip(self.justify, self.no_wrap, strict=True)):
            fold = self.fold_last and i == last
            table.add_column(
                justify=justify,
                no_wrap=no_wrap,
                overflow="fold" if fold else "ellipsis",
                style=self.styles[i],
            )
        for cells, style in self.rows:
            table.add_row(*cells, style=style)
        return table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        widths = self.widths()
        if sum(widths) + len(widths) - 1 > options.max_width:
            narrowed = self.narrowed(options.max_width)
            if narrowed is None or options.justify not in (None, "default", "left"):
                yield self.grid()
                return
            for line in self.wrapped_lines(console, narrowed):
                yield from line.render(console)
                yield Segment.line()
            return
        if options.justify not in (None, "default", "left"):
            yield from self.lines()
            return
        # Each line fits: its segments as they are. A Text yielded would be wrapped,
        # justified and joined again by Rich, to the same segments, at twice the cost.
        for line in self.lines():
            yield from line.render(console)
            yield Segment.line()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widths = self.widths()
        total = sum(widths) + len(widths) - 1
        if total > options.max_width:
            return Measurement.get(console, options, self.grid())
        return Measurement(total, total)


class Titled:
    """A table with its title as a plain line above it (a long title never squeezes it).

    Where every cell is one line and the table fits, its lines are put together here,
    as the Rich table would draw them (``SIMPLE_HEAD``, no edge, one space of padding
    between columns): Rich measures and draws every cell through a padding renderable,
    most of the Board and Hand panels' drawing. Otherwise the Rich table draws it."""

    def __init__(
        self, title: str, cols, title_style: str | None = None, columns: Sequence[dict] = ()
    ):
        """``title_style``: the title is the Rich table's own (in that style, as wide as
        the table) instead of a line above it; ``columns``: each column's options for
        the Rich table (wrapping, folding), which only matter where Rich draws it."""
        self.title = title
        self.title_style = title_style
        self.cols = tuple(cols)
        self.rows: list[tuple] = []
        self.table = Table(
            box=box.SIMPLE_HEAD,
            pad_edge=False,
            show_edge=False,
            padding=(0, 1),
            title=title if title_style else None,
            title_justify="left",
            title_style=title_style,
        )
        for i, c in enumerate(cols):
            self.table.add_column(c, **(columns[i] if columns else {}))

    def add_row(self, *cells):
        self.table.add_row(*cells)
        self.rows.append(cells)

    def title_text(self) -> Text:
        head, _, rest = self.title.partition(" (")
        title = Text(head, style="bold")
        if rest:
            title.append(" (" + rest, style="dim")
        return title

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if self.title_style is None:
            yield self.title_text()
        lines = self.lines(console, options.max_width)
        if lines is None:
            yield self.table
            return
        if self.title_style is not None:  # as the Rich table draws its title
            title = console.render_str(self.title, style=self.title_style, highlight=False)
            width = max(line.cell_len for line in lines)
            yield from console.render(title, options.update(width=width, justify="left"))
        for line in lines:
            yield from line.render(console)
            yield Segment.line()

    def lines(self, console: Console, max_width: int) -> list[Text] | None:
        """The table's lines, or None where Rich must draw it (a cell of several lines
        of its own, or a table too wide for narrowed_widths to fit)."""

        def text(cell) -> Text:
            return cell if isinstance(cell, Text) else console.render_str(cell, highlight=False)

        header = [text(c) for c in self.cols]
        body = [[text(c) for c in row] for row in self.rows]
        last = len(self.cols) - 1
        pads = [(0 if i == 0 else 1, 0 if i == last else 1) for i in range(len(self.cols))]
        widths = []
        for i, (left, right) in enumerate(pads):
            cells = [header[i], *(row[i] for row in body)]
            if any("\n" in cell.plain or "\t" in cell.plain for cell in cells) or any(
                cell.justify not in (None, "default", "left") for cell in cells
            ):
                return None
            widths.append(max(cell.cell_len for cell in cells) + left + right or 1)
        room = max_width - last  # the dividers take a column each
        if sum(widths) > room:
            wrapping = [not c.no_wrap for c in self.table.columns]
            # (Rich measures each column within the room first)
            widths = narrowed_widths([min(w, room) for w in widths], wrapping, room)
            if sum(widths) > room:
                return None
        out = self.row(console, header, widths, pads, header=True)
        out.append(Text("─".join("─" * w for w in widths)))
        for row in body:
            out += self.row(console, row, widths, pads)
        return out

    def row(
        self, console: Console, cells: list[Text], widths: list[int], pads, header: bool = False
    ) -> list[Text]:
        """One row's lines: each cell wrapped and padded to its column, one space
        between columns, a cell shorter than the row blank below (above in the header,
        which Rich aligns to the bottom, its style under each cell, padding included)."""
        wrapped: list[list[Text | None]] = []
        for cell, width, (left, right), column in zip(
            cells, widths, pads, self.table.columns, strict=True
        ):
            room = width - left - right
            if cell.cell_len <= room:
                cell = cell.copy()
                cell.pad_right(room - cell.cell_len)  # as Rich justifies it left
                wrapped.append([cell])
            else:
                overflow = cell.overflow or column.overflow
                no_wrap = cell.no_wrap if cell.no_wrap is not None else column.no_wrap
                lines = cell.wrap(console, room, justify="left", overflow=overflow, no_wrap=no_wrap)
                wrapped.append(list(lines))
        height = max(len(parts) for parts in wrapped)
        style = console.get_style("table.header") if header else None
        if header:
            none: list[Text | None] = [None]
            wrapped = [none * (height - len(parts)) + parts for parts in wrapped]
        out = []
        for y in range(height):
            line = Text(no_wrap=True, end="")
            for i, (parts, width, (left, right)) in enumerate(
                zip(wrapped, widths, pads, strict=True)
            ):
                if i:
                    line.append(" ")
                start = len(line)
                part = parts[y] if y < len(parts) else None
                if part is not None:
                    line.append(" " * left)
                    line.append_text(part)
                    line.append(" " * right)  # the padding, outside the cell's own style
                else:
                    line.append(" " * width)
                if style is not None:
                    line.spans.insert(0, Span(start, len(line), style))
            out.append(line)
        return out


def narrowed_widths(widths: list[int], wrapping: list[bool], room: int) -> list[int]:
    """Column widths narrowed to ``room`` as a Rich table narrows them: the widest
    wrapping columns first, each step down to the next widest, the excess shared out
    in proportion (Rich's own steps: Table._collapse_widths and ratio_reduce)."""
    widths = list(widths)
    excess = sum(widths) - room
    while excess > 0 and any(wrapping):
        widest = max(w for w, wraps in zip(widths, wrapping, strict=True) if wraps)
        next_widest = max(
            (w if wraps and w != widest else 0) for w, wraps in zip(widths, wrapping, strict=True)
        )
        step = widest - next_widest
        ratios = [int(w == widest and wraps) for w, wraps in zip(widths, wrapping, strict=True)]
        if not step:
            break
        left, share = excess, sum(ratios)
        for i, ratio in enumerate(ratios):
            if ratio:
                cut = min(min(excess, step), round(ratio * left / share))
                widths[i] -= cut
                left -= cut
                share -= ratio
        excess = sum(widths) - room
    return widths


def titled_table(title, *cols) -> Titled:
    """A table of these columns under its title (the panels' shared look)."""
    return Titled(title, cols)
