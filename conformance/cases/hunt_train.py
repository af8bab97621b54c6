# %% case: linear_layer_basics
import paddle
import numpy as np
paddle.seed(1)
lin = paddle.nn.Linear(3, 2)
print(lin)
print(lin.weight.shape, lin.weight.dtype, lin.weight.stop_gradient, lin.bias.shape)
print(lin.weight.name, lin.bias.name)
print(lin.weight.persistable, lin.weight.trainable)
for n, p in lin.named_parameters():
    print(n, p.shape)
print(list(lin.state_dict().keys()))
x = paddle.ones([4, 3])
y = lin(x)
print(y.shape, y.stop_gradient, y.dtype)
lin2 = paddle.nn.Linear(3, 2, weight_attr=paddle.nn.initializer.Constant(0.5), bias_attr=False)
print(lin2.bias)
print(lin2(x))
print(lin2.weight)
# %% case: containers_and_state_dict
import paddle
import paddle.nn as nn
paddle.seed(0)
m = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Dropout(0.5), nn.Linear(8, 2))
print(m)
print(len(m), type(m[0]).__name__, type(m[-1]).__name__)
print([n for n, _ in m.named_sublayers()])
print([n for n, _ in m.named_parameters()])
m.eval()
print(m.training, m[2].training)
m.train()
print(m.training, m[2].training)
sd = m.state_dict()
print(list(sd.keys()))
print(type(sd).__name__)
ll = nn.LayerList([nn.Linear(2, 2) for _ in range(3)])
print(len(ll), [n for n, _ in ll.named_parameters()])
ll.append(nn.Linear(2, 3))
print(len(ll))
pl = nn.ParameterList([paddle.create_parameter([2], 'float32') for _ in range(2)])
print(len(pl), [n for n, _ in pl.named_parameters()])
ld = nn.LayerDict({'a': nn.Linear(1, 1), 'b': nn.ReLU()})
print(list(ld.keys()), len(ld))
print(ld)
# %% case: train_loop_adam_cross_entropy
import paddle
import numpy as np
paddle.seed(42)
np.random.seed(42)
class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc1 = paddle.nn.Linear(4, 16)
        self.fc2 = paddle.nn.Linear(16, 3)
    def forward(self, x):
        return self.fc2(paddle.nn.functional.relu(self.fc1(x)))
net = Net()
opt = paddle.optimizer.Adam(learning_rate=0.01, parameters=net.parameters())
x = paddle.to_tensor(np.random.rand(8, 4).astype('float32'))
y = paddle.to_tensor(np.random.randint(0, 3, (8, 1)).astype('int64'))
loss_fn = paddle.nn.CrossEntropyLoss()
for i in range(5):
    out = net(x)
    loss = loss_fn(out, y)
    loss.backward()
    opt.step()
    opt.clear_grad()
    print(i, float(loss), loss.shape, loss.dtype)
print(opt.get_lr())
print(type(opt.state_dict()).__name__, sorted(opt.state_dict().keys()))
acc = paddle.metric.accuracy(net(x), y)
print(acc)
# %% case: functional_losses
import paddle
import paddle.nn.functional as F
import numpy as np
np.random.seed(0)
x = paddle.to_tensor(np.random.rand(4, 5).astype('float32'))
lab = paddle.to_tensor(np.array([[1], [0], [4], [2]], dtype='int64'))
print(F.cross_entropy(x, lab))
print(F.cross_entropy(x, lab, reduction='none'))
print(F.cross_entropy(x, lab, reduction='sum'))
print(F.cross_entropy(x, paddle.to_tensor([1, 0, 4, 2]), reduction='none'))
soft = F.softmax(paddle.to_tensor(np.random.rand(4, 5).astype('float32')))
print(F.cross_entropy(x, soft, soft_label=True))
print(F.cross_entropy(x, lab, ignore_index=0))
w = paddle.to_tensor([1., 2., 3., 4., 5.])
print(F.cross_entropy(x, lab, weight=w))
print(F.cross_entropy(x, F.one_hot(lab.squeeze(1), 5), soft_label=True, label_smoothing=0.1))
print(F.softmax_with_cross_entropy(x, lab))
print(F.mse_loss(x, x * 2))
print(F.l1_loss(x, x * 2, reduction='none').shape)
print(F.smooth_l1_loss(x, x * 3))
p = F.sigmoid(x)
t = paddle.to_tensor((np.random.rand(4, 5) > 0.5).astype('float32'))
print(F.binary_cross_entropy(p, t))
print(F.binary_cross_entropy_with_logits(x, t))
print(F.binary_cross_entropy_with_logits(x, t, pos_weight=paddle.ones([5]) * 2))
print(F.nll_loss(F.log_softmax(x), paddle.to_tensor([1, 0, 4, 2])))
print(F.kl_div(F.log_softmax(x), soft, reduction='mean'))
print(F.kl_div(F.log_softmax(x), soft, reduction='batchmean'))
print(F.margin_ranking_loss(x[0], x[1], paddle.ones([5])))
print(F.hinge_embedding_loss(x, paddle.sign(t - 0.5)))
print(F.cosine_embedding_loss(x, x * 0.5 + 0.1, paddle.to_tensor([1, -1, 1, -1])))
print(F.huber_loss(x, x * 2, delta=0.5) if hasattr(F, 'huber_loss') else 'no huber')
try:
    F.log_loss(p, t)
except ValueError as e:
    print(str(e)[:120])
print(F.log_loss(p[:, :1], t[:, :1]))
print(F.square_error_cost(x, x * 2).shape)
print(F.sigmoid_focal_loss(x, t))
print(F.triplet_margin_loss(x, x + 0.1, x * 2))
print(F.soft_margin_loss(x, paddle.sign(t - 0.5)))
print(F.multi_label_soft_margin_loss(x, t))
print(F.poisson_nll_loss(x, t))
print(F.gaussian_nll_loss(x, t, paddle.ones([4, 5])))
# %% case: optimizers_trajectories
import paddle
import numpy as np
def run(make, steps=3):
    paddle.seed(3)
    lin = paddle.nn.Linear(3, 2)
    opt = make(lin.parameters())
    x = paddle.to_tensor(np.arange(6, dtype='float32').reshape(2, 3) / 6)
    for _ in range(steps):
        loss = (lin(x) ** 2).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
    print(type(opt).__name__, lin.weight.numpy().round(6).tolist(), lin.bias.numpy().round(6).tolist())
    return opt
run(lambda p: paddle.optimizer.SGD(learning_rate=0.1, parameters=p))
run(lambda p: paddle.optimizer.SGD(learning_rate=0.1, parameters=p, weight_decay=0.01))
run(lambda p: paddle.optimizer.Momentum(learning_rate=0.1, momentum=0.9, parameters=p))
run(lambda p: paddle.optimizer.Momentum(learning_rate=0.1, momentum=0.9, parameters=p, use_nesterov=True, weight_decay=paddle.regularizer.L2Decay(0.01)))
run(lambda p: paddle.optimizer.Adam(learning_rate=0.1, parameters=p))
run(lambda p: paddle.optimizer.Adam(learning_rate=0.1, parameters=p, weight_decay=0.01))
run(lambda p: paddle.optimizer.Adam(learning_rate=0.1, parameters=p, weight_decay=paddle.regularizer.L1Decay(0.01)))
run(lambda p: paddle.optimizer.AdamW(learning_rate=0.1, parameters=p))
run(lambda p: paddle.optimizer.AdamW(learning_rate=0.1, parameters=p, weight_decay=0.1, amsgrad=True))
run(lambda p: paddle.optimizer.RMSProp(learning_rate=0.1, parameters=p))
run(lambda p: paddle.optimizer.RMSProp(learning_rate=0.1, parameters=p, centered=True, momentum=0.5))
run(lambda p: paddle.optimizer.Adagrad(learning_rate=0.1, parameters=p))
for name in ['Adamax', 'Adadelta', 'Lamb', 'RAdam', 'NAdam']:
    try:
        run(lambda p: getattr(paddle.optimizer, name)(learning_rate=0.1, parameters=p))
    except Exception as e:
        print(name, type(e).__name__)
o = run(lambda p: paddle.optimizer.Adam(learning_rate=0.1, parameters=p, grad_clip=paddle.nn.ClipGradByGlobalNorm(0.1)))
sd = o.state_dict()
print(sorted(sd.keys()))
for k, v in sorted(sd.items()):
    if hasattr(v, 'shape'): print(k, v.shape, v.dtype)
    else: print(k, v)
# %% case: lr_schedulers
import paddle
def show(s, n=8):
    vals = []
    for i in range(n):
        vals.append(round(s.get_lr() if hasattr(s, 'get_lr') else s(), 6))
        s.step()
    print(type(s).__name__, vals, s.last_epoch)
lr = paddle.optimizer.lr
show(lr.StepDecay(0.5, step_size=2, gamma=0.5))
show(lr.MultiStepDecay(0.5, milestones=[2, 5], gamma=0.1))
show(lr.ExponentialDecay(0.5, gamma=0.9))
show(lr.NaturalExpDecay(0.5, gamma=0.1))
show(lr.InverseTimeDecay(0.5, gamma=0.1))
show(lr.PolynomialDecay(0.5, decay_steps=5, end_lr=0.0))
show(lr.PolynomialDecay(0.5, decay_steps=3, end_lr=0.01, power=2.0, cycle=True))
show(lr.PiecewiseDecay(boundaries=[2, 4], values=[0.1, 0.05, 0.01]))
show(lr.CosineAnnealingDecay(0.5, T_max=4))
show(lr.LinearWarmup(0.5, warmup_steps=3, start_lr=0.0, end_lr=0.5))
show(lr.LinearWarmup(lr.StepDecay(0.5, 2), warmup_steps=3, start_lr=0.0, end_lr=0.5))
show(lr.NoamDecay(d_model=64, warmup_steps=3))
show(lr.LambdaDecay(0.5, lr_lambda=lambda e: 0.9 ** e))
show(lr.MultiplicativeDecay(0.5, lr_lambda=lambda e: 0.9))
for name in ['OneCycleLR', 'CyclicLR', 'CosineAnnealingWarmRestarts', 'LinearLR']:
    c = getattr(lr, name, None)
    print(name, c is not None)
s = lr.ReduceOnPlateau(0.5, factor=0.5, patience=1, verbose=False)
for loss in [1.0, 0.9, 0.95, 0.96, 0.97, 0.5]:
    s.step(loss)
    print(s.last_lr, s.last_epoch, s())
s = lr.StepDecay(0.5, step_size=2)
print(s.state_dict())
s.step(); s.step(); s.step()
sd = s.state_dict()
print(sd)
s2 = lr.StepDecay(0.5, step_size=2)
s2.set_state_dict(sd)
print(s2.last_epoch, s2.get_lr(), s2.last_lr)
lin = paddle.nn.Linear(2, 2)
sch = lr.StepDecay(0.1, step_size=1, gamma=0.5)
opt = paddle.optimizer.SGD(learning_rate=sch, parameters=lin.parameters())
print(opt.get_lr())
sch.step()
print(opt.get_lr())
try:
    opt.set_lr(0.3)
except Exception as e:
    print(type(e).__name__, e)
opt2 = paddle.optimizer.SGD(learning_rate=0.1, parameters=lin.parameters())
opt2.set_lr(0.3)
print(opt2.get_lr())
print(sorted(opt.state_dict().keys()))
print(opt.state_dict()['LR_Scheduler'])
# %% case: io_dataloader
import paddle
import numpy as np
from paddle.io import Dataset, DataLoader, TensorDataset, BatchSampler, RandomSampler, SequenceSampler, random_split, Subset, ComposeDataset, ChainDataset, IterableDataset, DistributedBatchSampler, WeightedRandomSampler
class MyDS(Dataset):
    def __init__(self, n=10):
        self.n = n
    def __getitem__(self, i):
        return np.full([2], i, dtype='float32'), np.array([i % 3], dtype='int64')
    def __len__(self):
        return self.n
ds = MyDS()
dl = DataLoader(ds, batch_size=4, shuffle=False, drop_last=False)
print(len(dl))
for i, (x, y) in enumerate(dl):
    print(i, type(x).__name__, x.shape, x.dtype, y.shape, y.dtype, x.stop_gradient, y.numpy().ravel().tolist())
dl = DataLoader(ds, batch_size=4, drop_last=True)
print(len(dl), [b[0].shape for b in dl])
class DictDS(Dataset):
    def __getitem__(self, i):
        return {'a': np.float32(i), 'b': [i, i + 1], 'c': 'str%d' % i}
    def __len__(self): return 5
for b in DataLoader(DictDS(), batch_size=2):
    print(type(b).__name__, sorted(b), b['a'], type(b['b']).__name__, b['b'], b['c'])
td = TensorDataset([paddle.arange(6).reshape([3, 2]), paddle.to_tensor([1, 2, 3])])
print(len(td), td[1])
for b in DataLoader(td, batch_size=2):
    print(b)
paddle.seed(0)
a, b = random_split(range(10), [7, 3])
print(len(a), len(b))
print(list(SequenceSampler(range(4))))
bs = BatchSampler(SequenceSampler(range(7)), batch_size=3, drop_last=False)
print(list(bs), len(bs))
bs = BatchSampler(dataset=ds, batch_size=3, shuffle=False)
print(list(bs))
sub = Subset(ds, [1, 3])
print(len(sub), sub[1][1])
class It(IterableDataset):
    def __iter__(self):
        for i in range(5):
            yield np.array([i], dtype='float32')
for b in DataLoader(It(), batch_size=2):
    print(b.shape, b.numpy().ravel().tolist())
dbs = DistributedBatchSampler(ds, batch_size=4, shuffle=False)
print(list(dbs), len(dbs))
dl = DataLoader(ds, batch_sampler=dbs)
print([x.shape for x, y in dl])
def collate(batch):
    return np.stack([b[0] for b in batch]).sum()
dl = DataLoader(ds, batch_size=3, return_list=True, num_workers=0)
x = next(iter(dl))
print(type(x).__name__, len(x))
try:
    DataLoader(ds, batch_size=0)
except Exception as e:
    print(type(e).__name__, e)
print(paddle.io.get_worker_info())
cd = ComposeDataset([MyDS(3), MyDS(3)])
print(len(cd), len(cd[0]))
# %% case: save_load
import paddle, os, tempfile, numpy as np
d = tempfile.mkdtemp()
paddle.seed(0)
lin = paddle.nn.Linear(3, 2)
opt = paddle.optimizer.Adam(parameters=lin.parameters())
lin(paddle.ones([1, 3])).sum().backward(); opt.step()
p = os.path.join(d, 'm.pdparams')
paddle.save(lin.state_dict(), p)
sd = paddle.load(p)
print(type(sd).__name__, list(sd.keys()), type(sd['weight']).__name__, sd['weight'].dtype, sd['weight'].stop_gradient, sd['weight'].name)
lin2 = paddle.nn.Linear(3, 2)
r = lin2.set_state_dict(sd)
print(r)
print(np.allclose(lin2.weight.numpy(), lin.weight.numpy()))
paddle.save(opt.state_dict(), os.path.join(d, 'o.pdopt'))
osd = paddle.load(os.path.join(d, 'o.pdopt'))
print(sorted(osd.keys()))
paddle.save({'a': 1, 'b': [1.5, 'x'], 't': paddle.to_tensor([1, 2])}, os.path.join(d, 'x.pd'))
o = paddle.load(os.path.join(d, 'x.pd'))
print(o)
o = paddle.load(os.path.join(d, 'x.pd'), return_numpy=True)
print(o)
paddle.save(paddle.to_tensor([[1., 2.]]), os.path.join(d, 't.pd'))
t = paddle.load(os.path.join(d, 't.pd'))
print(t)
paddle.save([paddle.to_tensor(1.5), {'k': paddle.to_tensor([True])}], os.path.join(d, 'l.pd'))
print(paddle.load(os.path.join(d, 'l.pd')))
try:
    paddle.load(os.path.join(d, 'nope.pd'))
except Exception as e:
    print(type(e).__name__, str(e).replace(d, 'D'))
try:
    paddle.save(lin, os.path.join(d, 'layer.pd'))
except Exception as e:
    print(type(e).__name__, str(e).replace(d, 'D')[:200])
lin3 = paddle.nn.Linear(3, 4)
try:
    lin3.set_state_dict(sd)
except Exception as e:
    print(type(e).__name__, e)
missing = lin3.set_state_dict({'weight': np.zeros([3, 4], 'float32')})
print(missing, lin3.weight.numpy().sum())
print(paddle.load(p, return_numpy=True)['bias'].dtype)
import io
buf = io.BytesIO()
paddle.save(lin.state_dict(), buf)
buf.seek(0)
print(list(paddle.load(buf).keys()))
paddle.save(np.arange(3), os.path.join(d, 'np.pd'))
print(repr(paddle.load(os.path.join(d, 'np.pd'))))
# %% case: pylayer
import paddle
from paddle.autograd import PyLayer
class Cus(PyLayer):
    @staticmethod
    def forward(ctx, x, scale=2.0):
        ctx.save_for_backward(x)
        ctx.scale = scale
        return x * scale
    @staticmethod
    def backward(ctx, dy):
        x, = ctx.saved_tensor()
        return dy * ctx.scale + x * 0
x = paddle.to_tensor([1., 2., 3.], stop_gradient=False)
y = Cus.apply(x, scale=3.0)
print(y, y.stop_gradient)
y.sum().backward()
print(x.grad)
class Two(PyLayer):
    @staticmethod
    def forward(ctx, a, b):
        return a + b, a * b
    @staticmethod
    def backward(ctx, g1, g2):
        return g1, g2
a = paddle.to_tensor(1.0, stop_gradient=False)
b = paddle.to_tensor(2.0, stop_gradient=False)
s, p = Two.apply(a, b)
(s + p).backward()
print(a.grad, b.grad)
class Bad(PyLayer):
    @staticmethod
    def forward(ctx, a):
        return a * 2
    @staticmethod
    def backward(ctx, g):
        return g, g
a = paddle.to_tensor([1.0], stop_gradient=False)
try:
    Bad.apply(a).backward()
except Exception as e:
    print(type(e).__name__, str(e).split(' (at')[0])
class Tanh(PyLayer):
    @staticmethod
    def forward(ctx, x):
        y = paddle.tanh(x)
        ctx.save_for_backward(y)
        return y
    @staticmethod
    def backward(ctx, dy):
        y, = ctx.saved_tensor()
        return dy * (1 - paddle.square(y))
x = paddle.to_tensor([0.5, -0.3], stop_gradient=False)
z = Tanh.apply(x)
z.mean().backward()
print(x.grad)
print(paddle.grad(Tanh.apply(x).sum(), x))
class NoGrad(PyLayer):
    @staticmethod
    def forward(ctx, x):
        ctx.mark_non_differentiable
        return x.numpy().sum()
try:
    print(NoGrad.apply(x))
except Exception as e:
    print(type(e).__name__, str(e).split(' (at')[0])
try:
    Tanh()
    print('ok')
except Exception as e:
    print(type(e).__name__, str(e).split(' (at')[0])
# %% case: metrics
import paddle, numpy as np
m = paddle.metric.Accuracy()
print(m.name())
pred = paddle.to_tensor([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7], [0.6, 0.4]])
lab = paddle.to_tensor([[1], [1], [1], [0]])
c = m.compute(pred, lab)
print(c)
print(m.update(c))
print(m.accumulate())
m2 = paddle.metric.Accuracy(topk=(1, 2), name='acc')
print(m2.name())
c = m2.compute(pred, lab)
print(m2.update(c), m2.accumulate())
m2.reset(); print(m2.accumulate())
print(paddle.metric.accuracy(pred, lab, k=1))
print(paddle.metric.accuracy(pred, lab, k=2))
for cls in ['Precision', 'Recall', 'Auc']:
    M = getattr(paddle.metric, cls, None)
    if M is None:
        print(cls, 'missing'); continue
    m = M()
    preds = np.array([0.1, 0.6, 0.7, 0.3, 0.9, 0.2], dtype='float32')
    labels = np.array([0, 1, 0, 1, 1, 0], dtype='int64')
    if cls == 'Auc':
        preds = np.stack([1 - preds, preds], 1)
    m.update(preds, labels)
    print(cls, m.name(), m.accumulate())
    m.reset(); print(m.accumulate())
# %% case: activations_and_layers
import paddle, numpy as np
import paddle.nn as nn
import paddle.nn.functional as F
np.random.seed(1)
x = paddle.to_tensor(np.random.randn(2, 3, 2, 2).astype('float32') * 2, stop_gradient=False)
for name in ['celu', 'selu', 'mish', 'swish', 'hardtanh', 'hardshrink', 'softshrink', 'tanhshrink', 'softsign', 'log_sigmoid', 'thresholded_relu', 'glu', 'silu', 'elu', 'gelu', 'relu6', 'hardswish', 'hardsigmoid', 'softplus', 'leaky_relu']:
    f = getattr(F, name)
    y = f(x)
    (g,) = paddle.grad(y.sum(), x)
    print(name, y.shape, y.dtype, y.stop_gradient, y.numpy().ravel()[:5].tolist(), g.numpy().ravel()[:5].tolist())
print(F.maxout(x, groups=3).shape if False else F.maxout(paddle.rand([1, 4, 2, 2]), groups=2).shape)
w = paddle.to_tensor([0.1, 0.2, 0.3])
print(F.prelu(x, w).numpy().ravel()[:6].round(5).tolist())
print(F.prelu(x, paddle.to_tensor([0.3])).numpy().ravel()[:6].round(5).tolist())
print(F.rrelu(x, training=False).numpy().ravel()[:6].round(5).tolist())
layers = [nn.CELU(), nn.SELU(), nn.Mish(), nn.Swish(), nn.SiLU(), nn.Silu(), nn.Hardtanh(), nn.Hardshrink(), nn.Softshrink(), nn.Tanhshrink(), nn.Softsign(), nn.LogSigmoid(), nn.ThresholdedReLU(), nn.PReLU(), nn.PReLU(3, 0.1), nn.GLU(), nn.Maxout(3), nn.Softmax2D(), nn.RReLU(), nn.CELU(0.5, name='x'), nn.ReLU(), nn.GELU(), nn.LeakyReLU(0.1), nn.ELU(0.5), nn.Softplus(), nn.Hardswish(), nn.Sigmoid(), nn.Softmax(), nn.LogSoftmax(1), nn.Tanh(), nn.ReLU6(), nn.Hardsigmoid()]
for l in layers:
    print(repr(l))
    if not isinstance(l, (nn.GLU, nn.Maxout, nn.RReLU)):
        print(float(l(x).sum()))
p = nn.PReLU(3, 0.1)
print([(n, q.shape, q.name) for n, q in p.named_parameters()])
print(p(x).shape)
try:
    F.selu(x, scale=0.5)
except Exception as e:
    print(type(e).__name__, e)
try:
    F.softshrink(x, -1)
except Exception as e:
    print(type(e).__name__, e)
try:
    F.mish(paddle.to_tensor([1, 2]))
except Exception as e:
    print(type(e).__name__, str(e).split(" [Hint")[0][:150])
print(F.softmax_(paddle.to_tensor([1., 2.])))
print(F.tanh_(paddle.to_tensor([1., 2.])))
x64 = paddle.to_tensor([-1.5, 0.5], dtype='float64')
print(F.selu(x64), F.log_sigmoid(x64).dtype)
# %% case: lr_onecycle_cyclic
import paddle
lr = paddle.optimizer.lr
def show(s, n=12):
    vals = []
    for i in range(n):
        vals.append(round(s(), 8)); s.step()
    print(type(s).__name__, vals, s.last_epoch, s.state_dict())
show(lr.OneCycleLR(0.1, total_steps=10))
show(lr.OneCycleLR(0.1, total_steps=10, three_phase=True, phase_pct=0.2, anneal_strategy='linear'), 11)
show(lr.CyclicLR(0.01, 0.1, step_size_up=3))
show(lr.CyclicLR(0.01, 0.1, step_size_up=2, step_size_down=3, mode='triangular2'))
show(lr.CyclicLR(0.01, 0.1, step_size_up=2, mode='exp_range', exp_gamma=0.9))
show(lr.CyclicLR(0.01, 0.1, step_size_up=2, scale_fn=lambda x: 0.5, scale_mode='iterations'))
show(lr.LinearLR(0.5, total_steps=5))
show(lr.CosineAnnealingWarmRestarts(0.5, T_0=3, T_mult=2))
s = lr.OneCycleLR(0.1, total_steps=2)
try:
    for _ in range(4): s.step()
except Exception as e:
    print(type(e).__name__, e)
for bad in [dict(max_learning_rate=-1, total_steps=3), dict(max_learning_rate=0.1, total_steps=3.0), dict(max_learning_rate=0.1, total_steps=3, phase_pct=1)]:
    try:
        lr.OneCycleLR(**bad)
    except Exception as e:
        print(type(e).__name__, e)
try:
    lr.CyclicLR(0.1, 0.2, 2, exp_gamma=1)
except Exception as e:
    print(type(e).__name__, e)
# %% case: optimizers_more_with_state
import paddle
import numpy as np
def run(make, steps=12):
    paddle.seed(3)
    lin = paddle.nn.Linear(3, 2)
    opt = make(lin.parameters())
    x = paddle.to_tensor(np.arange(6, dtype='float32').reshape(2, 3) / 6)
    for _ in range(steps):
        loss = (lin(x) ** 2).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
    print(type(opt).__name__, lin.weight.numpy().round(5).tolist(), lin.bias.numpy().round(5).tolist())
    sd = opt.state_dict()
    for k in sorted(sd):
        v = sd[k]
        print(' ', k, list(v.shape) if hasattr(v, 'shape') else v, np.asarray(v).ravel()[:2].round(5).tolist() if hasattr(v, 'shape') else '')
    return opt
run(lambda p: paddle.optimizer.Adamax(learning_rate=0.05, parameters=p, weight_decay=0.01))
run(lambda p: paddle.optimizer.Adadelta(learning_rate=0.5, parameters=p, rho=0.9))
run(lambda p: paddle.optimizer.Lamb(learning_rate=0.05, parameters=p, lamb_weight_decay=0.1))
run(lambda p: paddle.optimizer.Lamb(learning_rate=0.05, parameters=p, exclude_from_weight_decay_fn=lambda p: 'b_' in p.name))
run(lambda p: paddle.optimizer.RAdam(learning_rate=0.05, parameters=p))
run(lambda p: paddle.optimizer.NAdam(learning_rate=0.05, parameters=p))
run(lambda p: paddle.optimizer.NAdam(learning_rate=0.05, parameters=p, momentum_decay=0.01, weight_decay=0.1))
# %% case: losses_and_distances_more
import paddle, numpy as np
import paddle.nn as nn
import paddle.nn.functional as F
np.random.seed(2)
a = paddle.to_tensor(np.random.rand(4, 3).astype('float32'), stop_gradient=False)
b = paddle.to_tensor(np.random.rand(4, 3).astype('float32'))
c = paddle.to_tensor(np.random.rand(4, 3).astype('float32'))
print(F.cosine_similarity(a, b), F.cosine_similarity(a, b, axis=0))
print(F.pairwise_distance(a, b), F.pairwise_distance(a, b, p=1, keepdim=True).shape)
print(nn.CosineSimilarity()(a, b).shape, nn.PairwiseDistance()(a, b).shape)
lab = paddle.to_tensor([1, -1, 1, -1])
for l in [nn.SmoothL1Loss(), nn.HuberLoss(delta=0.5), nn.KLDivLoss(reduction='sum'), nn.SoftMarginLoss(), nn.MultiLabelSoftMarginLoss(), nn.PoissonNLLLoss(), nn.MSELoss()]:
    out = l(a, b)
    (g,) = paddle.grad(out, a)
    print(type(l).__name__, out.numpy(), g.numpy().ravel()[:3].tolist())
print(nn.MarginRankingLoss(margin=0.1)(a[:, 0], b[:, 0], paddle.to_tensor([1., -1., 1., -1.])))
print(nn.HingeEmbeddingLoss()(a, paddle.to_tensor(np.sign(np.random.rand(4, 3) - 0.5).astype('float32'))))
print(nn.CosineEmbeddingLoss(margin=0.2)(a, b, lab))
print(nn.TripletMarginLoss()(a, b, c), nn.TripletMarginLoss(swap=True, p=1.0, reduction='none')(a, b, c))
print(nn.TripletMarginWithDistanceLoss()(a, b, c))
print(nn.MultiMarginLoss()(a, paddle.to_tensor([0, 2, 1, 0])))
print(nn.GaussianNLLLoss()(a, b, paddle.ones([4, 3])))
print(F.sigmoid_focal_loss(a, (b > 0.5).astype('float32'), normalizer=paddle.to_tensor([2.0])))
print(F.dice_loss(F.softmax(a), paddle.to_tensor([[0], [1], [2], [1]])))
print(F.npair_loss(a, b, paddle.to_tensor([0, 1, 0, 1], dtype='float32')))
print(F.poisson_nll_loss(a, b, log_input=False, full=True, reduction='none').shape)
print(F.kl_div(a, b, log_target=True))
print(F.kl_div(paddle.log(a), b.astype('float64')).dtype)
# %% case: nn_utils_clip_and_vectors
import paddle, numpy as np
paddle.seed(0)
lin = paddle.nn.Linear(3, 2)
x = paddle.to_tensor(np.arange(6, dtype='float32').reshape(2, 3))
(lin(x) ** 2).sum().backward()
print(lin.weight.grad.numpy().tolist())
n = paddle.nn.utils.clip_grad_norm_(lin.parameters(), max_norm=1.0)
print(n, lin.weight.grad.numpy().tolist(), lin.bias.grad.numpy().tolist())
n = paddle.nn.utils.clip_grad_norm_(lin.parameters(), max_norm=0.5, norm_type=float('inf'))
print(n, lin.bias.grad.numpy().tolist())
paddle.nn.utils.clip_grad_value_(lin.parameters(), 0.1)
print(lin.weight.grad.numpy().tolist())
v = paddle.nn.utils.parameters_to_vector(lin.parameters())
print(v.shape, v.stop_gradient, v.numpy().tolist())
paddle.nn.utils.vector_to_parameters(v * 2, lin.parameters())
print(lin.weight.numpy().tolist(), lin.bias.numpy().tolist())
try:
    paddle.nn.utils.clip_grad_norm_(lin.parameters(), 1.0, norm_type=3)
except Exception as e:
    print(type(e).__name__, e)
