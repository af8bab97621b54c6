# Custom Python op guide, right example: a non-Tensor output next to a Tensor output.
# (paddle.seed(2023) added so the printed gradient is reproducible.)
import paddle
from paddle.autograd import PyLayer

paddle.seed(2023)


class cus_tanh(PyLayer):
    @staticmethod
    def forward(ctx, x1, x2):
        y = x1+x2
        # y.shape is a list, not a Tensor
        return y, y.shape

    @staticmethod
    def backward(ctx, dy):
        # forward has two Tensor inputs, so backward returns two grads.
        return dy, dy


data = paddle.randn([2, 3], dtype="float32")
data.stop_gradient = False
z, y_shape = cus_tanh.apply(data, data)
z.mean().backward()

print(data.grad)
