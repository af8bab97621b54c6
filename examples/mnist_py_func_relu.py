"""The py_func tutorial's MNIST program ("以Relu为加入新算子的完整案例"): two fc layers whose first
activation is a ReLU written in numpy and hooked in with fluid.layers.py_func, trained with SGD.

It is the tutorial's code with ONE change, the data source: there is no network, so a deterministic
MNIST stand-in (examples/data/synthetic_mnist.py: seven-segment digits, 60000 train / 10000 test as MNIST) is
written as MNIST idx files and `paddle.dataset.common.DATA_HOME` points at it. With the real MNIST
files in ~/.cache/paddle/dataset/mnist, set PADDLE_COMPAT_REAL_MNIST=1 to train on them instead.

    python -m paddle_compat run examples/mnist_py_func_relu.py      (EPOCHS=1 for a quick run)
"""
import os
import sys
import tempfile

import paddle
import paddle.fluid as fluid

import numpy as np

paddle.enable_static()

# ---- the data source (the only change from the tutorial) -------------------------------------
if not os.environ.get("PADDLE_COMPAT_REAL_MNIST"):
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "data"))
    from synthetic_mnist import write_dataset
    # SYNTH_MNIST_SIZE="3000,500" makes a smaller stand-in (the tests use it).
    sizes = [int(n) for n in os.environ.get("SYNTH_MNIST_SIZE", "60000,10000").split(",")]
    paddle.dataset.common.DATA_HOME = write_dataset(tempfile.mkdtemp(prefix="mnist_synth_"),
                                                    *sizes)
EPOCHS = int(os.environ.get("EPOCHS", 5))


# ---- the tutorial, verbatim from here on ---------------------------------------------------
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


# 设置数据读取器,读取MNIST数据训练集
trainset = paddle.dataset.mnist.train()
testset = paddle.dataset.mnist.test()
# 包装数据读取器,每次读取的数据数量设置为batch_size=BATCH_SIZE
train_reader = paddle.batch(trainset, batch_size=BATCH_SIZE)
test_reader = paddle.batch(testset, batch_size=BATCH_SIZE)

# 定义program
train_program = fluid.Program()
start_program = fluid.Program()

place = fluid.CPUPlace()
with fluid.program_guard(train_program, start_program):
    # 声明输入数据
    data = fluid.data(name="X", shape=[None, 784], dtype="float32")
    label = fluid.data(name="label", shape=[None, 1], dtype="int64")
    # 定义优化器
    sgd = fluid.optimizer.SGD(learning_rate=0.01)

    # 运行网络的前向计算,计算损失函数,计算精度
    res = mnist(data)
    loss = fluid.layers.cross_entropy(res, label)
    loss = fluid.layers.mean(loss)
    acc = fluid.layers.accuracy(res, fluid.layers.reshape(label, [-1, 1]))

    # 优化器最小化loss
    sgd.minimize(loss)
    # 定义执行器
    exe = fluid.Executor(fluid.CPUPlace())
    exe.run(fluid.default_startup_program())

    # 启动训练
    for epoch in range(EPOCHS):

        for batch_id, data in enumerate(train_reader()):
            # 获得图像数据,并转为float32类型的数组
            img_data = np.array([x[0] for x in data]).astype('float32')
            # 获得图像标签数据,并转为float32类型的数组
            label_data = np.array([[x[1]] for x in data]).astype('int64')

            loss_acc = exe.run(feed={'X': img_data, "label": label_data},
                               fetch_list=[loss.name, acc.name])
            if batch_id % 100 == 0:
                print("iter [{}]/[{}], loss:{}, acc:{}".format(
                    batch_id, int(60000 / BATCH_SIZE), loss_acc[0], loss_acc[1]))

        # 训练一个epoch后启动测试
        test_program = fluid.default_main_program().clone(for_test=True)
        ACC = []

        for batch_id, data in enumerate(test_reader()):
            # 获得图像数据,并转为float32类型的数组
            img_data = np.array([x[0] for x in data]).astype('float32')
            # 获得图像标签数据,并转为float32类型的数组
            label_data = np.array([[x[1]] for x in data]).astype('int64')

            _acc = exe.run(test_program, feed={'X': img_data, "label": label_data},
                           fetch_list=[acc.name])
            ACC.append(_acc)
        print("\nEpoch:{}, Test Done!, The accuracy is :{} \n".format(epoch, np.mean(ACC)))
