"""How the launchers of a multi-node job find each other: a torch TCPStore on `--master`.

Each node's launcher publishes what Paddle's launcher publishes through its master (the number of
processes it starts, a free port for the ranks' own rendezvous, its ranks' endpoints), waits for all
`--nnodes` nodes, and derives its global rank offset from the node ranks, as Paddle's collective
controller does: global rank = sum of the processes of the nodes before it + local rank, the ranks'
PADDLE_MASTER is node 0's candidate port. During the run the store carries the first failure of
any node, so one node failing ends the job on every node; node 0's launcher hosts the store and
waits for the other launchers to finish before it exits.

Differences from Paddle: the master is a torch TCPStore, not Paddle's HTTP/etcd master; with
`--rank -1` (the default) the launcher on the master's host that binds the port first becomes node 0
and the others take ranks in the order they arrive.
"""
import datetime
import json
import socket
import time

__all__ = ["NodeRendezvous", "local_ip"]


def local_ip(master_host):
    """This node's address as the master sees it: loopback for a loopback master, else the address
    of the interface that routes to the master (no packet is sent)."""
    if master_host in ("localhost",) or master_host.startswith("127."):
        return "127.0.0.1"
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect((master_host, 1))
        return s.getsockname()[0]
    except OSError:
        return socket.gethostbyname(socket.gethostname())
    finally:
        s.close()


class RendezvousError(RuntimeError):
    pass


class NodeRendezvous:
    """One node's view of the job: join(), then failed()/fail()/done() while the ranks run."""

    def __init__(self, master, nnodes, node_rank, job_id, timeout):
        import torch.distributed as tdist   # only multi-node jobs pay for importing torch here

        self.master = master
        self.nnodes = nnodes
        self.timeout = timeout
        self.prefix = f"/{job_id}/"
        host, port = master.rsplit(":", 1)
        delta = datetime.timedelta(seconds=timeout)
        self.store = None
        if node_rank in (0, -1) and _is_local(host):
            try:
                self.store = tdist.TCPStore(host, int(port), is_master=True, timeout=delta,
                                            wait_for_workers=False)
                node_rank = 0
            except RuntimeError as exc:
                if node_rank == 0:
                    raise RendezvousError(f"node 0 cannot listen on {master}: {_first_line(exc)}. "
                                          f"Choose another port with --master.") from None
        if self.store is None:
            try:
                self.store = tdist.TCPStore(host, int(port), is_master=False, timeout=delta)
            except RuntimeError as exc:
                raise RendezvousError(f"cannot reach the master {master} within {timeout:g}s "
                                      f"({_first_line(exc)}); is node 0's launcher running?") from None
            if node_rank < 0:
                node_rank = self.store.add(self._key("auto_rank"), 1)
        if not 0 <= node_rank < nnodes:
            raise RendezvousError(f"node rank {node_rank} is out of range for --nnodes {nnodes}")
        if self.store.add(self._key(f"claim/{node_rank}"), 1) > 1:
            raise RendezvousError(f"node rank {node_rank} was taken by another launcher; give each "
                                  f"node its own --rank")
        self.node_rank = node_rank
        self.is_host = node_rank == 0

    def _key(self, name):
        return self.prefix + name

    def join(self, nproc, ip, candidate_port, endpoints):
        """Publish this node, wait for all; returns (rank_offset, world_size, ranks' master,
        all endpoints in global rank order)."""
        info = {"replicas": nproc, "candidate": f"{ip}:{candidate_port}",
                "endpoints": ",".join(endpoints)}
        self.store.set(self._key(f"info/{self.node_rank}"), json.dumps(info))
        keys = [self._key(f"info/{r}") for r in range(self.nnodes)]
        try:
            self.store.wait(keys, datetime.timedelta(seconds=self.timeout))
        except RuntimeError:
            missing = [r for r in range(self.nnodes) if not self.store.check([keys[r]])]
            raise RendezvousError(
                f"timed out after {self.timeout:g}s waiting for {self.nnodes} nodes at {self.master}; "
                f"node rank {', '.join(map(str, missing))} never joined (is --nnodes right, and did "
                f"every node's launcher start?)") from None
        peers = [json.loads(self.store.get(k)) for k in keys]
        offset = sum(p["replicas"] for p in peers[:self.node_rank])
        world = sum(p["replicas"] for p in peers)
        all_endpoints = ",".join(p["endpoints"] for p in peers).split(",")
        return offset, world, peers[0]["candidate"], all_endpoints

    def fail(self, message):
        """Record this node's failure, unless another node's came first."""
        try:
            self.store.compare_set(self._key("failed"), "", json.dumps(
                {"node": self.node_rank, "message": message}))
        except RuntimeError:
            pass    # the master is gone already: nobody is left to tell

    def failed(self):
        """The first failure of another node: (node rank, message), or None. A master that cannot
        be reached any more counts as node 0 failing."""
        try:
            if not self.store.check([self._key("failed")]):
                return None
            got = json.loads(self.store.get(self._key("failed")))
        except RuntimeError:
            return 0, f"the master {self.master} (node 0's launcher) is gone"
        if got["node"] == self.node_rank:
            return None
        return got["node"], got["message"]

    def done(self):
        """This node's ranks all ended well. Node 0 keeps the store up until every node says so
        (or one fails), so that the others can still read it."""
        try:
            self.store.add(self._key("done"), 1)
            if not self.is_host:
                return
            deadline = time.time() + self.timeout
            while time.time() < deadline:
                if self.store.add(self._key("done"), 0) >= self.nnodes or self.failed():
                    return
                time.sleep(0.1)
        except RuntimeError:
            pass


def _is_local(host):
    if host in ("localhost", "0.0.0.0") or host.startswith("127."):
        return True
    try:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            s.bind((host, 0))   # only an address of this machine can be bound
            return True
        finally:
            s.close()
    except OSError:
        return False


def _first_line(exc):
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
