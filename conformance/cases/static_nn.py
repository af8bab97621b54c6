# env: FLAGS_enable_pir_api=0
# %% case: linear_layers_named_and_unnamed [exact]
import paddle
paddle.enable_static()
main, start = paddle.static.Program(), paddle.static.Program()
with paddle.static.program_guard(main, start):
    x = paddle.static.data("x", [None, 4], "float32")
    y = paddle.nn.Linear(4, 3, name="foo")(x)
    z = paddle.nn.Linear(3, 2)(y)
    out = paddle.nn.functional.relu(z)
print(main)
