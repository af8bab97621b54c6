# PyLayerContext.set_materialize_grads documentation example (Paddle 3.3.1 docstring).
# (The final print is added.)
import paddle
from paddle.autograd import PyLayer
import numpy as np


class Tanh(PyLayer):
    @staticmethod
    def forward(ctx, x):
        return x+x+x, x+x

    @staticmethod
    def backward(ctx, grad, grad2):
        assert np.equal(grad2.numpy(), paddle.zeros([1]).numpy())
        return grad


class Tanh2(PyLayer):
    @staticmethod
    def forward(ctx, x):
        ctx.set_materialize_grads(False)
        return x+x+x, x+x

    @staticmethod
    def backward(ctx, grad, grad2):
        assert grad2==None
        return grad


x = paddle.ones([1], dtype="float64")
x.stop_gradient = False
Tanh.apply(x)[0].backward()

x2 = paddle.ones([1], dtype="float64")
x2.stop_gradient = False
Tanh2.apply(x2)[0].backward()
print(x.grad, x2.grad)
