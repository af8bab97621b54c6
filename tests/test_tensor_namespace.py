"""paddle.tensor.<module>: Paddle's tensor-function modules re-export the same function objects."""
import paddle_compat as paddle


def test_submodule_functions_are_the_public_ones():
    assert paddle.tensor.math.add is paddle.add
    assert paddle.tensor.creation.zeros is paddle.zeros
    assert paddle.tensor.manipulation.reshape is paddle.reshape
    assert paddle.tensor.add is paddle.add
    assert paddle.tensor.linalg.transpose is paddle.transpose


def test_random_gaussian_is_reachable_only_there():
    paddle.seed(2023)
    a = paddle.tensor.random.gaussian([2, 3], dtype="float64").numpy()
    paddle.seed(2023)
    b = paddle.randn([2, 3], dtype="float64").numpy()
    assert (a == b).all()
    assert not hasattr(paddle, "gaussian")


def test_every_listed_name_exists():
    for sub in ("math", "creation", "manipulation", "random", "linalg", "logic", "search", "stat"):
        mod = getattr(paddle.tensor, sub)
        for name in mod.__all__:
            assert callable(getattr(mod, name)), f"paddle.tensor.{sub}.{name}"
