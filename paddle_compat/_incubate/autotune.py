"""paddle.incubate.autotune.set_config (Paddle: python/paddle/incubate/autotune.py): Paddle's
kernel / layout / dataloader auto-tuning switches. They only change which kernel, layout or
worker count Paddle picks, never a result, so paddle_compat reads and validates a config exactly
as Paddle does (same warnings, same exceptions, the json file read the same way) and records it
in AUTOTUNE; torch's own kernel choice is not affected (torch.backends.cudnn.benchmark is the
torch switch for the kernel part)."""
import json
import warnings

__all__ = ["set_config", "AUTOTUNE"]

# What Paddle's core / io.reader would hold after set_config: kernel tuning on/off and its
# iteration range, layout tuning on/off, dataloader tuning (use_autotune, tuning_steps).
AUTOTUNE = {"kernel": False, "tuning_range": [1, 10], "layout": False,
            "dataloader": (False, 500)}


def _set_range(start, stop):
    # core.set_autotune_range is a pybind (int, int) function: anything else is its TypeError
    if not (type(start) is int and type(stop) is int):
        raise TypeError(
            "set_autotune_range(): incompatible function arguments. The following argument "
            "types are supported:\n    1. (arg0: int, arg1: int) -> None\n\nInvoked with: "
            f"{start!r}, {stop!r}")
    AUTOTUNE["tuning_range"] = [start, stop]


def _set_dataloader(use_autotune, tuning_steps=500):
    AUTOTUNE["dataloader"] = (use_autotune, tuning_steps)


def _enable_flag(section, key, what):
    value = section[key]
    if isinstance(value, bool):
        return value
    warnings.warn(f"The auto-tuning configuration of the {what} is incorrect."
                  f"The `{key}` should be bool. Use default parameter instead.")
    return None


def set_config(config=None):
    """paddle.incubate.autotune.set_config(config=None): configure kernel, layout and dataloader
    auto-tuning from a dict ({"kernel": {"enable": bool, "tuning_range": [start, stop]},
    "layout": {"enable": bool}, "dataloader": {"enable": bool, "tuning_steps": int}}), the path
    of a json file holding that dict, or None (everything on). Wrongly typed values warn Paddle's
    "The auto-tuning configuration of the ... is incorrect." and are skipped; a tuning_range
    that is not two items raises AssertionError; a file that cannot be read prints
    "Load config error: ..." and warns "Use default configuration for auto-tuning.".

    Differences from Paddle: the settings are recorded (paddle_compat._incubate.autotune.AUTOTUNE)
    but have no effect: torch chooses its kernels itself (use torch.backends.cudnn.benchmark for
    cuDNN algorithm search), tensors keep their layout, and DataLoader keeps its num_workers."""
    if config is None:
        AUTOTUNE["kernel"] = True
        AUTOTUNE["layout"] = True
        _set_dataloader(True)
        return
    config_dict = {}
    if isinstance(config, dict):
        config_dict = config
    elif isinstance(config, str):
        try:
            with open(config, "r") as filehandle:
                config_dict = json.load(filehandle)
        except Exception as e:
            print(f"Load config error: {e}")
            warnings.warn("Use default configuration for auto-tuning.")
    if "kernel" in config_dict:
        kernel_config = config_dict["kernel"]
        if "enable" in kernel_config:
            flag = _enable_flag(kernel_config, "enable", "kernel")
            if flag is not None:
                AUTOTUNE["kernel"] = flag
        if "tuning_range" in kernel_config:
            if isinstance(kernel_config["tuning_range"], list):
                tuning_range = kernel_config["tuning_range"]
                if len(tuning_range) != 2:
                    raise AssertionError()
                _set_range(tuning_range[0], tuning_range[1])
            else:
                warnings.warn("The auto-tuning configuration of the kernel is incorrect."
                              "The `tuning_range` should be list. Use default parameter "
                              "instead.")
    if "layout" in config_dict:
        layout_config = config_dict["layout"]
        if "enable" in layout_config:
            flag = _enable_flag(layout_config, "enable", "layout")
            if flag is not None:
                AUTOTUNE["layout"] = flag
    if "dataloader" in config_dict:
        dataloader_config = config_dict["dataloader"]
        use_autotune = False
        if "enable" in dataloader_config:
            flag = _enable_flag(dataloader_config, "enable", "dataloader")
            if flag is not None:
                use_autotune = flag
        # as in Paddle, the dataloader setting is applied only together with tuning_steps
        if "tuning_steps" in dataloader_config:
            if isinstance(dataloader_config["tuning_steps"], int):
                _set_dataloader(use_autotune, dataloader_config["tuning_steps"])
            else:
                warnings.warn("The auto-tuning configuration of the dataloader is incorrect."
                              "The `tuning_steps` should be int. Use default parameter "
                              "instead.")
                _set_dataloader(use_autotune)
