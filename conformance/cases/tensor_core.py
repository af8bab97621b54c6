# %% case: to_tensor_dtypes [exact]
import numpy as np
import paddle
for d in [[1, 2.5], [True, False], [[1, 2], [3, 4]], 3, np.int32(3), [np.int32(3)], (1, 2),
          [1 + 1j], np.array([1, 2], dtype=np.uint8), [], np.float16(1), 1.5]:
    t = paddle.to_tensor(d)
    print(t.dtype, t.shape, t.stop_gradient, t.place)
# %% case: dtype_reprs [exact]
import paddle
for d in [paddle.bool, paddle.uint8, paddle.int8, paddle.int16, paddle.int32, paddle.int64,
          paddle.float16, paddle.bfloat16, paddle.float32, paddle.float64, paddle.complex64,
          paddle.complex128]:
    print(str(d), repr(d), d.name)
print(paddle.float32 == 'float32', paddle.get_default_dtype())
# %% case: shape_size_place [exact]
import paddle
x = paddle.to_tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(x.shape, repr(x.shape), x.shape == [2, 3], x.shape == (2, 3), type(x.shape[0]).__name__)
print(x.size, x.ndim, x.dim(), x.place, x.persistable, x.is_leaf)
print(paddle.to_tensor(2.0).shape)
# %% case: int_stop_gradient [exact]
import paddle
i = paddle.to_tensor([1, 2])
i.stop_gradient = False
print(i.stop_gradient)
# %% case: grad_of_leaf_prints_stop_gradient_false [exact]
import paddle
x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
y = (x * x).sum()
y.backward()
print(x.grad)
x.clear_grad()
print(x.grad)
# %% case: backward_non_scalar [exact]
import paddle
a = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]], stop_gradient=False)
(a * 3).backward()
print(a.grad)
# %% case: backward_on_stop_gradient_is_noop [exact]
import paddle
z = paddle.to_tensor([1.0])
z.backward()
print(z.grad)
# %% case: paddle_grad [exact]
import paddle
w = paddle.to_tensor(3.0, stop_gradient=False)
g = paddle.grad([w * w], [w])
print(g)
g2, = paddle.grad(w * w * w, w, create_graph=True)
print(g2.stop_gradient, float(g2))
gg, = paddle.grad(g2, w)
print(float(gg))
# %% case: paddle_grad_unused
import paddle
w = paddle.to_tensor(3.0, stop_gradient=False)
u = paddle.to_tensor(1.0, stop_gradient=False)
print(paddle.grad([w * w], [u], allow_unused=True))
paddle.grad([w * w], [u])
# %% case: no_grad [exact]
import paddle
x = paddle.to_tensor([2.0], stop_gradient=False)
with paddle.no_grad():
    print((x * x).stop_gradient, paddle.is_grad_enabled())
print((x * x).stop_gradient, paddle.is_grad_enabled())
@paddle.no_grad()
def f(t):
    return t * t
print(f(x).stop_gradient)
# %% case: to_tensor_bad_data
import paddle
paddle.to_tensor("abc")
# %% case: to_tensor_bad_dtype
import paddle
paddle.to_tensor([1], dtype="foo")
# %% case: set_device_bad
import paddle
paddle.set_device("foo")
# %% case: version [exact]
import paddle
print(paddle.__version__, paddle.version.full_version, paddle.get_device())
# %% case: numpy_on_grad_tensor [exact]
import paddle
x = paddle.to_tensor([[1.5, 2.5]], stop_gradient=False)
print(x.numpy(), x.numpy().dtype, x.tolist(), paddle.to_tensor(7).item())
