# %% case: print_many_tensors [exact]
import numpy as np
import paddle
paddle.seed(1)
for t in [paddle.to_tensor([1.0, 2.0, 3.0]), paddle.to_tensor([[1, 2], [3, 4]]), paddle.to_tensor(3.14),
          paddle.to_tensor(True), paddle.to_tensor([1e10, 1e-10]),
          paddle.to_tensor([1.5, float('nan'), float('inf')]),
          paddle.to_tensor(np.arange(2000, dtype='float32')), paddle.to_tensor(np.arange(24).reshape(2, 3, 4)),
          paddle.to_tensor([1 + 2j, 3 - 4j]), paddle.to_tensor([0.1, 0.2], dtype='float64'),
          paddle.to_tensor([0.1, 0.2], dtype='float16'), paddle.to_tensor([0.1, 0.2], dtype='bfloat16'),
          paddle.to_tensor([], dtype='float32'), paddle.zeros([2, 0]),
          paddle.to_tensor([-1.0, 2.0], stop_gradient=False), paddle.rand([3, 3]), paddle.randn([2, 2]),
          paddle.to_tensor([123456789.0, 1.0]), paddle.to_tensor([1, -2, 300], dtype='int8'),
          paddle.to_tensor([True, False, True])]:
    print(t)
# %% case: negative_zero_prints_as_zero [exact]
import paddle
x = paddle.to_tensor([[1.0, -2.0], [0.0, 4.0]])
print(-x)
print(paddle.neg(x))
print(x * -1, x * 0, -1 * x, x * -1.5)
# %% case: bool_tensor_with_scalars [exact]
import paddle
bo = paddle.to_tensor([True, False])
a = paddle.to_tensor([1, 2], dtype='int32')
print(1 - bo, 1.5 - bo, bo - 1, bo + 1, bo * 2.5)
print(True - a, a - True, (a + True).dtype)
# %% case: autograd_hooks_retain_grads [exact]
import paddle
x = paddle.to_tensor([1.0, 2.0, 3.0], stop_gradient=False)
y = x * x
print(y.stop_gradient, y.is_leaf, x.is_leaf)
h = y.register_hook(lambda g: g * 2)
y.sum().backward()
print(x.grad)
h.remove()
x.clear_grad()
z = (x ** 3).mean()
z.backward(retain_graph=True)
print(x.grad)
z.backward()
print(x.grad)
a = paddle.to_tensor(2.0, stop_gradient=False)
b = a * 3
b.retain_grads()
c = b * b
c.backward()
print(a.grad, b.grad)
# %% case: double_grad_and_grad_outputs [exact]
import paddle
x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
y = (x ** 3).sum()
dx, = paddle.grad(y, x, create_graph=True)
print(dx)
print(paddle.grad(dx.sum(), x))
y = x * 2
print(paddle.grad(y, x, grad_outputs=paddle.to_tensor([3.0, 4.0])))
with paddle.no_grad():
    w = x * 2
print(w.stop_gradient)
@paddle.no_grad()
def f(t):
    return t * 2
print(f(x).stop_gradient, paddle.is_grad_enabled())
with paddle.set_grad_enabled(False):
    print(paddle.is_grad_enabled(), (x * 2).stop_gradient)
d = x.detach()
print(d.stop_gradient, d.is_leaf)
# %% case: backward_twice_mul
import paddle
x = paddle.to_tensor([1.0], stop_gradient=False)
y = x * x
y.backward()
print(x.grad)
y.backward()
# %% case: backward_twice_add
import paddle
x = paddle.to_tensor([1.0], stop_gradient=False)
y = x + x
y.backward()
print(x.grad)
y.backward()
# %% case: inplace_on_leaf_needing_grad
import re
import paddle
x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
for fn in [lambda: x.add_(paddle.to_tensor([1.0, 1.0])), lambda: x.zero_(), lambda: x.scale_(2.0),
           lambda: x.fill_(1.0), lambda: x.exp_(), lambda: x.clip_(0, 1), lambda: x.uniform_()]:
    try:
        fn()
    except ValueError as e:
        print(type(e).__name__, re.sub(r'_\d+', '_N', str(e).split('\n')[0]))
# %% case: inplace_methods [exact]
import paddle
y = paddle.to_tensor([1.0, 2.0])
print(y.add_(paddle.to_tensor([1.0, 1.0])), y)
y.zero_(); y.fill_(3.0); y.scale_(2.0); y.sqrt_(); y.exp_(); y.floor_(); y.ceil_(); y.reciprocal_()
y.round_(); y.tanh_(); y.clip_(0.1, 0.5)
print(y)
z = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
w = z * 2
w.add_(paddle.to_tensor([1.0, 1.0]))
w.sum().backward()
print(z.grad, w)
a = paddle.ones([2, 3])
a[0] = 5
a[:, 1] = paddle.to_tensor([7.0, 8.0])
a[a > 6] = 0
print(a)
b = paddle.to_tensor([1.0, 2.0, 3.0], stop_gradient=False)
c = b * 1
c[0] = 10.0
c.sum().backward()
print(b.grad, c)
# %% case: dtype_shortcut_methods [exact]
import paddle
x = paddle.to_tensor([1.5, -2.5], stop_gradient=False)
print(x.float() is x, x.float().stop_gradient, x.int().stop_gradient, x.double().stop_gradient)
for m in ['float', 'int', 'long', 'double', 'half', 'bool', 'bfloat16', 'short']:
    print(m, getattr(x, m)())
print(x.type_as(paddle.to_tensor([1])))
# %% case: torch_style_methods [exact]
import paddle
x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
print(x.reshape(4), x.reshape(-1, 1).shape, x.view([4]), x.view(-1).shape, x.permute(1, 0), x.permute([1, 0]))
print(x.repeat(2, 1), paddle.ones([2, 3]).repeat(2).shape, paddle.ones([2, 3]).repeat([2, 1, 1]).shape)
print(x @ x, x.mul(x), x.sub(x), x.div(x), x.clamp(1.5, 3.5))
print(x.ge(x), x.gt(x), x.le(x), x.lt(x), x.eq(x), x.ne(x))
print(x.view_as(paddle.ones([4])).shape, x.sub(x, alpha=2))
print(paddle.to_tensor([7., -7.]).div(paddle.to_tensor([2., 2.]), rounding_mode='floor'))
print(paddle.to_tensor([7, -7]).div(paddle.to_tensor([2, 2]), rounding_mode='trunc'))
# %% case: new_tensors_and_data [exact]
import paddle
x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
print(x.new_zeros([2]).stop_gradient, x.new_zeros([2], dtype='int32'), x.new_full([1, 2], 2.5), x.new_empty([2]).shape, x.new_ones(3))
print(x.data is x, x.data.stop_gradient, (x * 2).data.stop_gradient)
x.data = paddle.to_tensor([5.0, 6.0])
print(x, x.stop_gradient)
print(x.requires_grad, (x * 2).requires_grad)
z = paddle.to_tensor([1.0])
z.requires_grad = True
print(z.stop_gradient)
print(z.requires_grad_(False).stop_gradient, z.requires_grad_().stop_gradient)
# %% case: strides_contiguous [exact]
import paddle
x = paddle.to_tensor([1.0, 2.0])
m = paddle.ones([2, 3])
print(x.is_cuda, x.itemsize, x.strides, x.stride(), m.strides, m.get_strides(), m.is_contiguous())
print(x.contiguous() is x, x.element_size(), paddle.ones([1], 'int8').itemsize)
w = paddle.to_tensor([1.0, 2.0])
print(w.apply(lambda t: t * 2), w.apply_(lambda t: t + 1), w)
print(paddle.ones([3, 3]).fill_diagonal_(5, offset=1))
print(paddle.ones([2, 3]).fill_diagonal_(5, wrap=True))
# %% case: unary_methods_new [exact]
import paddle
x = paddle.to_tensor([[0.5, -2.0, 3.5], [0.0, 4.0, -0.5]])
i = paddle.to_tensor([1, 2, 3])
for m in ['asinh', 'lgamma', 'digamma', 'frac', 'deg2rad', 'rad2deg', 'sgn', 'signbit', 'positive',
          'conj', 'angle', 'isneginf', 'isposinf', 'i0', 'i0e', 'i1', 'i1e', 'sinc', 'logit']:
    print(m, getattr(x, m)())
for m in ['lgamma', 'digamma', 'frac', 'deg2rad', 'rad2deg', 'i0', 'conj', 'signbit', 'logit']:
    print(m, getattr(i, m)())
print(paddle.to_tensor([0.5, 0.1]).erfinv(), paddle.to_tensor([1.5, 2.0]).acosh(), paddle.to_tensor([0.5, -0.2]).atanh())
# %% case: binary_methods_new [exact]
import paddle
x = paddle.to_tensor([[1.0, -2.0], [3.0, 0.5]])
y = paddle.to_tensor([[2.0, 1.0], [-1.0, 3.0]])
i = paddle.to_tensor([7, -7, 5, 12])
j = paddle.to_tensor([2, 2, -3, 8])
print(x.atan2(y), i.atan2(j), x.hypot(y), x.logaddexp(y), x.heaviside(y), x.copysign(y))
print(i.gcd(j), i.lcm(j), i.bitwise_left_shift(j.abs()), i.bitwise_right_shift(j.abs()))
print(paddle.to_tensor([float('nan'), float('inf'), -float('inf'), 1.0]).nan_to_num())
print(paddle.to_tensor([float('nan'), float('inf')]).nan_to_num(nan=1.0, posinf=9.0))
# %% case: reductions_new
import paddle
f = paddle.to_tensor([[1.0, 5.0, 2.0], [3.0, 3.0, 4.0]])
i = paddle.to_tensor([1, 3, 2, 3])
print(i.diff(), f.diff(axis=0), f.trace(), f.diagonal(), f.kron(f).shape, f.inner(f), f.mv(paddle.to_tensor([1.0, 1.0, 1.0])))
print(f.cummax(), f.cummin(axis=0), i.cummax(), f.logcumsumexp(), f.logcumsumexp(axis=1))
print(f.quantile(0.3), f.quantile([0.3, 0.5], axis=1), f.quantile(0.5, axis=[0, 1], keepdim=True))
print(f.mode(), f.kthvalue(2), f.kthvalue(1, axis=0, keepdim=True))
print(f.rank(), f.is_complex(), f.is_floating_point(), i.is_integer())
print(f.addmm(paddle.ones([2, 2]), paddle.ones([2, 3]), beta=0.5, alpha=2.0))
# %% case: manipulation_methods_new [exact]
import paddle
f = paddle.to_tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
i = paddle.to_tensor([1, 2, 3])
print(f.swapaxes(0, 1), f.swapdims(0, 1).shape, f.moveaxis(0, 1).shape, f.narrow(1, 1, 2), f.narrow(0, -1, 1))
print(i.unflatten(0, [1, 3]), i.repeat_interleave(2), f.repeat_interleave(2, axis=0).shape)
print(f.ravel(), f.reverse(0), f.rot90(), f.rot90(k=2), f.rot90(k=3), f.rot90(k=-1).shape)
print(f.matrix_transpose(), f.tensordot(f.t(), axes=1), f.msort())
print(i.bincount(), i.bincount(minlength=6))
print(f.index_add(paddle.to_tensor([0]), 0, paddle.ones([1, 3])), f.index_fill(paddle.to_tensor([0, 2]), 1, 9.0))
print(i.isin(paddle.to_tensor([2, 5])), f.take(paddle.to_tensor([0, 5, -1])), i.diag_embed().shape)
print(f.take_along_dim(paddle.to_tensor([[0], [1]]), 1), f.clone(), f.atleast_3d().shape)
try:
    f.moveaxis(0, 2)
except AssertionError as e:
    print(type(e).__name__, e)
# %% case: seeded_rng_streams [exact]
import paddle
paddle.seed(2023)
print(paddle.rand([2, 3]), paddle.randn([3]), paddle.randint(0, 10, [5]), paddle.randperm(6))
print(paddle.uniform([2], min=-1, max=1), paddle.normal(mean=0.0, std=2.0, shape=[3]), paddle.standard_normal([2]))
print(paddle.bernoulli(paddle.full([4], 0.5)), paddle.multinomial(paddle.to_tensor([0.2, 0.3, 0.5]), 4, replacement=True))
print(paddle.rand([2], dtype='float64'), paddle.randint_like(paddle.zeros([3]), 0, 5))
x = paddle.zeros([3]); x.uniform_(); print(x)
x.normal_(); print(x)
x.exponential_(); print(x)
st = paddle.get_rng_state()
a = paddle.rand([2])
paddle.set_rng_state(st)
print(a, paddle.rand([2]))
paddle.seed(5)
lin = paddle.nn.Linear(3, 2)
print(lin.weight, lin.bias)
print(paddle.nn.Dropout(0.5)(paddle.ones([6])), paddle.nn.functional.dropout(paddle.ones([2, 4]), 0.3))
# %% case: dtype_promotion_operators [exact]
import paddle
a = paddle.to_tensor([1, 2], dtype='int32')
b = paddle.to_tensor([1.5, 2.5])
c = paddle.to_tensor([1, 2], dtype='int64')
h = paddle.to_tensor([1, 2], dtype='float16')
d = paddle.to_tensor([1, 2], dtype='float64')
bo = paddle.to_tensor([True, False])
for p, q in [(a, b), (a, c), (b, d), (h, b), (bo, a), (bo, b), (a, d), (h, c)]:
    for op in ['__add__', '__mul__', '__truediv__', '__sub__']:
        try:
            print(op, getattr(p, op)(q).dtype)
        except TypeError as e:
            print(op, type(e).__name__, str(e)[:100])
for s in [1, 1.5, 2**40]:
    for t in [a, b, c, h, bo]:
        print((t + s).dtype, (t * s).dtype, (s - t).dtype, (t / s).dtype)
print(paddle.sum(a).dtype, paddle.sum(bo).dtype, paddle.mean(b).dtype, paddle.cumsum(a).dtype, paddle.prod(a).dtype)
print(paddle.exp(paddle.to_tensor([1, 2])), a.sum(dtype='float32'))
