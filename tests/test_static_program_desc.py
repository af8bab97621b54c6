"""Program.desc (paddle_compat/_static/program_desc.py) and the Program helpers Paddle's own tests
call: parse_from_string, _prune / _prune_with_input, _copy_dist_param_info_from."""
import numpy as np
import pytest

import paddle_compat as paddle


@pytest.fixture(autouse=True)
def _static():
    paddle.enable_static()
    yield
    paddle.disable_static()


def _build():
    main, start = paddle.static.Program(), paddle.static.Program()
    with paddle.utils.unique_name.guard():
        with paddle.static.program_guard(main, start):
            x = paddle.static.data("x", [3, 2], "float32")
            y = paddle.static.nn.fc(x, 2)
            z = paddle.mean(y)
            w = paddle.static.data("w", [3, 2], "float32")
            unused = w * 2
    return main, start, x, y, z, unused


def test_serialize_parse_round_trip():
    main, _, x, y, z, _ = _build()
    data = main.desc.serialize_to_string()
    back = paddle.static.Program.parse_from_string(data)
    assert [op.type for op in back.global_block().ops] == [op.type for op in
                                                           main.global_block().ops]
    assert sorted(back.global_block().vars) == sorted(main.global_block().vars)


def test_need_update_and_hash_follow_changes():
    main, *_ = _build()
    assert main.desc.need_update()
    main.desc.flush()
    assert not main.desc.need_update()
    h1 = main.desc.cached_hash_str()
    main.global_block().ops[0]._set_attr("use_mkldnn", True)
    assert main.desc.need_update()
    assert main.desc.cached_hash_str() != h1
    other, *_ = _build()
    again, *_ = _build()
    assert other.desc.cached_hash_str() == again.desc.cached_hash_str()


def test_desc_methods_of_the_cpp_desc_name_themselves():
    main, *_ = _build()
    with pytest.raises(NotImplementedError, match=r"Program.desc.append_block\(\)"):
        main.desc.append_block


def test_prune_with_input_keeps_what_the_target_needs():
    main, start, x, y, z, unused = _build()
    pruned = main._prune_with_input(["x"], [z])
    types = [op.type for op in pruned.global_block().ops]
    assert "elementwise_mul" not in types and types[-1] == "reduce_mean"
    assert "w" not in pruned.global_block().vars
    exe = paddle.static.Executor(paddle.CPUPlace())
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe.run(start)
        a, = exe.run(main, feed={"x": np.ones((3, 2), "float32"),
                                 "w": np.ones((3, 2), "float32")}, fetch_list=[z])
        b, = exe.run(pruned, feed={"x": np.ones((3, 2), "float32")}, fetch_list=[z.name])
    np.testing.assert_allclose(a, b)
    # Only the op writing y: the mean is dropped.
    assert [op.type for op in main._prune([y]).global_block().ops][-1] == "elementwise_add"


def test_prune_errors_are_paddles():
    main, *_ = _build()
    with pytest.raises(ValueError, match="can only be str, but received <class 'int'>"):
        main._prune_with_input([2, 3], [])
    with pytest.raises(ValueError, match="can only be Variable or Operator"):
        main._prune_with_input(["x"], [3])
    with pytest.raises(TypeError, match="needs to pass in a source Program"):
        main._copy_dist_param_info_from("program")


def test_executor_prune_program_keeps_fetches_and_updates():
    main, start = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, start):
        x = paddle.static.data("x", [2, 3], "float32")
        y = paddle.static.nn.fc(x, 2)
        loss = paddle.mean(y)
        extra = paddle.mean(x * 3)
        paddle.optimizer.SGD(0.1).minimize(loss)
    pruned = paddle.static.Executor._prune_program(main, {"x": None}, [loss], [])
    types = [op.type for op in pruned.global_block().ops]
    assert types.count("sgd") == 2 and "scale" not in types and "elementwise_mul" not in types
    only_fetch = paddle.static.Executor._prune_program(main, {"x": None}, [extra],
                                                       [op for op in main.global_block().ops
                                                        if op.type == "sgd"][:1])
    assert [op.type for op in only_fetch.global_block().ops].count("sgd") == 1


# ---- Program <-> ProgramDesc message (framework.proto) ---------------------------------------
from paddle_compat._static.framework_proto import ATTR_TYPE, VAR_TYPE  # noqa: E402
from paddle_compat._static.op_proto_tables import EXTRA_ATTRS  # noqa: E402
from paddle_compat._static.wire_format import decode, encode  # noqa: E402
from tests._program_files_goldens import OURS, golden_bytes, recorder  # noqa: E402

_VAR_DEFAULTS = {"persistable": False, "need_check_feed": False, "is_parameter": False,
                 "stop_gradient": False}


def _comparable(msg):
    """A ProgramDesc message with proto2's absent-is-default made explicit, ops' op_callstack
    and runtime ("extra") attributes left out (paddle_compat writes neither), variables keyed by
    name and a while op's X / Out sorted (Paddle orders them from a Python set)."""
    blocks = []
    for b in msg["blocks"]:
        vars_ = {}
        for v in b.get("vars", []):
            v = dict(_VAR_DEFAULTS, **v)
            t = dict(v["type"])
            for f in ("dense_tensor", "tensor_array"):
                if f in t:
                    t[f] = dict({"legacy_lod_level": 0}, **t[f])
                    t[f]["tensor"] = dict({"dims": []}, **t[f]["tensor"])
            v["type"] = t
            vars_[v["name"]] = v
        ops = []
        for o in b.get("ops", []):
            hidden = set(EXTRA_ATTRS.get(o["type"], ())) | {"op_callstack"}

            def slots(lst):
                return {s["parameter"]: (sorted if o["type"] == "while" else list)(
                    s.get("arguments", [])) for s in lst}
            ops.append({"type": o["type"], "inputs": slots(o.get("inputs", [])),
                        "outputs": slots(o.get("outputs", [])),
                        "attrs": {a["name"]: a for a in o.get("attrs", [])
                                  if a["name"] not in hidden}})
        blocks.append({"idx": b["idx"], "parent_idx": b["parent_idx"],
                       "forward_block_idx": b.get("forward_block_idx", -1), "vars": vars_,
                       "ops": ops})
    return {"blocks": blocks, "version": msg.get("version"),
            "op_version_map": msg.get("op_version_map")}


@pytest.fixture
def legacy_static():
    from paddle_compat._mode import STATE
    was = STATE.pir
    STATE.pir = False
    try:
        yield
    finally:
        paddle.disable_static()
        STATE.pir = was


@pytest.mark.parametrize("name", OURS)
def test_serialize_program_equals_paddles_field_by_field(name, legacy_static):
    rec = recorder()
    ns = rec.build(paddle, name)
    ours = decode("ProgramDesc", paddle.static.serialize_program(ns["feeds"], ns["fetches"],
                                                                 program=ns["main"]))
    theirs = decode("ProgramDesc", golden_bytes(name + ".program"))
    a, b = _comparable(ours), _comparable(theirs)
    assert a["version"] == b["version"] and a["op_version_map"] == b["op_version_map"]
    for ba, bb in zip(a["blocks"], b["blocks"]):
        assert ba["vars"] == bb["vars"]
        for oa, ob in zip(ba["ops"], bb["ops"]):
            assert oa == ob, oa["type"]
    assert a == b


def _attr(name, kind, **value):
    return dict({"name": name, "type": ATTR_TYPE[kind]}, **value)


def _program_with_attrs(attrs):
    """A ProgramDesc message: an `assign` in block 0 carrying `attrs`, a while op whose
    sub_block is block 1, and variables of several VarTypes."""
    dense = {"type": VAR_TYPE["DENSE_TENSOR"],
             "dense_tensor": {"tensor": {"data_type": 5, "dims": [-1, 3]}, "legacy_lod_level": 0}}
    return {"blocks": [
        {"idx": 0, "parent_idx": -1, "vars": [
            {"name": "arr", "type": {"type": VAR_TYPE["DENSE_TENSOR_ARRAY"], "tensor_array": {
                "tensor": {"data_type": 3, "dims": [2]}, "legacy_lod_level": 0}},
             "persistable": False},
            {"name": "c", "type": {"type": VAR_TYPE["DENSE_TENSOR"], "dense_tensor": {
                "tensor": {"data_type": 0, "dims": [1]}}}, "stop_gradient": True},
            {"name": "feed", "type": {"type": VAR_TYPE["FEED_MINIBATCH"]}, "persistable": True},
            {"name": "fetch", "type": {"type": VAR_TYPE["FETCH_LIST"]}, "persistable": True},
            {"name": "w", "type": dense, "persistable": True, "is_parameter": True},
            {"name": "x", "type": dense, "need_check_feed": True, "stop_gradient": True},
            {"name": "y", "type": dense}],
         "ops": [
            {"inputs": [{"parameter": "X", "arguments": ["x"]}],
             "outputs": [{"parameter": "Out", "arguments": ["y"]}], "type": "assign",
             "attrs": attrs},
            {"inputs": [{"parameter": "Condition", "arguments": ["c"]},
                        {"parameter": "X", "arguments": ["y"]}],
             "outputs": [{"parameter": "Out", "arguments": ["y"]},
                         {"parameter": "StepScopes"}], "type": "while",
             "attrs": [_attr("is_test", "BOOLEAN", b=True),
                       _attr("skip_eager_deletion_vars", "STRINGS"),
                       _attr("sub_block", "BLOCK", block_idx=1)]}]},
        {"idx": 1, "parent_idx": 0, "vars": [], "ops": []}]}


def test_attribute_types_and_var_types_round_trip(legacy_static):
    attrs = [_attr("a_int", "INT", i=-7), _attr("b_long", "LONG", l=1 << 40),
             _attr("c_long_small", "LONG", l=3), _attr("d_float", "FLOAT", f=0.1),
             _attr("e_float64", "FLOAT64", float64=0.1), _attr("f_str", "STRING", s="héllo"),
             _attr("g_bool", "BOOLEAN", b=True), _attr("h_ints", "INTS", ints=[1, -2]),
             _attr("i_longs", "LONGS", longs=[1, 1 << 33]),
             _attr("j_floats", "FLOATS", floats=[0.5, 2.0]),
             _attr("k_float64s", "FLOAT64S", float64s=[0.1]),
             _attr("l_strings", "STRINGS", strings=["a", "b"]),
             _attr("m_bools", "BOOLEANS", bools=[True, False]),
             _attr("n_empty_longs", "LONGS"), _attr("o_blocks", "BLOCKS", blocks_idx=[1]),
             _attr("op_role", "INT", i=0)]
    data = encode("ProgramDesc", _program_with_attrs(attrs))
    program = paddle.static.deserialize_program(data)
    op = program.global_block().ops[0]
    assert op.attr("a_int") == -7 and op.attr("b_long") == 1 << 40
    assert isinstance(op.attr("d_float"), float) and op.attr("d_float") == float(np.float32(0.1))
    assert op.attr("e_float64") == 0.1 and op.attr("f_str") == "héllo"
    assert op.attr("g_bool") is True and op.attr("i_longs") == [1, 1 << 33]
    assert op.attr("m_bools") == [True, False] and op.attr("n_empty_longs") == []
    assert op.attr("o_blocks") == [program.block(1)]
    loop = program.global_block().ops[1]
    assert loop.attr("sub_block") is program.block(1) and loop.attr("is_test") is True
    assert "skip_eager_deletion_vars" not in loop.attrs      # an extra attribute: hidden
    block = program.global_block()
    assert block.var("arr").type == "DENSE_TENSOR_ARRAY" and block.var("arr").dtype == paddle.int64
    assert block.var("feed").type == "FEED_MINIBATCH" and block.var("fetch").type == "FETCH_LIST"
    assert block.var("w").is_parameter and block.var("x").need_check_feed
    # written back: every attribute with the type it was read with, every variable as read
    back = decode("ProgramDesc", program.desc.serialize_to_string())
    read = decode("ProgramDesc", data)["blocks"][0]["ops"][0]["attrs"]     # f as float32
    assert {a["name"]: a for a in back["blocks"][0]["ops"][0]["attrs"]} == \
        {a["name"]: a for a in read}
    assert _comparable(back)["blocks"] == _comparable(decode("ProgramDesc", data))["blocks"]


def test_attribute_types_of_built_programs_follow_paddles_op_registry(legacy_static):
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main, paddle.static.Program()):
        paddle.full([2, 3], 2, "int64")                 # fill_constant: shape is LONGS
        x = paddle.static.data("x", [2, 3], "float32")
        paddle.scale(x, scale=2, bias=1)                 # scale / bias: FLOAT even from ints
    msg = decode("ProgramDesc", main.desc.serialize_to_string())
    ops = {o["type"]: {a["name"]: a for a in o["attrs"]} for o in msg["blocks"][0]["ops"]}
    assert ops["fill_constant"]["shape"] == _attr("shape", "LONGS", longs=[2, 3])
    assert ops["fill_constant"]["dtype"] == _attr("dtype", "INT", i=3)
    assert ops["scale"]["scale"] == _attr("scale", "FLOAT", f=2.0)
    assert ops["scale"]["op_role_var"] == _attr("op_role_var", "STRINGS")


def test_unsupported_attribute_value_is_refused_by_name(legacy_static):
    from paddle_compat._static.program_desc import attr_message
    with pytest.raises(ValueError, match="attribute .fn. of op .py_func. is a function"):
        attr_message("py_func", "fn", lambda: 0)


def test_paddle_save_of_a_program_is_paddles_program_desc(tmp_path, legacy_static):
    main, *_ = _build()
    paddle.save(main, str(tmp_path / "p.pdmodel"))
    data = (tmp_path / "p.pdmodel").read_bytes()
    assert decode("ProgramDesc", data)["version"] == {"version": 3003001}
    back = paddle.load(str(tmp_path / "p.pdmodel"))
    assert [op.type for op in back.global_block().ops] == [op.type for op in
                                                           main.global_block().ops]
