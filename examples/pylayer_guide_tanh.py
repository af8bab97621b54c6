# Custom Python op guide, "how to write a dynamic-graph Python op": steps 1 and 2.
# (paddle.seed(2023) added so the printed gradient is reproducible; the guide leaves it unseeded.)
import paddle
from paddle.autograd import PyLayer

paddle.seed(2023)


# Implement a dynamic-graph Python op by subclassing PyLayer.
class cus_tanh(PyLayer):
    @staticmethod
    def forward(ctx, x):
        y = paddle.tanh(x)
        # ctx is the PyLayerContext: it carries y from forward to backward.
        ctx.save_for_backward(y)
        return y

    @staticmethod
    # forward has one output, so backward takes one grad besides ctx.
    def backward(ctx, dy):
        # saved_tensor returns the y stored in forward.
        y, = ctx.saved_tensor()
        # The backward is computed with Paddle APIs.
        grad = dy * (1 - paddle.square(y))
        # forward has one Tensor input, so backward returns one grad.
        return grad


data = paddle.randn([2, 3], dtype="float32")
data.stop_gradient = False
# Run the Python op with apply.
z = cus_tanh.apply(data)
z.mean().backward()

print(data.grad)
