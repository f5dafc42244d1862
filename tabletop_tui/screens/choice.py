"""A drop-down whose arrow keys step through its choices.

Textual's ``Select`` opens its list on Down or Up, so the first arrow a player
presses to change a value only opens the list (issue 46: "the first Down in a
drop-down is sometimes lost"). Here Down and Up, while the list is closed, move
the value to the next or previous choice at once (the new value is on show);
Enter, Space or a click open the list as before. Only public hooks are used:
the class's own bindings and the ``value`` it sets.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual.binding import Binding
from textual.widgets import Select


class StepSelect(Select):
    BINDINGS = [
        Binding("down", "step(1)", "Next choice", show=False),
        Binding("up", "step(-1)", "Previous choice", show=False),
        Binding("enter,space", "show_overlay", "Open the list", show=False),
    ]

    def __init__(self, options: Iterable[tuple[Any, Any]], **kwargs: Any):
        options = list(options)
        super().__init__(options, **kwargs)
        self.choices = [value for _label, value in options]
        self.labels = {value: str(label) for label, value in options}

    def set_options(self, options: Iterable[tuple[Any, Any]]) -> None:
        options = list(options)
        self.choices = [value for _label, value in options]
        self.labels = {value: str(label) for label, value in options}
        super().set_options(options)

    def label_of_value(self) -> str:
        """The words of the choice on show ("" when blank)."""
        return self.labels.get(self.value, "")

    def action_step(self, by: int) -> None:
        if not self.choices:
            return
        if self.value in self.choices:
            at = self.choices.index(self.value) + by
        else:
            at = 0 if by > 0 else len(self.choices) - 1
        self.value = self.choices[max(0, min(len(self.choices) - 1, at))]
