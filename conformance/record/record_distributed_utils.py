"""Record Paddle's plain-Python distributed utilities: the sparse-table entry configs, DistAttr and
SplitPoint, fleet's MultiSlot data generators, fleet.utils.LocalFS, UtilBase's file shards, create_nccl_config off NCCL.

    PADDLE_PY conformance/record/record_distributed_utils.py

Writes conformance/goldens/distributed_utils.json: case name -> the value, or [exception class,
message]. `run(paddle, prefixes)` runs the same CASES (those whose names start with a prefix) under paddle_compat (tests/test_distributed_utils.py).
Every case gets a fresh empty directory `tmp` (LocalFS works inside it and its paths are shown
relative to it).
"""
import contextlib
import io
import json
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def gen(base, samples, batch=None, lines=None, batch_fn=None):
    """Run a generator subclass of `base` whose generate_sample(line) yields `samples(line)`;
    -> [stdout, _proto_info] (or [exception class, message, stdout so far])."""
    class G(base):
        def generate_sample(self, line):
            def local_iter():
                yield from samples(line)
            return local_iter

    if batch_fn is not None:
        def generate_batch(self, items):
            def local_iter():
                yield from batch_fn(items)
            return local_iter
        G.generate_batch = generate_batch
    g = G()
    if batch is not None:
        g.set_batch(batch)
    out = io.StringIO()
    old_stdin = sys.stdin
    try:
        with contextlib.redirect_stdout(out):
            if lines is None:
                g.run_from_memory()
            else:
                sys.stdin = io.StringIO("".join(lines))
                g.run_from_stdin()
    except Exception as exc:      # the recorded outcome is the exception (and what came before)
        return [type(exc).__name__, str(exc), out.getvalue()]
    finally:
        sys.stdin = old_stdin
    return [out.getvalue(), g._proto_info]


def tree(tmp):
    """Every path under tmp (relative), directories with a trailing slash, sorted."""
    out = []
    for base, dirs, files in os.walk(tmp):
        rel = os.path.relpath(base, tmp)
        for d in dirs:
            out.append(os.path.normpath(os.path.join(rel, d)) + "/")
        for f in files:
            out.append(os.path.normpath(os.path.join(rel, f)))
    return sorted(out)


def fs_session(fs_cls, tmp, steps):
    """Run LocalFS calls in order; -> each result (or [exception class, message]) and the tree."""
    fs = fs_cls()
    results = []
    for name, *args in steps:
        args = [os.path.join(tmp, a) if isinstance(a, str) else a for a in args]
        try:
            r = getattr(fs, name)(*args)
            results.append(sorted(r) if name == "list_dirs" else
                           [sorted(r[0]), sorted(r[1])] if name == "ls_dir" else r)
        except Exception as exc:
            results.append([type(exc).__name__, str(exc).replace(tmp, "<tmp>")])
    return [results, tree(tmp)]


def shard(util_cls, role_cls, files, index, num, heter=False):
    util = util_cls()
    util._set_role_maker(role_cls(is_collective=True, current_id=index,
                                  worker_endpoints=[f"127.0.0.1:{6170 + i}" for i in range(num)]))
    return (util.get_heter_file_shard if heter else util.get_file_shard)(files)


_FS_STEPS = [
    ("is_exist", "a"), ("ls_dir", "a"), ("list_dirs", "a"), ("mkdirs", "a/b/c"),
    ("is_dir", "a/b"), ("is_file", "a/b"), ("touch", "a/f1"), ("touch", "a/f1"),
    ("touch", "a/f1", False), ("is_file", "a/f1"), ("ls_dir", "a"), ("list_dirs", "a"),
    ("mkdirs", "a/f1"), ("mv", "a/f1", "a/f2"), ("mv", "a/nope", "a/f3"), ("touch", "a/f3"),
    ("mv", "a/f2", "a/f3"), ("mv", "a/f2", "a/f3", True), ("rename", "a/b", "a/d"),
    ("delete", "a/d"), ("delete", "a/missing"), ("need_upload_download",),
    ("upload", "a/f3", "x"), ("cat", "a/f3"),
]

CASES = {
    "probability_entry": "d.ProbabilityEntry(0.1)._to_attr()",
    "probability_entry_bad": "d.ProbabilityEntry(1)",
    "probability_entry_range": "d.ProbabilityEntry(1.0)",
    "count_filter_entry": "d.CountFilterEntry(10)._to_attr()",
    "count_filter_entry_zero": "d.CountFilterEntry(0)._to_attr()",
    "count_filter_entry_float": "d.CountFilterEntry(1.5)",
    "count_filter_entry_negative": "d.CountFilterEntry(-1)",
    "show_click_entry": "d.ShowClickEntry('show', 'click')._to_attr()",
    "show_click_entry_bad": "d.ShowClickEntry('show', 1)",
    "entry_names": "[d.ProbabilityEntry(0.5)._name, d.CountFilterEntry(3)._name, "
                   "d.ShowClickEntry('s', 'c')._name, type(d.ShowClickEntry('s', 'c')).__mro__[1].__name__]",
    "nccl_config_off_nccl": "[d.create_nccl_config(None), d.create_nccl_config({'commName': 'tp'})]",
    "multislot_stdin": "gen(fleet.MultiSlotDataGenerator, lambda line: [[('words', [int(w) for w in "
                       "line.split()]), ('label', [1])]], lines=['1926 8 17\\n', '3 4\\n'])",
    "multislot_float_slot": "gen(fleet.MultiSlotDataGenerator, lambda line: [[('x', [1, 2.5]), "
                            "('y', [3])], [('x', [4, 5]), ('y', [0.5])]])",
    "multislot_tuple_and_zip": "gen(fleet.MultiSlotDataGenerator, lambda line: [(('a', [1]),), "
                               "zip(['a'], [[2, 3]])])",
    "multislot_batches": "gen(fleet.MultiSlotDataGenerator, lambda line: [[('a', [i])] for i in "
                         "range(5)], batch=2, batch_fn=lambda items: [items[0], items[-1]])",
    "multislot_none_skipped": "gen(fleet.MultiSlotDataGenerator, lambda line: [None, [('a', [7])]])",
    "multislot_bad_type": "gen(fleet.MultiSlotDataGenerator, lambda line: [[('a', ['x'])]])",
    "multislot_bad_name": "gen(fleet.MultiSlotDataGenerator, lambda line: [[(1, [1])]])",
    "multislot_not_list": "gen(fleet.MultiSlotDataGenerator, lambda line: [[('a', (1, 2))]])",
    "multislot_empty": "gen(fleet.MultiSlotDataGenerator, lambda line: [[('a', [])]])",
    "multislot_not_sequence": "gen(fleet.MultiSlotDataGenerator, lambda line: ['a 1'])",
    "multislot_inconsistent": "gen(fleet.MultiSlotDataGenerator, lambda line: [[('a', [1])], "
                              "[('a', [1]), ('b', [2])]])",
    "multislot_name_mismatch": "gen(fleet.MultiSlotDataGenerator, lambda line: [[('a', [1])], "
                               "[('b', [1])]])",
    "multislot_float_then_str": "gen(fleet.MultiSlotDataGenerator, lambda line: [[('a', [1.5])], "
                                "[('a', ['s'])]])",
    "multislot_string": "gen(fleet.MultiSlotStringDataGenerator, lambda line: [[('words', "
                        "line.split()), ('label', ['1'])]], lines=['1926 08 17\\n'])",
    "multislot_string_not_sequence": "gen(fleet.MultiSlotStringDataGenerator, lambda line: [7])",
    "base_generator": "gen(dg.DataGenerator, lambda line: [[('a', [1])]])",
    "no_generate_sample": "(lambda g: g.generate_sample('x'))(fleet.MultiSlotDataGenerator())",
    "localfs_session": "fs_session(fsu.LocalFS, tmp, _FS_STEPS)",
    "localfs_mkdirs_on_file": "fs_session(fsu.LocalFS, tmp, [('touch', 'f'), ('mkdirs', 'f')])[0][1][0]",
    "file_shard": "[shard(fleet.UtilBase, fleet.UserDefinedRoleMaker, list('abcdefg'), i, 3) "
                  "for i in range(3)]",
    "file_shard_few": "[shard(fleet.UtilBase, fleet.UserDefinedRoleMaker, ['a'], i, 2) for i in range(2)]",
    "heter_file_shard": "[shard(fleet.UtilBase, fleet.UserDefinedRoleMaker, list('abcde'), i, 2, "
                        "heter=True) for i in range(2)]",
    "dist_attr": "(lambda a: [a.sharding_specs, a.dims_mapping, str(a)])(d.DistAttr("
                 "d.ProcessMesh([[2, 4, 5], [0, 1, 3]], dim_names=['x', 'y']), ['x', 'y']))",
    "dist_attr_none": "(lambda a: [a.dims_mapping, a.is_annotated('process_mesh'), str(a)])("
                      "d.DistAttr(d.ProcessMesh([0, 1], dim_names=['x']), [None, 'x', None]))",
    "dist_attr_not_list": "d.DistAttr(d.ProcessMesh([0, 1], dim_names=['x']), 'x')",
    "dist_attr_bad_name": "d.DistAttr(d.ProcessMesh([0, 1], dim_names=['x']), ['z'])",
    "dist_attr_bad_mesh": "d.DistAttr([0, 1], ['x'])",
    "dist_attr_bad_spec": "d.DistAttr(d.ProcessMesh([0, 1], dim_names=['x']), [1])",
    "split_point": "[repr(d.SplitPoint.BEGINNING), d.SplitPoint.END.value, "
                   "[m.name for m in d.SplitPoint], d.SplitPoint(1).name]",
    "file_shard_not_list": "shard(fleet.UtilBase, fleet.UserDefinedRoleMaker, 'abc', 0, 2)",
}


def run(paddle, prefixes=("",)):
    import importlib
    d = importlib.import_module(paddle.__name__ + ".distributed")
    fleet = importlib.import_module(paddle.__name__ + ".distributed.fleet")
    fsu = importlib.import_module(paddle.__name__ + ".distributed.fleet.utils")
    dg = importlib.import_module(paddle.__name__ + ".distributed.fleet.data_generator")
    out = {}
    for name, expr in CASES.items():
        if not name.startswith(tuple(prefixes)):
            continue
        with tempfile.TemporaryDirectory() as tmp:
            ns = {"d": d, "fleet": fleet, "fsu": fsu, "dg": dg, "gen": gen, "tmp": tmp,
                  "fs_session": fs_session, "shard": shard, "_FS_STEPS": _FS_STEPS}
            try:
                out[name] = eval(expr, ns)
            except Exception as exc:    # the recorded outcome is the exception
                out[name] = [type(exc).__name__, str(exc).replace(tmp, "<tmp>")]
    return json.loads(json.dumps(out))


if __name__ == "__main__":
    import paddle
    path = os.path.join(ROOT, "conformance", "goldens", "distributed_utils.json")
    result = run(paddle)
    with open(path + ".tmp", "w") as f:
        json.dump(result, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(path + ".tmp", path)
