# Custom Python op guide, wrong example: forward must return at least one Tensor.
# (paddle.seed(2023) added.) Paddle raises ValueError at apply.
import paddle
from paddle.autograd import PyLayer

paddle.seed(2023)


class cus_tanh(PyLayer):
    @staticmethod
    def forward(ctx, x1, x2):
        y = x1+x2
        # y.shape is a list, not a Tensor: no output is a Tensor
        return y.shape

    @staticmethod
    def backward(ctx, dy):
        return dy, dy


data = paddle.randn([2, 3], dtype="float32")
data.stop_gradient = False
# forward returns no Tensor, so this raises
z, y_shape = cus_tanh.apply(data, data)
