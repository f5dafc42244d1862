"""The F1 help screen: a game's rules reference and the key map, as Markdown.

F1 on a game opens it at the section that matters for the decision on screen (the
game screen names the heading); Home goes to the top, where the reference starts with
the lessons and the words it uses, so the whole reference is a key away.

Each heading and each section's text is one Static (the text drawn by Rich's Markdown): a few
dozen widgets, where Textual's Markdown widget mounted one per block (hundreds; F1 on
Sweet Lands cost about 2 s of CPU). Its own module: rarely needed at start.
"""

from __future__ import annotations

import re

from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import Markdown as RichMarkdown
from rich.segment import Segment
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from .common import FitsNarrow
from .title_bar import TitleBar

_HEADING = re.compile(r"^(#{2,3}) +(.+?)\s*$", re.MULTILINE)


def sections(markdown: str) -> list[str]:
    """The reference's section headings (levels 2 and 3), in order."""
    return [m.group(2) for m in _HEADING.finditer(markdown)]


def parts(markdown: str) -> list[tuple[int, str, str]]:
    """The reference cut at its level-2 and level-3 headings: (level, heading, body) in
    order; text before the first heading comes first with level 1 and no heading."""
    found = list(_HEADING.finditer(markdown))
    cut = [m.start() for m in found] + [len(markdown)]
    lead = markdown[: cut[0]].strip()
    pieces = [(1, "", lead)] if lead else []
    for m, end in zip(found, cut[1:], strict=True):
        pieces.append((len(m.group(1)), m.group(2), markdown[m.end() : end].strip()))
    return pieces


class SectionText:
    """A section's Markdown drawn by Rich, less the blank lines Rich puts before a list,
    table or quote that opens it (the CSS margin already parts it from its heading)."""

    def __init__(self, markdown: str):
        self.markdown = RichMarkdown(markdown)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        # the whole text, not cut to the height asked: the blank lines dropped come off it
        lines = console.render_lines(self.markdown, options.reset_height(), pad=False)
        while lines and not "".join(segment.text for segment in lines[0]).strip():
            lines.pop(0)
        new_line = Segment.line()
        for line in lines:
            yield from line
            yield new_line


class HelpScreen(FitsNarrow, Screen):  # text that wraps: F1 works on a phone too
    """One Static per heading and one per section's text, drawn by Rich's Markdown: a
    few dozen widgets where Textual's Markdown widget made one per block (hundreds,
    seconds of CPU for F1 on Sweet Lands)."""

    BINDINGS = [
        Binding("escape", "close", "Back"),
        Binding("f1", "close", "Back", show=False),
        Binding("q", "close", "Back", show=False),
        Binding("home", "top", "Top: whole reference", priority=True),
    ]
    DEFAULT_CSS = """
    HelpScreen VerticalScroll { padding: 0 2; }
    HelpScreen .help-heading { margin-top: 1; text-style: bold; }
    HelpScreen .help-heading-2 { text-style: bold underline; }
    HelpScreen .help-text { margin-top: 1; }
    """

    def __init__(self, markdown: str, title: str = "Help", section: str | None = None):
        super().__init__()
        self.markdown = markdown
        self.help_title = title
        self.section = section  # the heading to open at (None: the top)
        self.opened_at: str | None = None  # the heading it did open at, once found
        self.scroll_pending = False  # open_at asked for a section not yet scrolled to

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with VerticalScroll():
            for index, (level, heading, body) in enumerate(parts(self.markdown)):
                if heading:
                    yield Static(
                        heading,
                        markup=False,
                        id=f"help-section-{index}",
                        classes=f"help-heading help-heading-{level}",
                    )
                if body:
                    yield Static(SectionText(body), classes="help-text")
        yield Footer()

    def on_mount(self) -> None:
        self.title = self.help_title
        self.query_one(VerticalScroll).focus()  # arrows and Page keys scroll at once
        self.scroll_to_section()

    def open_at(self, section: str | None) -> None:
        """Open at ``section`` again when shown next (a screen kept for the next F1)."""
        self.section, self.opened_at = section, None
        self.sub_title = ""
        self.scroll_pending = True
        if self.is_current:
            self.scroll_to_section()

    def on_screen_resume(self) -> None:
        # Only when asked: coming back from the palette keeps where the reader was.
        if self.scroll_pending:
            self.scroll_to_section()

    def scroll_to_section(self) -> None:
        self.scroll_pending = False
        headings = [heading for _, heading, _ in parts(self.markdown)]
        if self.section is None or self.section not in headings:
            self.call_after_refresh(self.action_top)
            return
        self.opened_at = self.section
        heading = self.query_one(f"#help-section-{headings.index(self.section)}")
        self.call_after_refresh(heading.scroll_visible, top=True, animate=False)
        self.sub_title = f"at {self.section} - Home: the whole reference"

    def action_top(self) -> None:
        self.query_one(VerticalScroll).scroll_home(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


def show_help_screen(app: App, markdown: str, title: str, section: str | None = None) -> None:
    """Show a rules reference at ``section``. Each title's screen is kept (installed)
    once built, so the next F1 shows it again without drawing the text anew."""
    name = f"help: {title}"
    kept = app.get_screen(name) if app.is_screen_installed(name) else None
    if isinstance(kept, HelpScreen) and kept.markdown == markdown:
        if kept.is_current:  # the palette's "Rules:" line, asked on the help itself
            kept.open_at(section)
            return
        if kept not in app.screen_stack:
            kept.open_at(section)
            app.push_screen(kept)
            return
    fresh = HelpScreen(markdown, title, section)
    if kept is None or kept not in app.screen_stack:
        app.uninstall_screen(name)  # a reference whose text changed
        app.install_screen(fresh, name)
    app.push_screen(fresh)
