"""paddle.fluid: Paddle's former name of paddle.base. It is the very same module object (and so
are its submodules `paddle.fluid.layers`, `paddle.fluid.optimizer`, ...): old scripts that
`import paddle.fluid as fluid` get paddle.base, with fluid's static default for `fluid.data`."""
import sys

from .. import base as _base
from ..base import (backward, core, dygraph, executor, framework, initializer, layers, optimizer,
                    param_attr, unique_name)

_SUBMODULES = {"backward": backward, "core": core, "dygraph": dygraph, "executor": executor,
               "framework": framework, "initializer": initializer, "layers": layers,
               "optimizer": optimizer, "param_attr": param_attr, "unique_name": unique_name}
for _name, _module in _SUBMODULES.items():
    sys.modules[f"{__name__}.{_name}"] = _module
sys.modules[__name__] = _base
