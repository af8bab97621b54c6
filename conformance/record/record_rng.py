"""Record Paddle's seeded CPU random numbers into conformance/goldens/rng.json.

Run with the oracle interpreter (real Paddle 3.3.1, CPU):  PADDLE_PY
conformance/record/record_rng.py. Re-runnable: it rewrites the golden from scratch. Large draws are
stored as the sha256 of their bytes plus the first values in clear; small ones in full.
"""
import hashlib
import json
import os

import numpy as np
import paddle

OUT = os.path.join(os.path.dirname(__file__), "..", "goldens", "rng.json")
FIRST = 8


def digest(a):
    a = np.ascontiguousarray(a)
    return {"sha256": hashlib.sha256(a.tobytes()).hexdigest(), "dtype": str(a.dtype),
            "shape": list(a.shape), "first": a.reshape(-1)[:FIRST].tolist()}


def calls(seed, steps):
    """Seed, then run `steps` (list of (api, kwargs)) in order; record each result."""
    paddle.seed(seed)
    res = []
    for api, kw in steps:
        if api == "randn":
            t = paddle.randn(kw["shape"], dtype=kw["dtype"])
        elif api == "rand":
            t = paddle.rand(kw["shape"], dtype=kw["dtype"])
        elif api == "uniform":
            t = paddle.uniform(kw["shape"], dtype=kw["dtype"], min=kw["min"], max=kw["max"],
                               seed=kw.get("seed", 0))
        elif api == "normal":
            t = paddle.normal(kw["mean"], kw["std"], kw["shape"])
        elif api == "gaussian":
            t = paddle.tensor.random.gaussian(kw["shape"], kw["mean"], kw["std"], seed=kw.get("seed", 0),
                                dtype=kw["dtype"])
        elif api == "randint":
            t = paddle.randint(kw["low"], kw["high"], kw["shape"], dtype=kw["dtype"])
        elif api == "randperm":
            t = paddle.randperm(kw["n"], dtype=kw["dtype"])
        elif api == "bernoulli":
            t = paddle.bernoulli(paddle.to_tensor(np.array(kw["p"], dtype=kw["dtype"])))
        elif api == "multinomial":
            t = paddle.multinomial(paddle.to_tensor(np.array(kw["p"], dtype=kw["dtype"])),
                                   kw["num_samples"], kw["replacement"])
        elif api == "exponential_":
            t = paddle.empty(kw["shape"], dtype=kw["dtype"])
            t.exponential_(kw["lam"])
        elif api == "uniform_":
            t = paddle.empty(kw["shape"], dtype=kw["dtype"])
            t.uniform_(kw["min"], kw["max"])
        elif api == "normal_":
            t = paddle.empty(kw["shape"], dtype=kw["dtype"])
            t.normal_(kw["mean"], kw["std"])
        elif api == "raw":
            t = None
            arr = np.array([paddle.framework.core.default_cpu_generator().random()
                            for _ in range(kw["n"])], dtype=np.uint64)
        else:
            raise ValueError(api)
        if t is not None:
            arr = t.numpy()
            if kw.get("dtype") == "float16":
                arr = arr.view(np.uint16)
        res.append(digest(arr))
    return {"seed": seed, "steps": [[a, k] for a, k in steps], "results": res}


def main():
    M = 1 << 20
    cases = []
    for dt in ("float32", "float64"):
        for seed in (2023, 7, 2 ** 40 + 5):
            cases.append(calls(seed, [("randn", {"shape": [M + 1], "dtype": dt}),
                                      ("randn", {"shape": [M], "dtype": dt})]))
            cases.append(calls(seed, [("rand", {"shape": [M + 3], "dtype": dt}),
                                      ("uniform", {"shape": [1001], "dtype": dt, "min": -2.5,
                                                   "max": 0.1})]))
    cases.append(calls(5, [("randn", {"shape": [2, 3], "dtype": "float64"})] * 3))
    cases.append(calls(11, [("randn", {"shape": [7], "dtype": "float32"}),
                            ("rand", {"shape": [5], "dtype": "float32"}),
                            ("randn", {"shape": [1], "dtype": "float64"}),
                            ("normal", {"mean": 0.3, "std": 2.5, "shape": [9]}),
                            ("gaussian", {"shape": [6], "mean": 1.0, "std": 0.1, "seed": 42,
                                          "dtype": "float32"}),
                            ("uniform", {"shape": [6], "dtype": "float64", "min": -1.0,
                                         "max": 1.0, "seed": 42}),
                            ("randn", {"shape": [1000], "dtype": "float16"}),
                            ("rand", {"shape": [1000], "dtype": "float16"}),
                            ("raw", {"n": 5})]))
    cases.append(calls(3, [("randint", {"low": 0, "high": 10, "shape": [1000], "dtype": "int64"}),
                           ("randint", {"low": -805306368, "high": 805306368, "shape": [20000],
                                        "dtype": "int64"}),
                           ("randint", {"low": -5, "high": 2147483647, "shape": [777],
                                        "dtype": "int32"}),
                           ("randperm", {"n": 1, "dtype": "int64"}),
                           ("randperm", {"n": 10, "dtype": "int64"}),
                           ("randperm", {"n": 1001, "dtype": "int32"}),
                           ("randperm", {"n": 100000, "dtype": "int64"}),
                           ("randperm", {"n": 7, "dtype": "float32"})]))
    # float attributes: Paddle rounds mean / std / min / max through float32 even for float64
    # output, so values that are not exact in float32 (0.1, 0.3, -0.7) tell the two apart.
    cases.append(calls(21, [("gaussian", {"shape": [7], "mean": 0.1, "std": 0.3, "dtype": "float64"}),
                            ("normal_", {"shape": [7], "dtype": "float64", "mean": 0.1, "std": 0.3}),
                            ("uniform", {"shape": [7], "dtype": "float64", "min": -0.7,
                                         "max": 0.1}),
                            ("gaussian", {"shape": [7], "mean": 0.1, "std": 0.3, "seed": 5,
                                          "dtype": "float64"})]))
    rs = np.random.RandomState(0)
    cases.append(calls(9, [("bernoulli", {"p": rs.rand(3, 50).tolist(), "dtype": "float32"}),
                           ("bernoulli", {"p": rs.rand(101).tolist(), "dtype": "float64"}),
                           ("multinomial", {"p": [0.1, 0.2, 0.3, 0.4], "dtype": "float32",
                                            "num_samples": 1000, "replacement": True}),
                           ("multinomial", {"p": rs.rand(3, 20).tolist(), "dtype": "float32",
                                            "num_samples": 15, "replacement": False}),
                           ("multinomial", {"p": rs.rand(2, 50).tolist(), "dtype": "float64",
                                            "num_samples": 40, "replacement": False}),
                           ("multinomial", {"p": [0.0, 1.0, 2.0, 0.0, 3.0], "dtype": "float64",
                                            "num_samples": 3, "replacement": False}),
                           ("exponential_", {"shape": [1001], "dtype": "float32", "lam": 2.0}),
                           ("exponential_", {"shape": [100], "dtype": "float64", "lam": 0.5}),
                           ("uniform_", {"shape": [33], "dtype": "float32", "min": -3, "max": 3}),
                           ("normal_", {"shape": [33], "dtype": "float64", "mean": 1.0,
                                        "std": 3.0})]))
    paddle.seed(2023)
    sanity = paddle.randn([2, 3], dtype="float64").numpy().tolist()
    g = paddle.seed(2 ** 40 + 5)
    meta = {"paddle_version": paddle.__version__, "initial_seed_2p40p5": g.initial_seed(),
            "sanity_randn_2023_f64": sanity}
    with open(OUT, "w") as f:
        json.dump({"meta": meta, "cases": cases}, f, indent=1)
    print(f"wrote {OUT}: {len(cases)} cases")


if __name__ == "__main__":
    main()
