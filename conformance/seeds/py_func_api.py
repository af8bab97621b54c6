# env: FLAGS_enable_pir_api=0
# The two examples of the seed document paddle_static_py_func_api.txt (paddle.static.py_func), with
# the indentation the page lost restored. Both feed unseeded np.random data and example 1 prints a
# loss of randomly initialised fc layers: `np.random.seed(2023)` and `paddle.seed(2023)` are added
# (marked "added") so the printed output is reproducible; nothing else is changed.
# %% case: example_1
# example 1:
import paddle
import numpy as np
np.random.seed(2023)   # added
paddle.seed(2023)      # added
paddle.enable_static()
# Creates a forward function, Tensor can be input directly without
# being converted into numpy array.
def tanh(x):
    return np.tanh(x)
# Skip x in backward function and return the gradient of x
# Tensor must be actively converted to numpy array, otherwise,
# operations such as +/- can't be used.
def tanh_grad(y, dy):
    return np.array(dy) * (1 - np.square(np.array(y)))
# Creates a forward function for debugging running networks(print value)
def debug_func(x):
    print(x)
def create_tmp_var(name, dtype, shape):
    return paddle.static.default_main_program().current_block().create_var(
        name=name, dtype=dtype, shape=shape)
def simple_net(img, label):
    hidden = img
    for idx in range(4):
        hidden = paddle.static.nn.fc(hidden, size=200)
        new_hidden = create_tmp_var(name='hidden_{}'.format(idx),
            dtype=hidden.dtype, shape=hidden.shape)
        # User-defined forward and backward
        hidden = paddle.static.py_func(func=tanh, x=hidden,
            out=new_hidden, backward_func=tanh_grad,
            skip_vars_in_backward_input=hidden)
        # User-defined debug functions that print out the input Tensor
        paddle.static.py_func(func=debug_func, x=hidden, out=None)
    prediction = paddle.static.nn.fc(hidden, size=10, activation='softmax')
    ce_loss = paddle.nn.loss.CrossEntropyLoss()
    return ce_loss(prediction, label)
x = paddle.static.data(name='x', shape=[1,4], dtype='float32')
y = paddle.static.data(name='y', shape=[1], dtype='int64')
res = simple_net(x, y)
exe = paddle.static.Executor(paddle.CPUPlace())
exe.run(paddle.static.default_startup_program())
input1 = np.random.random(size=[1,4]).astype('float32')
input2 = np.random.randint(1, 10, size=[1], dtype='int64')
out = exe.run(paddle.static.default_main_program(),
    feed={'x':input1, 'y':input2},
    fetch_list=[res.name])
print(out)
# %% case: example_2
# example 2:
# This example shows how to turn Tensor into numpy array and
# use numpy API to register an Python OP
import paddle
import numpy as np
np.random.seed(2023)   # added
paddle.enable_static()
def element_wise_add(x, y):
    # Tensor must be actively converted to numpy array, otherwise,
    # numpy.shape can't be used.
    x = np.array(x)
    y = np.array(y)
    if x.shape != y.shape:
        raise AssertionError("the shape of inputs must be the same!")
    result = np.zeros(x.shape, dtype='int32')
    for i in range(len(x)):
        for j in range(len(x[0])):
            result[i][j] = x[i][j] + y[i][j]
    return result
def create_tmp_var(name, dtype, shape):
    return paddle.static.default_main_program().current_block().create_var(
        name=name, dtype=dtype, shape=shape)
def py_func_demo():
    start_program = paddle.static.default_startup_program()
    main_program = paddle.static.default_main_program()
    # Input of the forward function
    x = paddle.static.data(name='x', shape=[2,3], dtype='int32')
    y = paddle.static.data(name='y', shape=[2,3], dtype='int32')
    # Output of the forward function, name/dtype/shape must be specified
    output = create_tmp_var('output','int32', [3,1])
    # Multiple Tensor should be passed in the form of tuple(Tensor) or list[Tensor]
    paddle.static.py_func(func=element_wise_add, x=[x,y], out=output)
    exe=paddle.static.Executor(paddle.CPUPlace())
    exe.run(start_program)
    # Feed numpy array to main_program
    input1 = np.random.randint(1, 10, size=[2,3], dtype='int32')
    input2 = np.random.randint(1, 10, size=[2,3], dtype='int32')
    out = exe.run(main_program,
        feed={'x':input1, 'y':input2},
        fetch_list=[output.name])
    print("{0} + {1} = {2}".format(input1, input2, out))
py_func_demo()
# Reference output:
# [[5, 9, 9] + [[7, 8, 4] = [array([[12, 17, 13]
# [7, 5, 2]] [1, 3, 3]] [8, 8, 5]], dtype=int32)]
