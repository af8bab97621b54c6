# PyLayerContext.mark_not_inplace documentation example (Paddle 3.3.1 docstring).
import paddle


class Exp(paddle.autograd.PyLayer):
    @staticmethod
    def forward(ctx, x):
        ctx.mark_not_inplace(x)
        return x

    @staticmethod
    def backward(ctx, grad_output):
        out = grad_output.exp()
        return out


paddle.seed(2023)
x = paddle.randn((1, 1))
x.stop_gradient = False
attn_layers = []
for idx in range(0, 2):
    attn_layers.append(Exp())

for step in range(0, 2):
    a = x
    for j in range(0,2):
        a = attn_layers[j].apply(x)
    a.backward()
