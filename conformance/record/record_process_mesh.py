"""Record Paddle's ProcessMesh and placement behaviour (no process group needed).

    PADDLE_PY conformance/record/record_process_mesh.py

Writes conformance/goldens/process_mesh.json: case name -> what str/repr/properties give, or
[exception class, message]. The same CASES run under paddle_compat in tests/test_distributed.py.
"""
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

CASES = {
    "mesh2d_str": "str(d.ProcessMesh([[0, 1], [2, 3]], dim_names=['x', 'y']))",
    "mesh2d_props": "(lambda m: [m.shape, m.ndim, m.process_ids, m.dim_names, m.get_dim_size('y'), "
                    "m.get_dim_size(0), m.mesh.tolist()])(d.ProcessMesh([[0, 1], [2, 3]], "
                    "dim_names=['x', 'y']))",
    "mesh_default_names": "str(d.ProcessMesh([0, 1, 2]))",
    "mesh_row": "str(d.ProcessMesh([[0, 1], [2, 3]], dim_names=['x', 'y'])[1])",
    "mesh_col": "str(d.ProcessMesh([[0, 1], [2, 3]], dim_names=['x', 'y'])[:, 1])",
    "mesh_point": "str(d.ProcessMesh([[0, 1], [2, 3]], dim_names=['x', 'y'])[0, 1])",
    "mesh_with_dim": "str(d.ProcessMesh([[0, 1], [2, 3]], dim_names=['x', 'y'])"
                     ".get_mesh_with_dim('y'))",
    "mesh_with_dim_index": "str(d.ProcessMesh([[0, 1], [2, 3]], dim_names=['x', 'y'])"
                           ".get_mesh_with_dim('y', 1))",
    "mesh_eq": "[d.ProcessMesh([0, 1]) == d.ProcessMesh([0, 1], dim_names=['d0']), "
               "d.ProcessMesh([0, 1]) == d.ProcessMesh([1, 0])]",
    "mesh_bad_names": "d.ProcessMesh([[0, 1], [2, 3]], dim_names=['x'])",
    "placements_repr": "[repr(p) for p in [d.Shard(1), d.Replicate(), d.Partial(), "
                       "d.Partial(d.ReduceType.kRedMax), d.Partial(d.ReduceType.kRedAvg)]]",
    "shard_predicates": "(lambda s: [s.get_dim(), s.is_shard(), s.is_shard(1), s.is_shard(0), "
                        "s.is_replicated(), s.is_partial()])(d.Shard(1))",
    "replicate_predicates": "(lambda s: [s.is_shard(), s.is_replicated(), s.is_partial()])"
                            "(d.Replicate())",
    "partial_predicates": "(lambda s: [s.is_shard(), s.is_replicated(), s.is_partial()])"
                          "(d.Partial())",
    "placement_eq": "[d.Shard(0) == d.Shard(0), d.Shard(0) == d.Shard(1), "
                    "d.Replicate() == d.Replicate(), d.Partial() == d.Partial(), "
                    "d.Shard(0) == d.Replicate()]",
    "reduce_types": "[int(d.ReduceType.kRedSum), int(d.ReduceType.kRedMax), "
                    "int(d.ReduceType.kRedMin), int(d.ReduceType.kRedProd), "
                    "int(d.ReduceType.kRedAvg), int(d.ReduceType.kRedAny), int(d.ReduceType.kRedAll)]",
}


def run(d):
    out = {}
    for name, expr in CASES.items():
        try:
            out[name] = eval(expr, {"d": d})
        except Exception as exc:    # the recorded outcome is the exception
            out[name] = [type(exc).__name__, str(exc)]
    return out


if __name__ == "__main__":
    import paddle.distributed as dist
    path = os.path.join(ROOT, "conformance", "goldens", "process_mesh.json")
    with open(path + ".tmp", "w") as f:
        json.dump(run(dist), f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(path + ".tmp", path)
