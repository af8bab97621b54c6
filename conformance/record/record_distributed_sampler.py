"""Record Paddle's DistributedBatchSampler index lists over a grid of sizes, ranks and flags.

    PADDLE_PY conformance/record/record_distributed_sampler.py

Writes conformance/goldens/distributed_batch_sampler.json: key "n-bs-nranks-rank-shuffle-drop_last"
-> [first epoch's batches, second epoch's batches, len(sampler)].
"""
import json
import os

from paddle.io import DistributedBatchSampler

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Sized:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return i


def grid(sampler_cls):
    out = {}
    for n in [1, 7, 10, 16, 33]:
        for bs in [1, 3, 4]:
            for nr in [1, 2, 3]:
                for shuffle in [False, True]:
                    for dl in [False, True]:
                        for r in range(nr):
                            s = sampler_cls(Sized(n), bs, num_replicas=nr, rank=r, shuffle=shuffle,
                                            drop_last=dl)
                            out[f"{n}-{bs}-{nr}-{r}-{shuffle}-{dl}"] = [list(s), list(s), len(s)]
    return out


if __name__ == "__main__":
    path = os.path.join(ROOT, "conformance", "goldens", "distributed_batch_sampler.json")
    with open(path, "w") as f:
        json.dump(grid(DistributedBatchSampler), f, sort_keys=True)
        f.write("\n")
