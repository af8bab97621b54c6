"""fleet's hybrid-parallel topology: CommunicateTopology (ranks on a dp x pp x sharding x sep x cp x
mp grid, the last axis fastest, as in Paddle) and HybridCommunicateGroup (one process group per
line of the grid along each axis, made with paddle.distributed.new_group on every process)."""
import collections
from functools import reduce
from itertools import product

from .. import _state
from ... import collective

__all__ = ["ParallelMode", "CommunicateTopology", "HybridCommunicateGroup", "NCCLConfig",
           "create_nccl_config"]


_NCCL_CONFIG_KEYS = ("commName", "ll_buffsize", "ll128_buffsize", "simple_buffsize",
                     "buffsize_align", "nchannels", "algoStr", "protoStr")


class NCCLConfig:
    """What create_nccl_config returns on the NCCL backend: the given settings, by name."""

    def __init__(self, **settings):
        unknown = sorted(set(settings) - set(_NCCL_CONFIG_KEYS))
        if unknown:
            raise TypeError(f"create(): incompatible function arguments: unknown NCCL config "
                            f"keys {unknown}; the keys are {list(_NCCL_CONFIG_KEYS)}")
        self.settings = dict(settings)

    def __repr__(self):
        return f"NCCLConfig({self.settings})"


def create_nccl_config(nccl_config=None):
    """paddle.distributed.create_nccl_config(nccl_config=None): an NCCLConfig for new_group from
    a dict (commName, ll_buffsize, ll128_buffsize, simple_buffsize, buffsize_align, nchannels,
    algoStr, protoStr). As in Paddle, None unless the parallel environment runs on NCCL and
    nccl_config is a dict.

    Differences from Paddle: new_group accepts the config and does not apply it (torch's NCCL
    backend sizes its own buffers and channels)."""
    if collective.get_backend() != "NCCL" or not isinstance(nccl_config, dict):
        return None
    return NCCLConfig(**nccl_config)


class ParallelMode:
    """paddle.distributed.ParallelMode: the parallel mode of a hybrid configuration."""
    DATA_PARALLEL = 0
    TENSOR_PARALLEL = 1
    PIPELINE_PARALLEL = 2
    SHARDING_PARALLEL = 3
    SEGMENT_PARALLEL = 4


class CommunicateTopology:
    """fleet.CommunicateTopology(hybrid_group_names, dims): rank <-> coordinate on the grid."""

    def __init__(self, hybrid_group_names=("data", "pipe", "sharding", "sep", "context", "model"),
                 dims=(1, 1, 1, 1, 1, 1)):
        self._parallel_names = list(hybrid_group_names)
        self._dims = list(dims)
        self.coordinate = collections.namedtuple("Coordinate", self._parallel_names)
        self._world_size = reduce(lambda x, y: x * y, self._dims, 1)
        coords = [self.coordinate(*x) for x in product(*[range(d) for d in self._dims])]
        self._coord2rank = dict(zip(coords, range(len(coords))))
        self._rank2coord = {r: c for c, r in self._coord2rank.items()}

    def get_hybrid_group_names(self):
        return self._parallel_names

    def get_dim(self, axis_name):
        return self._dims[self._parallel_names.index(axis_name)]

    get_dim_size = get_dim

    def world_size(self):
        return self._world_size

    def get_rank(self, **args):
        assert len(args) == len(self._dims)
        key = self.coordinate(**args)
        assert key in self._coord2rank
        return self._coord2rank[key]

    def get_coord(self, rank):
        assert rank < self._world_size
        return self._rank2coord[rank]

    def get_axis_list(self, axis_name, index):
        axis = self._parallel_names.index(axis_name)
        return sorted(r for c, r in self._coord2rank.items() if c[axis] == index)

    def get_comm_list(self, axis_name):
        """The groups of ranks that differ only along `axis_name`."""
        assert axis_name in self._parallel_names
        others = [n for n in self._parallel_names if n != axis_name]
        out = []
        for x in product(*[range(self.get_dim(n)) for n in others]):
            key = dict(zip(others, x))
            line = []
            for i in range(self.get_dim(axis_name)):
                key[axis_name] = i
                line.append(self._coord2rank[self.coordinate(**key)])
            out.append(line)
        return out

    def get_rank_from_stage(self, global_rank, **kwargs):
        return self.get_rank(**self.get_coord(global_rank)._replace(**kwargs)._asdict())


class HybridCommunicateGroup:
    """fleet.HybridCommunicateGroup(topology): this process's rank and group along every axis."""

    def __init__(self, topology, hybrid_configs=None):
        self.nranks = collective.get_world_size()
        self.global_rank = collective.get_rank()
        self._topo = topology
        self._dp_degree = topology.get_dim("data")
        self._mp_degree = topology.get_dim("model")
        self._pp_degree = topology.get_dim("pipe")
        self._sharding_degree = topology.get_dim("sharding")
        self._sep_degree = topology.get_dim("sep")
        assert self._check_valid_topo(), (
            f"nranks: {self.nranks}, mp_num: {self._mp_degree}, sharding_num: "
            f"{self._sharding_degree}, pp_num: {self._pp_degree}, dp_num: {self._dp_degree}, "
            f"sep_num: {self._sep_degree}")
        coord = topology.get_coord(self.global_rank)
        self._data_parallel_id = coord.data
        self._model_parallel_id = coord.model
        self._sharding_parallel_id = coord.sharding
        self._sep_parallel_id = coord.sep
        self.stage_id = coord.pipe
        # every process creates every group, in the same order (torch's new_group requires it)
        self._groups = {name: self._set_comm_group(name) for name in topology._parallel_names}
        self._pp_group, self._pp_comm_group = self._groups["pipe"]
        self._dp_group, self._dp_comm_group = self._groups["data"]
        self._mp_group, self._mp_comm_group = self._groups["model"]
        self._sharding_group, self._sharding_comm_group = self._groups["sharding"]
        self._sep_group, self._sep_comm_group = self._groups["sep"]
        self.is_first_stage = self.stage_id == 0
        self.is_last_stage = self.stage_id == self._pp_degree - 1
        _state.HCG[0] = self

    def _set_comm_group(self, parallel_method="data"):
        mine, mine_group = None, None
        for ranks in self._topo.get_comm_list(parallel_method):
            group = collective.new_group(ranks)
            if self.global_rank in ranks:
                mine, mine_group = ranks, group
        return mine, mine_group

    def _check_valid_topo(self):
        return (self._dp_degree * self._mp_degree * self._pp_degree * self._sharding_degree
                * self._sep_degree) == self.nranks

    def get_parallel_mode(self):
        """pp -> mp -> sep -> sharding -> dp, as in Paddle."""
        if self._pp_degree > 1:
            return ParallelMode.PIPELINE_PARALLEL
        if self._mp_degree > 1:
            return ParallelMode.TENSOR_PARALLEL
        if self._sep_degree > 1:
            return ParallelMode.SEGMENT_PARALLEL
        if self._sharding_degree > 1:
            return ParallelMode.SHARDING_PARALLEL
        if self._dp_degree > 1:
            return ParallelMode.DATA_PARALLEL
        return None

    def topology(self):
        return self._topo

    def get_global_rank(self):
        return self.global_rank

    def get_data_parallel_rank(self):
        return self._data_parallel_id

    def get_data_parallel_world_size(self):
        return self._dp_degree

    def get_data_parallel_group(self):
        return self._dp_comm_group

    def get_data_parallel_group_src_rank(self):
        return self._dp_comm_group.ranks[0]

    def get_model_parallel_rank(self):
        return self._model_parallel_id

    def get_model_parallel_world_size(self):
        return self._mp_degree

    def get_model_parallel_group(self):
        return self._mp_comm_group

    def get_model_parallel_group_src_rank(self):
        return self._mp_comm_group.ranks[0]

    def get_stage_id(self):
        return self.stage_id

    def get_pipe_parallel_world_size(self):
        return self._pp_degree

    def get_pipe_parallel_group(self):
        return self._pp_comm_group

    def get_sep_parallel_rank(self):
        return self._sep_parallel_id

    def get_sep_parallel_world_size(self):
        return self._sep_degree

    def get_sep_parallel_group(self):
        assert self._sep_degree > 1, "sep not exist"
        return self._sep_comm_group

    def get_sharding_parallel_rank(self):
        return self._sharding_parallel_id

    def get_sharding_parallel_world_size(self):
        return self._sharding_degree

    def get_sharding_parallel_group(self):
        return self._sharding_comm_group

    def get_sharding_parallel_group_src_rank(self):
        return self._sharding_comm_group.ranks[0]

    def get_rank_from_stage(self, stage_id, **kwargs):
        return self._topo.get_rank_from_stage(self.global_rank, pipe=stage_id, **kwargs)

    def _get_p2p_next_rank(self):
        return self.get_rank_from_stage((self.stage_id + 1) % self._pp_degree)

    def _get_p2p_prev_rank(self):
        return self.get_rank_from_stage((self.stage_id - 1) % self._pp_degree)
