# Custom Python op guide: an input with stop_gradient=True needs None from backward.
# (paddle.seed(2023) added so the printed gradient is reproducible.)
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
        # x2.stop_gradient=True, so its grad must be None
        return dy, None


data1 = paddle.randn([2, 3], dtype="float32")
data1.stop_gradient = False
data2 = paddle.randn([2, 3], dtype="float32")
z = cus_tanh.apply(data1, data2)
fake_loss = z.mean()
fake_loss.backward()
print(data1.grad)
