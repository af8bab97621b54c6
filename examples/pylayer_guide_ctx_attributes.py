# Custom Python op guide: pass non-Tensor objects from forward to backward as ctx attributes.
# (paddle.seed(2023) and the final backward/print added so the example shows its result.)
import paddle
from paddle.autograd import PyLayer
import numpy as np

paddle.seed(2023)


class tanh(PyLayer):
    @staticmethod
    def forward(ctx, x1, func1, func2=paddle.square):
        # func2 travels to backward as a ctx attribute
        ctx.func = func2
        y1 = func1(x1)
        # y1 travels with save_for_backward
        ctx.save_for_backward(y1)
        return y1

    @staticmethod
    def backward(ctx, dy1):
        y1, = ctx.saved_tensor()
        # read func2 back
        re1 = dy1 * (1 - ctx.func(y1))
        return re1


input1 = paddle.randn([2, 3]).astype("float64")
input2 = input1.detach().clone()
input1.stop_gradient = False
input2.stop_gradient = False
z = tanh.apply(x1=input1, func1=paddle.tanh)
z.mean().backward()
print(input1.grad)
