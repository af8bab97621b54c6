"""paddle_compat.static.verify: static checks that name the op and the fix (_static/verify.py)."""
import pytest

import paddle_compat as paddle


def _training_program():
    main, start = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, start):
        x = paddle.static.data("x", [None, 8], "float32")
        y = paddle.static.data("y", [None, 1], "int64")
        h = paddle.static.nn.fc(x, 16, activation="relu")
        loss = paddle.nn.functional.cross_entropy(paddle.static.nn.fc(h, 4), y)
        paddle.optimizer.Adam(0.01).minimize(loss)
    return main, start


def test_sound_programs_have_no_problems(static_mode):
    main, start = _training_program()
    assert paddle.static.verify(main) == []
    assert paddle.static.verify(start) == []
    assert paddle.static.verify(main, ["x", "y"]) == []


def test_static_pylayer_sub_blocks_verify(static_mode):
    main, start = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, start):
        x = paddle.static.data("x", [None, 5], "float32")
        x.stop_gradient = False
        out = paddle.static.nn.static_pylayer(paddle.exp, [x], lambda d: 2 * paddle.exp(d))
        paddle.static.gradients([out], x)
    assert paddle.static.verify(main, ["x"]) == []


def test_missing_feed_names_the_op_and_the_fix(static_mode):
    main, _ = _training_program()
    problems = paddle.static.verify(main, ["x"], raise_on_error=False)
    assert problems and all("'y'" in p.message for p in problems)
    assert "softmax_with_cross_entropy" in problems[0].message
    assert "add 'y' to feed" in problems[0].message


def test_unknown_feed_name(static_mode):
    main, _ = _training_program()
    (p,) = paddle.static.verify(main, ["x", "y", "z"], raise_on_error=False)
    assert "feed names 'z', which is not a variable of the program" in p.message


def test_use_before_definition_raises_with_every_finding(static_mode):
    main = paddle.static.Program()
    block = main.global_block()
    ghost = block.create_var(name="ghost", shape=[2], dtype="float32")
    out = block.create_var(name="out", shape=[2], dtype="float32")
    block.append_op("relu", {"X": [ghost]}, {"Out": [out]})
    block.append_op("relu", {"X": ["nowhere"]}, {"Out": ["also_nowhere"]})
    with pytest.raises(ValueError, match="found 3 problem") as info:
        paddle.static.verify(main)
    text = str(info.value)
    assert "block 0 op #0 (relu)" in text and "reads 'ghost' before any op writes it" in text
    assert "reads 'nowhere' (slot X), which is not a variable of block 0" in text
    assert "writes 'also_nowhere' (slot Out)" in text


def test_bad_sub_block_index(static_mode):
    main = paddle.static.Program()
    block = main.global_block()
    block.append_op("pylayer", {}, {}, {"blocks": [3, 4]})
    problems = paddle.static.verify(main, raise_on_error=False)
    assert len(problems) == 2 and "refers to block 3, but the program has 1 block(s)" in str(problems[0])
