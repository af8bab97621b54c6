"""Checking a torch.export archive (`path.pt2`) before `paddle.jit.load` hands it to torch.

`torch.export.load` unpickles parts of an archive with `weights_only=False` -- a weight or constant
whose config entry says `use_pickle`, opaque and custom-object constants, legacy `.pt` weight files,
a sample-inputs file that torch's restricted loader refuses (torch then retries unrestricted) --
and loads AOTInductor shared libraries found under `data/aotinductor/`. Any of these in a tampered
model file runs the attacker's code. So `read_checked` reads the archive into memory once (torch then
loads those very bytes: no second read an attacker could race) and accepts only what
`paddle.jit.save` writes:

* a zip of uncompressed records under one root folder, holding exactly torch's archive-format
  files, one program (`models/model.json`), its weights and constants configs, their tensor records
  and the sample inputs; nothing else (no AOTInductor, extra or legacy files);
* config entries that are plain tensors (`use_pickle` false, a tensor record of their own kind),
  whose size, strides and offset fit inside their record -- torch would otherwise build a zero
  tensor of any declared size from an empty record, a few bytes of file asking for gigabytes;
* sample inputs that torch's restricted loader (`weights_only=True`) reads.

The program JSON itself is deserialized by torch, which resolves operators only through its own
registries (`torch.ops`), never by importing names from the file.
"""
import io
import json
import zipfile

import torch

__all__ = ["read_checked", "archive_id"]


def _constants():
    # Imported when an archive is checked, not with paddle_compat: torch.export.pt2_archive's
    # package imports torch._dynamo, about a second of `import paddle_compat`.
    from torch.export.pt2_archive import constants
    return constants


def _root_files(C):
    return {C.ARCHIVE_FORMAT_PATH, C.ARCHIVE_VERSION_PATH, "byteorder", ".data/version",
            ".data/serialization_id"}
_MODEL = "model"


class _Refused(Exception):
    pass


def _dtype(code):
    from torch._export.serde.serialize import _SERIALIZE_TO_TORCH_DTYPE
    for key, dt in _SERIALIZE_TO_TORCH_DTYPE.items():
        if getattr(key, "value", key) == code:
            return dt
    raise _Refused(f"unknown dtype code {code!r}")


def _as_int(v):
    if not (isinstance(v, dict) and set(v) == {"as_int"} and type(v["as_int"]) is int
            and v["as_int"] >= 0):
        raise _Refused("a tensor size, stride or offset that is not a fixed non-negative integer")
    return v["as_int"]


def _check_config(zf, root, config_name, record_dir, prefix):
    """Every entry of one payload config is a plain tensor fitting in its own record."""
    try:
        config = json.loads(zf.read(root + config_name))
    except (KeyError, ValueError, UnicodeDecodeError):
        raise _Refused(f"{config_name} is missing or not JSON") from None
    entries = config.get("config") if isinstance(config, dict) else None
    if not isinstance(entries, dict):
        raise _Refused(f"{config_name} has no config table")
    for fqn, meta in entries.items():
        if not isinstance(meta, dict):
            raise _Refused(f"{config_name}: entry {fqn!r} is not a table")
        if meta.get("use_pickle") is not False:
            raise _Refused(f"{config_name}: entry {fqn!r} is stored with pickle")
        name = meta.get("path_name")
        if not isinstance(name, str) or not name.startswith(prefix) or "/" in name:
            raise _Refused(f"{config_name}: entry {fqn!r} is not a tensor record ({name!r})")
        try:
            info = zf.getinfo(root + record_dir + name)
        except KeyError:
            raise _Refused(f"{config_name}: entry {fqn!r} names a missing record") from None
        tm = meta.get("tensor_meta")
        if not isinstance(tm, dict):
            raise _Refused(f"{config_name}: entry {fqn!r} has no tensor description")
        sizes, strides = tm.get("sizes"), tm.get("strides")
        if not isinstance(sizes, list) or not isinstance(strides, list) or \
                len(sizes) != len(strides):
            raise _Refused(f"{config_name}: entry {fqn!r} has a bad shape")
        sizes = [_as_int(s) for s in sizes]
        strides = [_as_int(s) for s in strides]
        offset = _as_int(tm.get("storage_offset"))
        element = torch.empty(0, dtype=_dtype(tm.get("dtype"))).element_size()
        if 0 in sizes:
            needed = 0
        else:
            needed = (offset + sum((n - 1) * s for n, s in zip(sizes, strides)) + 1) * element
        if needed > info.file_size or (info.file_size == 0 and needed):
            raise _Refused(f"{config_name}: entry {fqn!r} declares {needed} bytes but its record "
                           f"holds {info.file_size}")


def _check(zf):
    infos = zf.infolist()
    names = [i.filename for i in infos]
    roots = {n.split("/", 1)[0] for n in names}
    if len(roots) != 1 or any("/" not in n for n in names):
        raise _Refused("the records are not under one root folder")
    root = roots.pop() + "/"
    C = _constants()
    weights_config = C.WEIGHTS_CONFIG_FILENAME_FORMAT.format(_MODEL)
    constants_config = C.CONSTANTS_CONFIG_FILENAME_FORMAT.format(_MODEL)
    expected = _root_files(C) | {C.MODELS_FILENAME_FORMAT.format(_MODEL),
                              C.SAMPLE_INPUTS_FILENAME_FORMAT.format(_MODEL),
                              weights_config, constants_config}
    for info in infos:
        rel = info.filename[len(root):]
        if info.compress_type != zipfile.ZIP_STORED:
            raise _Refused(f"the record {rel!r} is compressed")
        if rel in expected:
            continue
        if rel.startswith(C.WEIGHTS_DIR) and rel[len(C.WEIGHTS_DIR):].startswith(
                C.WEIGHT_FILENAME_PREFIX) and "/" not in rel[len(C.WEIGHTS_DIR):]:
            continue
        if rel.startswith(C.CONSTANTS_DIR) and rel[len(C.CONSTANTS_DIR):].startswith(
                C.TENSOR_CONSTANT_FILENAME_PREFIX) and "/" not in rel[len(C.CONSTANTS_DIR):]:
            continue
        raise _Refused(f"the record {rel!r} is not one paddle.jit.save writes")
    missing = expected - {n[len(root):] for n in names}
    if missing:
        raise _Refused(f"the records {sorted(missing)} are missing")
    _check_config(zf, root, weights_config, C.WEIGHTS_DIR, C.WEIGHT_FILENAME_PREFIX)
    _check_config(zf, root, constants_config, C.CONSTANTS_DIR, C.TENSOR_CONSTANT_FILENAME_PREFIX)
    sample = zf.read(root + C.SAMPLE_INPUTS_FILENAME_FORMAT.format(_MODEL))
    try:
        torch.load(io.BytesIO(sample), weights_only=True)
    except Exception as e:  # torch raises many types for a refused or damaged pickle
        raise _Refused(f"the sample inputs are not plain tensors ({type(e).__name__})") from None
    return root


def read_checked(pt2):
    """The bytes of archive `pt2`, after the checks in this module's docstring; ValueError naming
    the file and what was refused otherwise."""
    with open(pt2, "rb") as f:
        data = f.read()
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            _check(zf)
    except _Refused as e:
        raise ValueError(f"paddle.jit.load refused {pt2}: {e}. paddle.jit.save never writes "
                         f"that, so the file was altered or made elsewhere; loading it could run "
                         f"code (torch.export.load unpickles such records). Load an archive you "
                         f"trust with torch.export.load directly.") from None
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError, ValueError) as e:
        raise ValueError(f"paddle.jit.load can not parse the file {pt2}: it is damaged or "
                         f"truncated ({e})") from None
    return data


def archive_id(data):
    """The archive's serialization id (random per save), or None."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            for name in zf.namelist():
                if name.endswith("/.data/serialization_id"):
                    return zf.read(name).decode("ascii", "replace")
    except (zipfile.BadZipFile, OSError, ValueError):
        return None
    return None
