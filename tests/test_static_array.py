"""paddle_compat/_static/array.py: the tensor-array functions' PIR side (paddle._pir_ops and
array_write's cast), against Paddle 3.3.1's behaviour. The printing and values of the PIR
programs are in conformance/goldens/pir.json (tests/test_pir_printer.py: tensor_array,
tensor_array_forms, pir_ops_arrays)."""
import numpy as np
import pytest

import paddle_compat as paddle


def test_pir_ops_take_values_only():
    # Paddle's messages for a dynamic-mode list where a Value is expected
    with pytest.raises(TypeError, match=r"^\(InvalidType\) create_array_like\(\): argument "
                                        r"\(position 1\) must be Value, but got list$"):
        paddle._pir_ops.create_array_like([], 0.0)
    with pytest.raises(TypeError, match=r"^\(InvalidType\) array_length\(\): argument "
                                        r"\(position 1\) must be Value, but got list$"):
        paddle._pir_ops.array_length([])
    with pytest.raises(TypeError, match=r"^\(InvalidType\) add_n\(\): argument \(position 1\) "
                                        r"must be vector<Value>, but got vector<list>$"):
        paddle._pir_ops.add_n_array([[]])


def test_array_write_gradient_through_its_cast():
    # PIR's array_write casts x to the array's dtype first; the gradient still reaches x
    got = run_program()
    np.testing.assert_allclose(got[0], [2.0, 2.0])
    np.testing.assert_allclose(got[1], [2.0, 2.0])


def run_program():
    with paddle.pir_utils.IrGuard():
        paddle.enable_static()
        try:
            main, start = paddle.static.Program(), paddle.static.Program()
            with paddle.static.program_guard(main, start):
                x = paddle.static.data("x", [2], "float32")
                x.stop_gradient = False
                i = paddle.zeros([1], "int64")
                arr = paddle.tensor.array_write(x * 2.0, i)
                y = paddle.tensor.array_read(arr, i)
                g = paddle.static.gradients([y.sum()], [x])[0]
            exe = paddle.static.Executor()
            exe.run(start)
            return exe.run(main, feed={"x": np.ones(2, "float32")}, fetch_list=[y, g])
        finally:
            paddle.disable_static()
