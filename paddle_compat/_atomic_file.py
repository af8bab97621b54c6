"""Atomic file writes: every file paddle_compat saves goes through `atomic_write`.

A save that is interrupted (kill -9, power loss, a full disk, an exception while pickling) must never
destroy the good file it was replacing: the data goes to a temporary file in the target's own
directory (same file system, so the rename cannot turn into a copy), is flushed and fsync'ed, and
only then renamed over the target with `os.replace` (atomic on POSIX and Windows). Readers therefore
see either the complete old file or the complete new one. The directory is fsync'ed afterwards
(POSIX) so that the rename itself survives a crash. On any error the temporary file is removed and
the target is left untouched.

The new file gets the permissions a plain `open(path, "w")` would give it (0o666 less the umask),
not mkstemp's private 0o600, so that saving atomically changes nothing else users can observe.
"""
import contextlib
import os
import tempfile

__all__ = ["atomic_write"]


def _umask():
    # Read without changing it where the OS allows (os.umask(x) sets it process-wide).
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    old = os.umask(0o022)
    os.umask(old)
    return old


def _fsync_dir(dirname):
    if os.name != "posix":
        return              # Windows cannot open a directory for fsync; os.replace is enough there
    try:
        fd = os.open(dirname, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass                # some file systems refuse fsync on a directory; the data is synced
    finally:
        os.close(fd)


@contextlib.contextmanager
def atomic_write(path, mode="wb", encoding=None):
    """Context manager yielding a file object whose contents replace `path` atomically on success.

    `mode` is "wb" or "w" (text, with `encoding`). The parent directory must exist. On an exception
    inside the block the temporary file is deleted and `path` keeps its previous contents.
    """
    if mode not in ("wb", "w"):
        raise ValueError(f"atomic_write supports the modes 'wb' and 'w', not {mode!r}")
    path = os.fspath(path)
    dirname = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", suffix=".tmp",
                               dir=dirname)
    try:
        try:
            os.chmod(tmp, 0o666 & ~_umask())
        except OSError:
            pass
        with os.fdopen(fd, mode, encoding=encoding if mode == "w" else None) as f:
            fd = None
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        tmp = None
        _fsync_dir(dirname)
    finally:
        if fd is not None:
            os.close(fd)
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
