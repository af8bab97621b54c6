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
