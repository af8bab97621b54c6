"""Paddle's implementation submodules, reached by path: `paddle.vision.datasets.cifar.Cifar10`,
`from paddle.optimizer.adam import Adam`, `paddle.nn.functional.loss.cross_entropy`,
`paddle.static.io.save_inference_model`. Paddle's packages hold these modules as attributes;
paddle_compat's rooms are laid out by concept instead, so most of them have no file here.

`_submodules_table.SUBMODULES` (recorded from Paddle 3.3.1 by
conformance/record/record_submodules.py) lists each submodule with the public names it defines that
its package exports too. Where paddle_compat has no module of that name, `import` and attribute
access give a module holding the package's own objects under those names (the same objects: one
class, two paths); a recorded name the package does not provide raises the census's "not provided
yet" error from that module.

Differences from Paddle: such a module holds only the names its package exports, not the
submodule's private helpers and imports (`paddle.vision.datasets.cifar.URL_PREFIX`)."""
import importlib
import importlib.abc
import importlib.machinery
import sys

from ._submodules_table import SUBMODULES

__all__ = ["SUBMODULES", "is_submodule", "package_name_of", "SubmoduleFinder"]

_COMPAT = "paddle_compat"


def _paddle_name(fullname):
    return "paddle" + fullname[len(_COMPAT):]


def is_submodule(fullname):
    """Whether `fullname` (paddle_compat.<...>) is a recorded Paddle submodule."""
    return fullname.startswith(_COMPAT + ".") and _paddle_name(fullname) in SUBMODULES


def package_name_of(module_name, name):
    """The package's object for `name` when `module_name` is a recorded submodule that lists it
    (a module of paddle_compat's own that lacks the name: paddle.distributed.communication's
    all_reduce), else None."""
    if not is_submodule(module_name) or name not in SUBMODULES[_paddle_name(module_name)]:
        return None
    package = importlib.import_module(module_name.rpartition(".")[0])
    return getattr(package, name, None)


class SubmoduleFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """On sys.meta_path after the ordinary finders: only a recorded submodule that has no file of
    its own reaches it. `missing_getattr` is the census's factory of a module's __getattr__
    (passed in: the census imports this module, not the other way round)."""

    _paddle_compat_submodule_finder = True

    def __init__(self, missing_getattr):
        self._missing_getattr = missing_getattr

    def find_spec(self, fullname, path=None, target=None):
        if not is_submodule(fullname):
            return None
        return importlib.machinery.ModuleSpec(fullname, self, is_package=False)

    def invalidate_caches(self):
        pass

    def create_module(self, spec):
        return None                     # the default module object

    def exec_module(self, module):
        package_name, _, _ = module.__name__.rpartition(".")
        package = importlib.import_module(package_name)
        names = SUBMODULES[_paddle_name(module.__name__)]
        provided = []
        for name in names:
            try:
                setattr(module, name, getattr(package, name))
                provided.append(name)
            except AttributeError:
                pass                    # not provided: the census error below names it
        module.__all__ = provided
        module.__doc__ = (f"{_paddle_name(module.__name__)}: the names Paddle 3.3.1 defines here, "
                          f"as paddle_compat's {_paddle_name(package_name)} provides them.")
        module.__getattr__ = self._missing_getattr(module.__name__)


def install(missing_getattr):
    """Put the finder on sys.meta_path (once)."""
    if not any(getattr(f, "_paddle_compat_submodule_finder", False) for f in sys.meta_path):
        sys.meta_path.append(SubmoduleFinder(missing_getattr))
