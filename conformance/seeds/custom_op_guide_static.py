# env: FLAGS_enable_pir_api=0
# The static-graph (py_func) examples of the seed document paddle_custom_python_op_guide.txt,
# verbatim. The guide builds one program across its steps (step 1 functions, step 2 variables,
# step 3 py_func calls): `step_3_*` cases repeat the earlier steps' code so each case runs alone.
# The signature block `def py_func(func, x, out, ...): pass` and the template
# `def foward_func(x_1, x_2, ..., x_n)` are pseudo-code (not Python) and are left out.
# %% case: step_1_functions
import numpy as np

# 前向函数 1:模拟 tanh 激活函数
def tanh(x):
    # 可以直接将 Tensor 作为 np.tanh 的输入参数
    return np.tanh(x)

# 前向函数 2:将两个 2-D Tenosr 相加,输入多个 Tensor 以 list[Tensor]或 tuple(Tensor)形式
def element_wise_add(x, y):
    # 必须先手动将 Tensor 转换为 numpy 数组,否则无法支持 numpy 的 shape 操作
    x = np.array(x)
    y = np.array(y)

    if x.shape != y.shape:
        raise AssertionError("the shape of inputs must be the same!")

    result = np.zeros(x.shape, dtype='int32')
    for i in range(len(x)):
        for j in range(len(x[0])):
            result[i][j] = x[i][j] + y[i][j]

    return result

# 前向函数 3:可用于调试正在运行的网络(打印值)
def debug_func(x):
    # 可以直接将 Tensor 作为 print 的输入参数
    print(x)

# 前向函数 1 对应的反向函数,默认的输入顺序为:x、out、out 的梯度
def tanh_grad(x, y, dy):
    # 必须先手动将 Tensor 转换为 numpy 数组,否则"+/-"等操作无法使用
    return np.array(dy) * (1 - np.square(np.array(y)))

def tanh_grad_without_x(y, dy):
    return np.array(dy) * (1 - np.square(np.array(y)))
# %% case: step_2_output_variable
import paddle

paddle.enable_static()

def create_tmp_var(program, name, dtype, shape):
    return program.current_block().create_var(name=name, dtype=dtype, shape=shape)

in_var = paddle.static.data(name='input', dtype='float32', shape=[-1, 28, 28])

# 手动创建前向输出变量
out_var = create_tmp_var(paddle.static.default_main_program(), name='output', dtype='float32', shape=[-1, 28, 28])
print(in_var)   # added
print(out_var)  # added
# %% case: step_3_py_func
import numpy as np
import paddle

def tanh(x):
    return np.tanh(x)

def tanh_grad(x, y, dy):
    return np.array(dy) * (1 - np.square(np.array(y)))

paddle.enable_static()

def create_tmp_var(program, name, dtype, shape):
    return program.current_block().create_var(name=name, dtype=dtype, shape=shape)

in_var = paddle.static.data(name='input', dtype='float32', shape=[-1, 28, 28])
out_var = create_tmp_var(paddle.static.default_main_program(), name='output', dtype='float32', shape=[-1, 28, 28])

paddle.static.nn.py_func(func=tanh, x=in_var, out=out_var, backward_func=tanh_grad)
print([op.type for op in paddle.static.default_main_program().global_block().ops])  # added
# %% case: step_3_py_func_skip_vars
import numpy as np
import paddle

def tanh(x):
    return np.tanh(x)

def tanh_grad_without_x(y, dy):
    return np.array(dy) * (1 - np.square(np.array(y)))

paddle.enable_static()

def create_tmp_var(program, name, dtype, shape):
    return program.current_block().create_var(name=name, dtype=dtype, shape=shape)

in_var = paddle.static.data(name='input', dtype='float32', shape=[-1, 28, 28])
out_var = create_tmp_var(paddle.static.default_main_program(), name='output', dtype='float32', shape=[-1, 28, 28])

paddle.static.nn.py_func(func=tanh, x=in_var, out=out_var, backward_func=tanh_grad_without_x,
    skip_vars_in_backward_input=in_var)
print([op.type for op in paddle.static.default_main_program().global_block().ops])  # added
# %% case: own_step_3_run_forward_and_backward
# Not in the guide: the program of step 3 run forward and backward on seeded data (own example).
import numpy as np
import paddle

def tanh(x):
    return np.tanh(x)

def tanh_grad_without_x(y, dy):
    return np.array(dy) * (1 - np.square(np.array(y)))

paddle.enable_static()
main, startup = paddle.static.Program(), paddle.static.Program()
with paddle.static.program_guard(main, startup):
    in_var = paddle.static.data(name='input', dtype='float32', shape=[-1, 2, 3])
    in_var.stop_gradient = False
    out_var = main.current_block().create_var(name='output', dtype='float32', shape=[-1, 2, 3])
    paddle.static.nn.py_func(func=tanh, x=in_var, out=out_var, backward_func=tanh_grad_without_x,
        skip_vars_in_backward_input=in_var)
    loss = paddle.mean(out_var)
    grad, = paddle.static.gradients([loss], [in_var])
exe = paddle.static.Executor(paddle.CPUPlace())
exe.run(startup)
x = np.random.RandomState(0).uniform(-1, 1, [2, 2, 3]).astype('float32')
y, g = exe.run(main, feed={'input': x}, fetch_list=[out_var, grad])
print(y)
print(g)
