"""Fixtures shared by the test files here (the hypothesis profiles live in the root conftest.py)."""
import pytest

import paddle_compat as paddle
from paddle_compat._mode import STATE


@pytest.fixture()
def static_mode():
    """Static mode for the test, the previous mode restored after it. A test file that runs
    wholly in static mode says `pytestmark = pytest.mark.usefixtures("static_mode")`."""
    old = STATE.static
    paddle.enable_static()
    yield
    STATE.static = old
