"""The launcher and bad configurations: real processes on loopback, each run bounded in time."""
import os
import re
import socket
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(ROOT, "tests", "scripts", "dist_allreduce.py")


def _env(**extra):
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""),
               PADDLE_COMPAT_DIST_TIMEOUT="20")
    env.update(extra)
    return env


def test_launch_two_ranks_logs_and_echoes_rank0(tmp_path):
    log_dir = tmp_path / "log"
    proc = subprocess.run([sys.executable, "-m", "paddle_compat.distributed.launch",
                           "--nproc_per_node", "2", "--log_dir", str(log_dir), SCRIPT, "a", "b"],
                          capture_output=True, text=True, env=_env(), timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "rank 0 of 2 sum 3.0 args ['a', 'b']" in proc.stdout
    assert "rank 1 of 2 sum 3.0" in (log_dir / "workerlog.1").read_text()
    assert "rank 0 of 2 sum 3.0" in (log_dir / "workerlog.0").read_text()


def test_launch_under_the_alias_as_paddle_distributed_launch(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "paddle_compat", "run", "-m",
                           "paddle.distributed.launch", "--nproc_per_node", "2", "--log_dir",
                           str(tmp_path / "log"), SCRIPT],
                          capture_output=True, text=True, env=_env(), timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "rank 0 of 2 sum 3.0" in proc.stdout


def test_failing_rank_stops_the_others_and_shows_its_error(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "paddle_compat.distributed.launch",
                           "--nproc_per_node", "2", "--log_dir", str(tmp_path / "log"), SCRIPT,
                           "fail"], capture_output=True, text=True, env=_env(), timeout=120)
    assert proc.returncode == 1
    assert "rank 1 exited with code 1" in proc.stderr
    assert "ValueError: rank 1 fails on purpose" in proc.stderr


def _free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def test_world_size_that_does_not_match_is_an_error_not_a_hang():
    port = _free_port()
    env = _env(PADDLE_TRAINER_ID="0", PADDLE_TRAINERS_NUM="2", PADDLE_MASTER=f"127.0.0.1:{port}",
               PADDLE_COMPAT_DIST_TIMEOUT="3")
    proc = subprocess.run([sys.executable, "-m", "paddle_compat", "run", SCRIPT],
                          capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode != 0
    assert "paddle.distributed (rank 0): timed out after 3s waiting for 2 processes" in proc.stderr


def test_port_in_use_is_an_error_naming_it():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(1)
    port = s.getsockname()[1]
    try:
        env = _env(PADDLE_TRAINER_ID="0", PADDLE_TRAINERS_NUM="2",
                   PADDLE_MASTER=f"127.0.0.1:{port}", PADDLE_COMPAT_DIST_TIMEOUT="3")
        proc = subprocess.run([sys.executable, "-m", "paddle_compat", "run", SCRIPT],
                              capture_output=True, text=True, env=env, timeout=60)
    finally:
        s.close()
    assert proc.returncode != 0
    assert f"cannot listen on 127.0.0.1:{port}: the port is in use" in proc.stderr


@pytest.mark.parametrize("bad", [["--nnodes", "1:4"], ["--run_mode", "ps"]])
def test_unsupported_launch_modes_name_the_option(bad, tmp_path):
    proc = subprocess.run([sys.executable, "-m", "paddle_compat.distributed.launch", *bad,
                           "--log_dir", str(tmp_path), SCRIPT],
                          capture_output=True, text=True, env=_env(), timeout=60)
    assert proc.returncode != 0 and "NotImplementedError" in proc.stderr


def test_rank_that_exits_before_joining_ends_the_job_at_once(tmp_path):
    # Before: rank 0 waited in init_parallel_env for the whole rendezvous timeout.
    proc = subprocess.run([sys.executable, "-m", "paddle_compat.distributed.launch",
                           "--nproc_per_node", "2", "--log_dir", str(tmp_path / "log"), SCRIPT,
                           "leave"], capture_output=True, text=True,
                          env=_env(PADDLE_COMPAT_DIST_TIMEOUT="300"), timeout=120)
    assert proc.returncode == 1
    assert ("LAUNCH ERROR rank 1 exited with code 0 before joining init_parallel_env, while "
            "rank 0 waited for it there") in proc.stderr


def test_sigterm_stops_the_ranks_and_exits_with_the_signal(tmp_path):
    # As Paddle's launcher: SIGTERM (what `timeout` sends) stops every rank; exit status 15.
    import signal
    import time
    log_dir = tmp_path / "log"
    proc = subprocess.Popen([sys.executable, "-m", "paddle_compat.distributed.launch",
                             "--nproc_per_node", "2", "--log_dir", str(log_dir), SCRIPT, "sleep"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env())
    deadline = time.time() + 90
    while time.time() < deadline and not all(
            (log_dir / f"workerlog.{r}").exists() and "ready" in (log_dir / f"workerlog.{r}").read_text()
            for r in (0, 1)):
        time.sleep(0.2)
    pids = _rank_pids(proc.pid)
    assert len(pids) == 2
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 15
    assert "LAUNCH INFO Terminating with signal 15" in err
    for pid in pids:
        assert not _alive(pid)


def _rank_pids(launcher):
    """The launcher's children (the ranks), from /proc."""
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == launcher:
                pids.append(int(entry))
    return pids


def _alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


# Two "nodes" on loopback: two launchers with node ranks 0 and 1, two processes each.

def _nodes(tmp_path, mode, port=None, **env):
    port = port or _free_port()
    return [subprocess.Popen([sys.executable, "-m", "paddle_compat.distributed.launch", "--nnodes", "2",
                              "--master", f"127.0.0.1:{port}", "--rank", str(r), "--nproc_per_node",
                              "2", "--log_dir", str(tmp_path / f"node{r}"), SCRIPT, mode],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=_env(**env)) for r in (0, 1)]


def _finish(procs, timeout=180):
    try:
        return [p.communicate(timeout=timeout) for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()


def test_two_nodes_of_two_ranks_are_one_job_of_four(tmp_path):
    # The single-node run of this script prints "sum 3.0" for 2 ranks; 4 ranks on 2 nodes sum
    # 1+2+3+4, with global rank = node rank * 2 + local rank and Paddle's per-node variables.
    procs = _nodes(tmp_path, "env")
    (out0, err0), (out1, err1) = _finish(procs)
    assert [p.returncode for p in procs] == [0, 0], err0 + err1
    env = "PADDLE_NNODES=2 PADDLE_GLOBAL_SIZE=4 endpoints 4"
    assert "rank 0 of 4 sum 10.0" in out0 and f"PADDLE_LOCAL_RANK=0 PADDLE_LOCAL_SIZE=2 {env}" in out0
    assert "rank 2 of 4 sum 10.0" in out1 and f"PADDLE_LOCAL_RANK=0 PADDLE_LOCAL_SIZE=2 {env}" in out1
    log = (tmp_path / "node1" / "workerlog.1").read_text()
    assert "rank 3 of 4 sum 10.0" in log and f"PADDLE_LOCAL_RANK=1 PADDLE_LOCAL_SIZE=2 {env}" in log
    assert "rank 1 of 4 sum 10.0" in (tmp_path / "node0" / "workerlog.1").read_text()


def test_a_failing_rank_on_one_node_ends_the_job_on_the_other(tmp_path):
    procs = _nodes(tmp_path, "fail_last")
    (_, err0), (_, err1) = _finish(procs)
    assert [p.returncode for p in procs] == [1, 1]
    assert "LAUNCH ERROR rank 3 exited with code 1" in err1
    assert "ValueError: rank 3 fails on purpose" in err1
    assert "LAUNCH ERROR node 1 failed: rank 3 exited with code 1" in err0


def test_a_node_that_dies_ends_the_job_on_the_other(tmp_path):
    # Node 1's launcher is killed outright while rank 3 works and ranks 0-2 wait in a barrier: its
    # ranks die with it, and node 0's ranks fail on the lost connection instead of waiting out
    # the timeout (300 s here).
    import signal
    import time
    procs = _nodes(tmp_path, "stall", PADDLE_COMPAT_DIST_TIMEOUT="300")
    logs = [tmp_path / "node1" / "workerlog.1", tmp_path / "node0" / "workerlog.0"]
    deadline = time.time() + 150
    while time.time() < deadline and not all(p.exists() and "joined" in p.read_text() for p in logs):
        time.sleep(0.2)
    ranks = _rank_pids(procs[1].pid)
    assert len(ranks) == 2
    procs[1].send_signal(signal.SIGKILL)
    start = time.time()
    (_, err0), _ = _finish(procs, timeout=120)
    assert time.time() - start < 100
    assert procs[0].returncode == 1
    assert "LAUNCH ERROR rank" in err0 and "Connection closed by peer" in err0
    time.sleep(1)
    assert not any(_alive(pid) for pid in ranks)


def test_a_node_that_never_comes_is_named_after_the_timeout(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "paddle_compat.distributed.launch", "--nnodes", "2",
                           "--master", f"127.0.0.1:{_free_port()}", "--rank", "0", "--log_dir",
                           str(tmp_path), SCRIPT], capture_output=True, text=True,
                          env=_env(PADDLE_COMPAT_DIST_TIMEOUT="3"), timeout=120)
    assert proc.returncode == 1
    assert ("LAUNCH ERROR timed out after 3s waiting for 2 nodes at 127.0.0.1:" in proc.stderr
            and "node rank 1 never joined" in proc.stderr)
    assert not list(tmp_path.glob("workerlog.*"))      # no rank was started


def test_paddle_env_variables_override_the_options(tmp_path):
    # As Paddle's launcher: PADDLE_NNODES / PADDLE_MASTER / PADDLE_RANK win over the options, and
    # it says so.
    port = _free_port()
    proc = subprocess.run([sys.executable, "-m", "paddle_compat.distributed.launch", "--log_dir",
                           str(tmp_path), SCRIPT], capture_output=True, text=True, timeout=120,
                          env=_env(PADDLE_COMPAT_DIST_TIMEOUT="3", PADDLE_NNODES="2",
                                   PADDLE_MASTER=f"127.0.0.1:{port}", PADDLE_RANK="1"))
    assert "LAUNCH WARNING args nnodes will be overridden by env: PADDLE_NNODES value: 2" in proc.stdout
    assert proc.returncode == 1
    assert f"cannot reach the master 127.0.0.1:{port} within 3s" in proc.stderr


@pytest.mark.parametrize("argv, error, text", [
    (["--ips", "127.0.0.1,127.0.0.1"], ValueError, "cannot tell which node this is"),
    (["--nnodes", "2"], ValueError, "--nnodes > 1 needs --master HOST:PORT"),
    (["--nnodes", "1:4"], NotImplementedError, "--nnodes 1:4 (elastic) is not supported"),
    (["--nnodes", "two"], ValueError, "--nnodes 'two': expected N or N:N"),
])
def test_node_options_that_cannot_work_are_named_before_anything_starts(argv, error, text,
                                                                         monkeypatch, tmp_path):
    from paddle_compat.distributed.launch.main import main
    for var in ("PADDLE_NNODES", "PADDLE_MASTER", "PADDLE_RANK", "PADDLE_IPS", "POD_IP"):
        monkeypatch.delenv(var, raising=False)
    with pytest.raises(error, match=re.escape(text)):
        main([*argv, "--log_dir", str(tmp_path), SCRIPT])
    assert not list(tmp_path.glob("workerlog.*"))
