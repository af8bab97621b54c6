"""Record what DataLoader workers draw from python's random, numpy and paddle's generator.

    PADDLE_PY conformance/record/record_dataloader_seeding.py

Paddle seeds each worker from a base seed the main process draws from numpy's global generator
when the workers start. Writes conformance/goldens/dataloader_seeding.json: key
"seed-num_workers-persistent" -> {"epochs": [[batch rows, ...] per epoch], "after": the main
process's next np.random.rand()}, and "shuffle" -> the batches of a shuffled loader with 0 and
2 workers under np.random.seed(3); a row is [index, np.random.rand(), random.random(),
paddle.rand([1]), worker id, worker seed % 1000003].
"""
import json
import os
import random

import numpy as np
import paddle
from paddle.io import DataLoader, Dataset, get_worker_info

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Draws(Dataset):
    def __len__(self):
        return 8

    def __getitem__(self, i):
        info = get_worker_info()
        return np.array([i, np.random.rand(), random.random(), float(paddle.rand([1]).numpy()[0]),
                         info.id, info.seed % 1000003], dtype="float64")


def record():
    out = {}
    # shuffle first (Paddle's loader hangs when it comes after the persistent-worker loaders):
    # the base-seed draw comes before the sampler's permutation, as in Paddle
    np.random.seed(3)
    order = []
    for workers in (0, 2):
        dl = DataLoader(Index(), batch_size=3, shuffle=True, num_workers=workers)
        order.append([b.numpy().ravel().tolist() for b in dl])
    out["shuffle"] = {"epochs": order, "after": np.random.rand()}
    for seed in (7, 2024):
        for workers in (1, 2, 3):
            for persistent in (False, True):
                np.random.seed(seed)
                dl = DataLoader(Draws(), batch_size=2, num_workers=workers, shuffle=False,
                                persistent_workers=persistent)
                epochs = [[b.numpy().tolist() for b in dl] for _ in range(2)]
                out[f"{seed}-{workers}-{persistent}"] = {"epochs": epochs,
                                                         "after": np.random.rand()}
    return out


class Index(Dataset):
    def __len__(self):
        return 10

    def __getitem__(self, i):
        return np.array([i], "int64")


if __name__ == "__main__":
    import faulthandler
    faulthandler.dump_traceback_later(300, exit=True)
    path = os.path.join(ROOT, "conformance", "goldens", "dataloader_seeding.json")
    data = record()
    with open(path, "w") as f:
        json.dump(data, f, sort_keys=True)
        f.write("\n")
