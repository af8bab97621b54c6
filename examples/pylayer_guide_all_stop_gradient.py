# Custom Python op guide: when every input has stop_gradient=True, backward never runs.
# (paddle.seed(2023) added.)
import paddle
from paddle.autograd import PyLayer

paddle.seed(2023)


class cus_tanh(PyLayer):
    @staticmethod
    def forward(ctx, x1, x2):
        y = x1+x2
        return y

    @staticmethod
    def backward(ctx, dy):
        return dy, None


data1 = paddle.randn([2, 3], dtype="float32")
data2 = paddle.randn([2, 3], dtype="float32")
z = cus_tanh.apply(data1, data2)
fake_loss = z.mean()
fake_loss.backward()
# data1 and data2 both have stop_gradient=True, so backward is not executed.
print(data1.grad is None)
