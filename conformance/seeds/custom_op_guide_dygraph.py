# The dynamic-graph examples of the seed document paddle_custom_python_op_guide.txt ("自定义 Python
# 算子"), verbatim. The guide's snippets continue one another (later ones reuse `paddle`, `PyLayer`),
# so each case starts with the guide's own imports from its first snippet. Its examples draw
# unseeded paddle.randn data and print gradients: `paddle.seed(2023)` is added (marked "added").
# %% case: interface_overview
class PyLayer:
    @staticmethod
    def forward(ctx, *args, **kwargs):
        pass

    @staticmethod
    def backward(ctx, *args, **kwargs):
        pass

    @classmethod
    def apply(cls, *args, **kwargs):
        pass

class PyLayerContext:
    def save_for_backward(self, *tensors):
        pass

    def saved_tensor(self):
        pass
# %% case: tanh_steps_1_and_2
import paddle
from paddle.autograd import PyLayer
paddle.seed(2023)  # added

# 通过创建`PyLayer`子类的方式实现动态图 Python Op
class cus_tanh(PyLayer):
    @staticmethod
    def forward(ctx, x):
        y = paddle.tanh(x)
        # ctx 为 PyLayerContext 对象,可以把 y 从 forward 传递到 backward。
        ctx.save_for_backward(y)
        return y

    @staticmethod
    # 因为 forward 只有一个输出,因此除了 ctx 外,backward 只有一个输入。
    def backward(ctx, dy):
        # ctx 为 PyLayerContext 对象,saved_tensor 获取在 forward 时暂存的 y。
        y, = ctx.saved_tensor()
        # 调用 Paddle API 自定义反向计算
        grad = dy * (1 - paddle.square(y))
        # forward 只有一个 Tensor 输入,因此,backward 只有一个输出。
        return grad
data = paddle.randn([2, 3], dtype="float32")
data.stop_gradient = False
# 通过 apply 运行这个 Python 算子
z = cus_tanh.apply(data)
z.mean().backward()

print(data.grad)
# %% case: ctx_attributes
import paddle
from paddle.autograd import PyLayer
import numpy as np
paddle.seed(2023)  # added

class tanh(PyLayer):
    @staticmethod
    def forward(ctx, x1, func1, func2=paddle.square):
        # 添加临时属性的方式传递 func2
        ctx.func = func2
        y1 = func1(x1)
        # 使用 save_for_backward 传递 y1
        ctx.save_for_backward(y1)
        return y1

    @staticmethod
    def backward(ctx, dy1):
        y1, = ctx.saved_tensor()
        # 获取 func2
        re1 = dy1 * (1 - ctx.func(y1))
        return re1

input1 = paddle.randn([2, 3]).astype("float64")
input2 = input1.detach().clone()
input1.stop_gradient = False
input2.stop_gradient = False
z = tanh.apply(x1=input1, func1=paddle.tanh)
# %% case: wrong_no_tensor_output
import paddle
from paddle.autograd import PyLayer
paddle.seed(2023)  # added
# 错误示例
class cus_tanh(PyLayer):
    @staticmethod
    def forward(ctx, x1, x2):
        y = x1+x2
        # y.shape: 列表类型,非 Tensor,输出至少包含一个 Tensor
        return y.shape

    @staticmethod
    def backward(ctx, dy):
        return dy, dy

data = paddle.randn([2, 3], dtype="float32")
data.stop_gradient = False
# 由于 forward 输出没有 Tensor 引发报错
z, y_shape = cus_tanh.apply(data, data)
# %% case: right_tensor_and_shape_output
import paddle
from paddle.autograd import PyLayer
paddle.seed(2023)  # added
# 正确示例
class cus_tanh(PyLayer):
    @staticmethod
    def forward(ctx, x1, x2):
        y = x1+x2
        # y.shape: 列表类型,非 Tensor
        return y, y.shape

    @staticmethod
    def backward(ctx, dy):
        # forward 两个 Tensor 输入,因此,backward 有两个输出。
        return dy, dy

data = paddle.randn([2, 3], dtype="float32")
data.stop_gradient = False
z, y_shape = cus_tanh.apply(data, data)
z.mean().backward()

print(data.grad)
# %% case: stop_gradient_input_returns_none
import paddle
from paddle.autograd import PyLayer
paddle.seed(2023)  # added
class cus_tanh(PyLayer):
    @staticmethod
    def forward(ctx, x1, x2):
        y = x1+x2
        return y

    @staticmethod
    def backward(ctx, dy):
        # x2.stop_gradient=True,其对应梯度需要返回 None
        return dy, None


data1 = paddle.randn([2, 3], dtype="float32")
data1.stop_gradient = False
data2 = paddle.randn([2, 3], dtype="float32")
z = cus_tanh.apply(data1, data2)
fake_loss = z.mean()
fake_loss.backward()
print(data1.grad)
# %% case: all_stop_gradient_skips_backward
import paddle
from paddle.autograd import PyLayer
paddle.seed(2023)  # added
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
# 因为 data1.stop_gradient = True、data2.stop_gradient = True,所以 backward 不会被执行。
print(data1.grad is None)
