# env: FLAGS_enable_pir_api=0
# The code of the seed document paddle_framework_design_and_py_func_tutorial.txt, verbatim. The
# tutorial is written for Paddle 1.x `paddle.fluid`, which Paddle 3.3.1 no longer has: its recorded
# result is the ModuleNotFoundError (or the NameError of a fragment that never imports fluid).
# The numpy-only ReLU check draws unseeded np.random data: `np.random.seed(2023)` is added.
# The MNIST training loop (5 epochs over MNIST downloaded from the network) is left out; the network
# definition and reader setup before it are kept.
# %% case: program_fragment
## 每执行一行代码,飞桨都会在构建program里添加variable和opterator

# 声明数据
data = fluid.data(name='X', shape=[batch_size, 1], dtype='float32')
# 定义网络层
hidden = fluid.layers.fc(input=data, size=10)
# 计算损失函数
loss = fluid.layers.mean(hidden)
# 声明优化器
sgd_opt = fluid.optimizer.SGD(learning_rate=0.01).minimize(loss)
# %% case: ir_example
import paddle.fluid as fluid

image = fluid.data(shape=[None, 3, 224, 224], name='image', dtype='float32')
label = fluid.data(shape=[None, 1], name='label', dtype='int64')

y = fluid.layers.fc(image, size=1000)

loss = fluid.layers.softmax_with_cross_entroy(y, label)

mean_loss = fluid.layers.reduce_mean(loss)
# %% case: api_template
# 前向计算函数,function是前向计算函数的实现过程
def API(x):
	y = function(x)
	return y

# 反向计算函数,funtion_backward是反向计算函数的实现过程
# y是反向函数的输入数据,dy是y的梯度
def API_backward(y, dy):
	res = function_backward(y, dy)
	return res

def create_tmp_var(program, name, dtype, shape):
    return program.current_block().create_var(name=name, dtype=dtype, shape=shape)

# 手动创建前向输出变量
y_var = create_tmp_var(fluid.default_main_program(), 'output', 'float32', [-1, 4])
print(y_var)
# %% case: relu_numpy
import numpy as np
np.random.seed(2023)  # added

# 定义前向计算
def relu(x):
    y = np.maximum(x, 0.0)
    return y

# 定义反向计算函数
def relu_backward(y, dy):
    dx = np.zeros_like(y)
    dx[y > 0] = 1.0
    res = np.array(dy) * dx
    return res

def test_relu():
    x = np.random.uniform(-1, 1, [2, 4]).astype(np.float32)
    y = relu(x)
    print("relu的输入数据:{} \nrelu的输出:{}".format(x, y))
    dy = np.random.uniform(-1, 1, [2, 4]).astype(np.float32)
    dydx = relu_backward(y, dy)
    
    print("\n假设的y的梯度是:{} \n通过relu_backward计算得到的x的梯度是:{}".format(dy, dydx))

    
test_relu()
# %% case: create_var_fluid
import paddle.fluid as fluid

def create_tmp_var(program, name, dtype, shape):
    return program.current_block().create_var(name=name, dtype=dtype, shape=shape)
    
# 手动创建前向输出变量
y_var = create_tmp_var(fluid.default_main_program(), 'output', 'float32', [-1, 4])
print(y_var)
# %% case: mnist_py_func_network
import paddle 
import paddle.fluid as fluid

import numpy as np

#第一步: 定义前向和反向函数
# 定义ReLU函数的前向计算过程
def relu(x):
    return np.maximum(x, 0.0)
  
#定义反向计算过程:y是前向函数的输出,dy是y的梯度
def relu_grad(y, dy):
    dx = np.zeros_like(y)
    dx[y > 0] = 1.0
    return np.array(dy) * dx

def create_tmp_var(name, dtype, shape):
    return fluid.default_main_program().current_block().create_var(
        name=name, dtype=dtype, shape=shape)

BATCH_SIZE = 256

def mnist(x):
    x = fluid.layers.fc(x, size=100)
    #创建relu激活函数的前向输出的变量
    output = create_tmp_var(name='relu', dtype=x.dtype, shape=x.shape)

    #使用py_func组建网络,设置前向、反向计算函数,输入是x,输出是定义好的输出变量output
    x = fluid.layers.py_func(func=relu, x=x,
                out=output, backward_func=relu_grad,
                skip_vars_in_backward_input=x)
    prediction = fluid.layers.fc(x, size=10, act='softmax')
    return prediction
