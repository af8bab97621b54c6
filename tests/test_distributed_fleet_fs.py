"""fleet.utils.LocalFS and HDFSClient (paddle_compat/distributed/fleet/utils/fs.py): LocalFS against
Paddle's recorded behaviour; HDFSClient against a stand-in `hadoop` script that runs each
`hadoop fs -<cmd>` on a local directory, and with no hadoop at all."""
import os
import shutil
import stat
import sys

import pytest

from paddle_compat.distributed.fleet.utils import HDFSClient, LocalFS
from paddle_compat.distributed.fleet.utils import fs as fs_module
from tests._distributed_utils_goldens import check

# A stand-in for `<hadoop_home>/bin/hadoop fs [-Dk=v ...] -<cmd> args`, rooted at $FAKE_HDFS_ROOT,
# printing `-ls` rows in hadoop's 8 columns. It records every call in $FAKE_HDFS_ROOT/../calls.
_HADOOP = r'''#!{python}
import os, shutil, sys
root = os.environ["FAKE_HDFS_ROOT"]
with open(os.path.join(os.path.dirname(root), "calls"), "a") as f:
    f.write(" ".join(sys.argv[1:]) + "\n")
args = [a for a in sys.argv[2:] if not a.startswith("-D")]
cmd, rest = args[0], args[1:]
p = lambda x: root + x
if cmd == "-test":
    ok = os.path.exists(p(rest[1])) if rest[0] == "-e" else os.path.isdir(p(rest[1]))
    sys.exit(0 if ok else 1)
if cmd == "-ls":
    if not os.path.exists(p(rest[0])):
        sys.exit(1)
    for n in sorted(os.listdir(p(rest[0]))):
        full = os.path.join(p(rest[0]), n)
        kind = "d" if os.path.isdir(full) else "-"
        size = 0 if kind == "d" else os.path.getsize(full)
        print(f"{{kind}}rwxr-xr-x 1 u g {{size}} 2026-01-01 00:00 {{rest[0].rstrip('/')}}/{{n}}")
    sys.exit(0)
if cmd == "-mkdir":
    if rest[0] == "-p":
        os.makedirs(p(rest[1]), exist_ok=True)
        sys.exit(0)
    if not os.path.isdir(os.path.dirname(p(rest[0]).rstrip("/"))):
        print(f"mkdir: `{{rest[0]}}': No such file or directory")
        sys.exit(1)
    os.mkdir(p(rest[0]))
    sys.exit(0)
if cmd == "-touchz":
    open(p(rest[0]), "a").close()
elif cmd == "-cat":
    sys.stdout.write(open(p(rest[0])).read())
elif cmd == "-put":
    dst = p(rest[1])
    if os.path.isdir(dst):
        dst = os.path.join(dst, os.path.basename(rest[0]))
    (shutil.copytree if os.path.isdir(rest[0]) else shutil.copy)(rest[0], dst)
elif cmd == "-get":
    src = p(rest[0])
    (shutil.copytree if os.path.isdir(src) else shutil.copy)(src, rest[1] if not os.path.isdir(rest[1]) else os.path.join(rest[1], os.path.basename(src)))
elif cmd == "-mv":
    os.rename(p(rest[0]), p(rest[1]))
elif cmd == "-rm":
    os.remove(p(rest[0]))
elif cmd == "-rmr":
    shutil.rmtree(p(rest[0]))
else:
    sys.exit(2)
'''


def test_localfs_matches_paddle():
    assert check("localfs") == 2


def test_localfs_base_operations_it_lacks():
    fs = LocalFS()
    for call in (lambda: fs.upload("a", "b"), lambda: fs.download("a", "b"),
                 lambda: fs.upload_dir("a", "b"), lambda: fs.cat("a")):
        with pytest.raises(NotImplementedError):
            call()


@pytest.fixture
def hdfs(tmp_path, monkeypatch):
    home, root = tmp_path / "hadoop", tmp_path / "hdfs"
    (home / "bin").mkdir(parents=True)
    root.mkdir()
    script = home / "bin" / "hadoop"
    script.write_text(_HADOOP.format(python=sys.executable))
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("FAKE_HDFS_ROOT", str(root))
    monkeypatch.setattr(HDFSClient, "_retry_sleep_second", 0)
    client = HDFSClient(str(home), {"fs.default.name": "hdfs://nn:9000", "hadoop.job.ugi": "u,p"},
                        time_out=2000, sleep_inter=10)
    return client, root, tmp_path


def test_hdfs_client_runs_hadoop_fs(hdfs):
    client, root, tmp = hdfs
    assert client.need_upload_download() is True
    assert client._base_cmd.endswith("bin/hadoop fs -Dfs.default.name=hdfs://nn:9000 "
                                     "-Dhadoop.job.ugi=u,p")
    assert client.is_exist("/data") is False and client.ls_dir("/data") == ([], [])
    client.mkdirs("/data/a/b")                 # no parent: retried with -p, as Paddle
    assert client.is_dir("/data/a") and not client.is_file("/data/a")
    client.touch("/data/a/f")
    with pytest.raises(fs_module.FSFileExistsError):
        client.touch("/data/a/f", exist_ok=False)
    local = tmp / "up.txt"
    local.write_text("line1\nline2\n")
    client.upload(str(local), "/data/a")
    assert client.ls_dir("/data/a") == (["b"], ["f", "up.txt"])
    assert client.list_dirs("/data/a") == ["b"]
    assert client.cat("/data/a/up.txt") == "line1\nline2"
    assert client.cat("/data/a/b") == ""
    if shutil.which("awk"):        # Paddle pipes `hadoop fs -ls` through awk
        assert client.list_files_info(["/data/a"]) == [     # every row, directories too
            {"path": "/data/a/b", "size": 0}, {"path": "/data/a/f", "size": 0},
            {"path": "/data/a/up.txt", "size": 12}]
    assert client.list_files_info([]) == []
    client.mv("/data/a/up.txt", "/data/a/moved.txt")
    with pytest.raises(fs_module.FSFileNotExistsError, match="/data/a/up.txt is not exists"):
        client.mv("/data/a/up.txt", "/data/a/x")
    with pytest.raises(fs_module.FSFileExistsError, match="/data/a/f exists already"):
        client.mv("/data/a/moved.txt", "/data/a/f")
    out = tmp / "down.txt"
    client.download("/data/a/moved.txt", str(out))
    assert out.read_text() == "line1\nline2\n"
    with pytest.raises(fs_module.FSFileNotExistsError, match="/nope not exits"):
        client.download("/nope", str(out))
    with pytest.raises(fs_module.FSFileNotExistsError, match="not exists"):
        client.upload(str(tmp / "missing"), "/data")
    client.delete("/data/a/f")
    client.delete("/data/a")
    client.delete("/data/never")
    assert os.listdir(root / "data") == []


def test_hdfs_client_without_hadoop_behaves_as_paddle(tmp_path, monkeypatch):
    # No binary: every command fails, so the probes say no and the rest time out (FSTimeOut).
    monkeypatch.setattr(HDFSClient, "_retry_sleep_second", 0)
    client = HDFSClient(str(tmp_path / "no_hadoop"), None, time_out=300, sleep_inter=50)
    assert client._base_cmd == f"{tmp_path}/no_hadoop/bin/hadoop fs"
    assert client.is_exist("/x") is False and client.is_dir("/x") is False
    assert client.ls_dir("/x") == ([], []) and client.cat("/x") == ""
    with pytest.raises(fs_module.FSTimeOut, match="timeout"):
        client.mkdirs("/x")
