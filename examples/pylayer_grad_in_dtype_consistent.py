# PyLayerContext.set_grad_in_dtype_consistent documentation example (Paddle 3.3.1 docstring).
# (The final print of the gradient's dtype and shape is added.)
import paddle
from paddle.autograd import PyLayer
paddle.seed(2025)


class cus_tanh(PyLayer):
    @staticmethod
    def forward(ctx, x):
        y = paddle.tanh(x)
        # Pass tensors to backward.
        ctx.save_for_backward(y)
        # The gradient input in the backward process
        # will not be automatically cast to the dtype of the forward output.
        ctx.set_grad_in_dtype_consistent(False)
        return y

    @staticmethod
    def backward(ctx, dy):
        # Get the tensors passed by forward.
        y, = ctx.saved_tensor()
        grad = dy * (1 - paddle.square(y))
        return grad


class cus_tanh_cast_grad(PyLayer):
    @staticmethod
    def forward(ctx, x):
        y = paddle.tanh(x)
        # Pass tensors to backward.
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, dy):
        # Get the tensors passed by forward.
        y, = ctx.saved_tensor()
        grad = dy * (1 - paddle.square(y))
        # The gradient input in cus_tanh be cast to bfloat16 manually,
        # and cus_tanh will not cast the gradient to the dtype of the forward output.
        grad = paddle.cast(grad,paddle.float16)
        return grad


x = paddle.randn([3,3]).astype("float32")
x.stop_gradient = False
y = cus_tanh.apply(x)
z = cus_tanh_cast_grad.apply(y)
z.sum().backward()
print(x.grad.dtype, x.grad.shape)
