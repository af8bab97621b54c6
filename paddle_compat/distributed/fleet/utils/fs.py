"""fleet.utils.LocalFS and HDFSClient: one file-system interface over the local disk (os/shutil)
and over HDFS (the `hadoop fs` command line), as fleet's checkpoint and data utilities use them.

    fs = LocalFS(); fs.mkdirs("out/a"); fs.touch("out/a/f"); fs.ls_dir("out")   # (['a'], [])
    hdfs = HDFSClient("/opt/hadoop", {"fs.default.name": "hdfs://nn:9000",
                                      "hadoop.job.ugi": "user,passwd"})

HDFSClient runs `<hadoop_home>/bin/hadoop fs -D<k>=<v>... -<cmd> <args>` in a shell for every
operation, as Paddle does: a failing command is retried (3 s apart), the read-only probes
(is_exist, is_dir) take a failure as "no", and the others retry until `time_out` milliseconds have
passed and raise FSTimeOut. Without a hadoop binary at `hadoop_home` every command fails, so
is_exist is False and mkdirs/touch/... end in FSTimeOut, exactly as in Paddle. Paths are put into
the shell command as given (Paddle's behaviour), so pass only trusted paths.
"""
import functools
import os
import re
import shutil
import subprocess
import time

__all__ = ["ExecuteError", "FSFileExistsError", "FSFileNotExistsError", "FSTimeOut",
           "FSShellCmdAborted", "FS", "LocalFS", "HDFSClient"]


class ExecuteError(Exception):
    """A file-system command failed."""


class FSFileExistsError(Exception):
    """The destination exists already."""


class FSFileNotExistsError(Exception):
    """The source does not exist."""


class FSTimeOut(Exception):
    """A failing command was retried until the client's time_out."""


class FSShellCmdAborted(ExecuteError):
    """The command was aborted (exit status 134)."""


class FS:
    """The file-system interface; every operation of the base raises NotImplementedError."""

    def _abstract(self, *args, **kwargs):
        raise NotImplementedError

    ls_dir = is_file = is_dir = is_exist = upload = download = mkdirs = delete = _abstract
    need_upload_download = rename = mv = upload_dir = list_dirs = touch = cat = _abstract


class LocalFS(FS):
    """paddle.distributed.fleet.utils.LocalFS(): the FS interface on the local disk."""

    def ls_dir(self, fs_path):
        """-> (sub-directory names, file names) of directory fs_path; ([], []) if it does not
        exist."""
        if not self.is_exist(fs_path):
            return [], []
        dirs, files = [], []
        for name in os.listdir(fs_path):
            (dirs if os.path.isdir(fs_path + "/" + name) else files).append(name)
        return dirs, files

    def mkdirs(self, fs_path):
        """Create directory fs_path and its parents (nothing if it exists)."""
        assert not os.path.isfile(fs_path), f"{fs_path} is already a file"
        os.makedirs(fs_path, exist_ok=True)

    def rename(self, fs_src_path, fs_dst_path):
        """os.rename."""
        os.rename(fs_src_path, fs_dst_path)

    def delete(self, fs_path):
        """Remove a file, or a directory with its contents (nothing if fs_path does not exist)."""
        if not self.is_exist(fs_path):
            return None
        if os.path.isfile(fs_path):
            return os.remove(fs_path)
        return shutil.rmtree(fs_path)

    def need_upload_download(self):
        """False: a local path is used where it is."""
        return False

    def is_file(self, fs_path):
        """Whether fs_path is a file."""
        return os.path.isfile(fs_path)

    def is_dir(self, fs_path):
        """Whether fs_path is a directory."""
        return os.path.isdir(fs_path)

    def is_exist(self, fs_path):
        """Whether fs_path exists."""
        return os.path.exists(fs_path)

    def touch(self, fs_path, exist_ok=True):
        """Create an empty file; an existing one raises FSFileExistsError unless exist_ok."""
        if self.is_exist(fs_path):
            if exist_ok:
                return
            raise FSFileExistsError
        with open(fs_path, "a"):
            pass

    def mv(self, src_path, dst_path, overwrite=False, test_exists=False):
        """Move src_path to dst_path: FSFileNotExistsError without a source, FSFileExistsError if
        the destination exists (unless overwrite, which deletes it first)."""
        if not self.is_exist(src_path):
            raise FSFileNotExistsError
        if overwrite and self.is_exist(dst_path):
            self.delete(dst_path)
        if self.is_exist(dst_path):
            raise FSFileExistsError
        return self.rename(src_path, dst_path)

    def list_dirs(self, fs_path):
        """-> the sub-directory names of fs_path ([] if it does not exist)."""
        if not self.is_exist(fs_path):
            return []
        return [f for f in os.listdir(fs_path) if os.path.isdir(fs_path + "/" + f)]


def _handle_errors(max_time_out=None):
    """Retry an HDFS operation that raised ExecuteError every sleep_inter ms until time_out ms."""
    def decorator(f):
        @functools.wraps(f)
        def handler(*args, **kwargs):
            client = args[0]
            time_out = (float(client._time_out) if max_time_out is None else max_time_out) / 1000.0
            inter = float(client._sleep_inter) / 1000.0
            start = last_print = time.time()
            while True:
                try:
                    return f(*args, **kwargs)
                except ExecuteError:
                    if time.time() - start >= time_out:
                        raise FSTimeOut(f"args:{args} timeout:{time.time() - start}") from None
                    time.sleep(inter)
                if time.time() - last_print > 30:
                    print(f"hadoop operator timeout:args:{args} timeout:{time.time() - start}")
                    last_print = time.time()
        return handler
    return decorator


def _split(files, index, parts):
    # The index-th of `parts` contiguous blocks, the first len % parts blocks one longer.
    size, extra = divmod(len(files), parts)
    begin = index * size + min(index, extra)
    return files[begin:begin + size + (1 if index < extra else 0)]


class HDFSClient(FS):
    """paddle.distributed.fleet.utils.HDFSClient(hadoop_home, configs, time_out=300000,
    sleep_inter=1000): the FS interface over `<hadoop_home>/bin/hadoop fs`; `configs` become
    `-Dkey=value` options. time_out and sleep_inter are milliseconds.

    Differences from Paddle: upload/download of several files run one after the other in this
    process (Paddle forks `multi_processes` processes; the argument is accepted)."""

    # Seconds between the retries of a failed command (Paddle: 3).
    _retry_sleep_second = 3

    def __init__(self, hadoop_home, configs, time_out=5 * 60 * 1000, sleep_inter=1000):
        self.pre_commands = [f"{hadoop_home}/bin/hadoop", "fs"]
        for k, v in (configs or {}).items():
            self.pre_commands.append(f"-D{k}={v}")
        self._time_out = time_out
        self._sleep_inter = sleep_inter
        self._base_cmd = " ".join(self.pre_commands)
        self._bd_err_re = re.compile(r"\s?responseErrorMsg\s?\:.*, errorCode\:\s?[0-9]+, path\:")

    def _run_cmd(self, cmd, redirect_stderr=False, retry_times=5):
        # The command runs in a shell, as Paddle's core.shell_execute_cmd: -> (status, lines).
        exe_cmd = f"{self._base_cmd} -{cmd}"
        ret, output = 0, ""
        for _ in range(retry_times + 1):
            proc = subprocess.run(exe_cmd, shell=True, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT if redirect_stderr else subprocess.DEVNULL,
                                  text=True, check=False)
            ret, output = proc.returncode, proc.stdout or ""
            if ret == 0:
                break
            time.sleep(self._retry_sleep_second)
        if ret == 134:
            raise FSShellCmdAborted(cmd)
        return ret, output.splitlines()

    @_handle_errors()
    def list_dirs(self, fs_path):
        """-> the sub-directory names of fs_path ([] if it does not exist)."""
        if not self.is_exist(fs_path):
            return []
        return self._ls_dir(fs_path)[0]

    @_handle_errors()
    def ls_dir(self, fs_path):
        """-> (sub-directory names, file names) of fs_path; ([], []) if it does not exist."""
        if not self.is_exist(fs_path):
            return [], []
        return self._ls_dir(fs_path)

    def _ls_dir(self, fs_path):
        cmd = f"ls {fs_path}"
        ret, lines = self._run_cmd(cmd)
        if ret != 0:
            raise ExecuteError(cmd)
        dirs, files = [], []
        for line in lines:
            arr = line.split()
            if len(arr) != 8:           # `hadoop fs -ls` rows: perms ... date time path
                continue
            (dirs if arr[0][0] == "d" else files).append(os.path.basename(arr[7]))
        return dirs, files

    def _test_match(self, lines):
        for line in lines:
            m = self._bd_err_re.match(line)
            if m is not None:
                return m
        return None

    @_handle_errors()
    def is_dir(self, fs_path):
        """Whether fs_path is a directory."""
        if not self.is_exist(fs_path):
            return False
        return self._is_dir(fs_path)

    def _is_dir(self, fs_path):
        cmd = f"test -d {fs_path}"
        ret, lines = self._run_cmd(cmd, redirect_stderr=True, retry_times=1)
        if ret:
            if self._test_match(lines):
                print("raise exception: ")
                print("\n".join(lines))
                raise ExecuteError(cmd)
            return False
        return True

    def is_file(self, fs_path):
        """Whether fs_path exists and is not a directory."""
        if not self.is_exist(fs_path):
            return False
        return not self._is_dir(fs_path)

    @_handle_errors()
    def is_exist(self, fs_path):
        """Whether fs_path exists (a failing `-test -e` counts as no)."""
        ret, _ = self._run_cmd(f"test -e {fs_path} ", redirect_stderr=True, retry_times=1)
        return ret == 0

    def upload_dir(self, local_dir, dest_dir, overwrite=False):
        """Put local directory local_dir into dest_dir (created if missing)."""
        local_dir, dest_dir = local_dir.rstrip("/"), dest_dir.rstrip("/")
        target = dest_dir + "/" + os.path.basename(local_dir)
        if self.is_exist(target) and overwrite:
            self.delete(target)
        if not self.is_exist(dest_dir):
            self.mkdirs(dest_dir)
        self._try_upload(local_dir, dest_dir)

    def upload(self, local_path, fs_path, multi_processes=5, overwrite=False):
        """Put a local file, or each entry of a local directory, into fs_path."""
        if not LocalFS().is_exist(local_path):
            raise FSFileNotExistsError(f"{local_path} not exists")
        if os.path.isdir(local_path):
            all_files = [os.path.join(local_path, f) for f in os.listdir(local_path)]
        else:
            all_files = [local_path]
        if not all_files:
            print("there are nothing need to upload, function exit")
            return
        if self.is_exist(fs_path) and overwrite:
            self.delete(fs_path)
            self.mkdirs(fs_path)
        for i in range(multi_processes):
            for data in _split(all_files, i, multi_processes):
                self._try_upload(data, fs_path)

    @_handle_errors()
    def _try_upload(self, local_path, fs_path):
        cmd = f"put {local_path} {fs_path}"
        try:
            ret, _ = self._run_cmd(cmd)
            if ret != 0:
                raise ExecuteError(cmd)
        except Exception:
            self.delete(fs_path)
            raise

    def download(self, fs_path, local_path, multi_processes=5, overwrite=False):
        """Get file fs_path, or each entry of directory fs_path, into local_path."""
        if not self.is_exist(fs_path):
            raise FSFileNotExistsError(f"{fs_path} not exits")
        if self.is_file(fs_path):
            return self._try_download(fs_path, local_path)
        dirs, names = self.ls_dir(fs_path)
        all_files = [fs_path + "/" + i for i in names] + [fs_path + "/" + i for i in dirs]
        for i in range(multi_processes):
            for data in _split(all_files, i, multi_processes):
                self._try_download(data, local_path)
        return None

    @_handle_errors()
    def _try_download(self, fs_path, local_path):
        cmd = f"get {fs_path} {local_path}"
        try:
            ret, _ = self._run_cmd(cmd)
            if ret != 0:
                raise ExecuteError(cmd)
        except Exception:
            LocalFS().delete(local_path)
            raise

    @_handle_errors()
    def mkdirs(self, fs_path):
        """Create directory fs_path (and its parents)."""
        if self.is_exist(fs_path):
            return
        out_hdfs = False
        cmd = f"mkdir {fs_path} "
        ret, out = self._run_cmd(cmd, redirect_stderr=True)
        if ret != 0:
            out_hdfs = any("No such file or directory" in line for line in out)
            if not out_hdfs:
                raise ExecuteError(cmd)
        if out_hdfs and not self.is_exist(fs_path):
            cmd = f"mkdir -p {fs_path}"
            ret, _ = self._run_cmd(cmd)
            if ret != 0:
                raise ExecuteError(cmd)

    def mv(self, fs_src_path, fs_dst_path, overwrite=False, test_exists=True):
        """Move fs_src_path to fs_dst_path (see LocalFS.mv; the checks only with test_exists)."""
        if overwrite and self.is_exist(fs_dst_path):
            self.delete(fs_dst_path)
        if test_exists:
            if not self.is_exist(fs_src_path):
                raise FSFileNotExistsError(f"{fs_src_path} is not exists")
            if self.is_exist(fs_dst_path):
                raise FSFileExistsError(f"{fs_dst_path} exists already")
        return self._try_mv(fs_src_path, fs_dst_path)

    @_handle_errors()
    def _try_mv(self, fs_src_path, fs_dst_path):
        cmd = f"mv {fs_src_path} {fs_dst_path}"
        try:
            ret, _ = self._run_cmd(cmd, retry_times=1)
            if ret != 0:
                raise ExecuteError(cmd)
        except Exception:
            if not self.is_exist(fs_src_path) and self.is_exist(fs_dst_path):
                return
            raise

    def _rm_cmd(self, cmd):
        ret, _ = self._run_cmd(cmd)
        if ret != 0:
            raise ExecuteError(cmd)

    @_handle_errors()
    def delete(self, fs_path):
        """Remove a file or a directory tree (nothing if fs_path does not exist)."""
        if not self.is_exist(fs_path):
            return None
        return self._rm_cmd(f"rmr {fs_path}" if self._is_dir(fs_path) else f"rm {fs_path}")

    def touch(self, fs_path, exist_ok=True):
        """Create an empty file (`-touchz`); see LocalFS.touch."""
        if self.is_exist(fs_path):
            if exist_ok:
                return None
            raise FSFileExistsError
        return self._touchz(fs_path)

    @_handle_errors()
    def _touchz(self, fs_path):
        cmd = f"touchz {fs_path}"
        ret, _ = self._run_cmd(cmd)
        if ret != 0:
            raise ExecuteError(cmd)

    def need_upload_download(self):
        """True: files are copied to and from the local disk."""
        return True

    def cat(self, fs_path=None):
        """The text of file fs_path ("" if it is not a file)."""
        if self.is_file(fs_path):
            return "\n".join(self._try_cat(fs_path))
        return ""

    @_handle_errors()
    def _try_cat(self, fs_path):
        cmd = f"cat {fs_path}"
        ret, output = self._run_cmd(cmd, retry_times=1)
        if ret != 0:
            raise ExecuteError(cmd)
        return output

    def _split_files(self, files, trainer_id, trainers):
        return _split(files, trainer_id, trainers)

    def list_files_info(self, path_list):
        """-> [{'path': ..., 'size': ...}] of the files `hadoop fs -ls` lists for path_list."""
        if len(path_list) <= 0:
            return []
        cmd = "ls " + "".join(p + " " for p in path_list) + \
            " | awk '{if ($8 != \"\") {print $5\" \"$8 }}'"
        _, lines = self._run_cmd(cmd)
        if not lines:
            import logging
            logging.getLogger("paddle_compat.distributed.fleet").warning(
                "list_files empty, path[%s]", path_list)
            return []
        out = []
        for line in lines:
            arr = line.split(" ")
            if len(arr) >= 2:
                out.append({"path": arr[1], "size": int(arr[0])})
        return out
