"""paddle.distributed.ContextParallel / PrepareContextParallel (paddle_compat/distributed/
auto_parallel/intermediate/context_parallel.py): refused, naming the sequence-parallel plans."""
import pytest

import paddle_compat.distributed as dist


@pytest.mark.parametrize("name", ["ContextParallel", "PrepareContextParallel"])
def test_context_parallel_plans_name_the_alternative(name):
    with pytest.raises(NotImplementedError, match=rf"paddle\.distributed\.{name} \(context "
                       r"parallelism.*SequenceParallelBegin"):
        getattr(dist, name)(backend="p2p")
