"""The app's own timers survive its shutdown."""

from __future__ import annotations

from .helpers import make_app


async def test_size_check_after_the_last_screen_closed_does_nothing(tmp_path):
    # The size check runs on an interval; under load it could fire once more after the
    # screen stack was emptied at exit and fail the whole run with ScreenStackError.
    app = make_app(tmp_path)
    async with app.run_test():
        pass
    assert app.screen_stack == []
    app.check_size()
