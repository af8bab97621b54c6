"""paddle.utils.try_import: import an optional dependency or say which package to install."""
import importlib

__all__ = ["try_import"]


def try_import(module_name, err_msg=None):
    """Import `module_name`; on failure raise Paddle's ImportError naming the package to install
    (`opencv-python` for cv2, the top-level package otherwise)."""
    install_name = module_name.split(".")[0]
    if module_name == "cv2":
        install_name = "opencv-python"
    try:
        return importlib.import_module(module_name)
    except ImportError:
        if err_msg is None:
            err_msg = (f"Failed importing {module_name}. This likely means that some paddle modules "
                       "require additional dependencies that have to be manually installed (usually "
                       f"with `pip install {install_name}`). ")
        raise ImportError(err_msg) from None
