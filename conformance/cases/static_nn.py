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
# %% case: repeated_gradients_names [exact]
import paddle
paddle.enable_static()
def run(pre_minimize, calls):
    main, start = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, start):
        x = paddle.static.data("x", [None, 4], "float32")
        x.stop_gradient = False
        o = paddle.static.nn.fc(x, 3)
        loss = paddle.mean(o)
        if pre_minimize:
            paddle.optimizer.SGD(0.01).minimize(loss)
        names = []
        for _ in range(calls):
            names.append([v.name for v in paddle.static.gradients([loss], x)])
    print(pre_minimize, names)
run(False, 4)
run(True, 3)
