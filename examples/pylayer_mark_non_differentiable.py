# PyLayerContext.mark_non_differentiable documentation example (Paddle 3.3.1 docstring).
# (The final print is added.)
import paddle
from paddle.autograd import PyLayer
import numpy as np


class Tanh(PyLayer):
    @staticmethod
    def forward(ctx, x):
        a = x + x
        b = x + x + x
        ctx.mark_non_differentiable(a)
        return a, b

    @staticmethod
    def backward(ctx, grad_a, grad_b):
        assert np.equal(grad_a.numpy(), paddle.zeros([1]).numpy())
        assert np.equal(grad_b.numpy(), paddle.ones([1], dtype="float64").numpy())
        return grad_b


x = paddle.ones([1], dtype="float64")
x.stop_gradient = False
a, b = Tanh.apply(x)
b.sum().backward()
print(a.stop_gradient, b.stop_gradient, x.grad)
