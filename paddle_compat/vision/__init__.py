"""paddle.vision."""
from . import models
from . import ops
