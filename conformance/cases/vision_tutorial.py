# %% case: mnist_dataloader_mlp_training
import gzip
import os
import struct
import tempfile
import random
import numpy as np
import paddle
from paddle.vision.datasets import MNIST
from paddle.vision.transforms import Compose, Normalize
rs = np.random.RandomState(0)
n = 100
images = ((np.add.outer(np.arange(28), np.arange(28))[None] * 4 + rs.randint(0, 40, (n, 28, 28))) % 256).astype('uint8')
labels = rs.randint(0, 10, n).astype('uint8')
folder = tempfile.mkdtemp()
img_path = os.path.join(folder, 'train-images-idx3-ubyte.gz')
lab_path = os.path.join(folder, 'train-labels-idx1-ubyte.gz')
with gzip.open(img_path, 'wb') as f:
    f.write(struct.pack('>IIII', 2051, n, 28, 28) + images.tobytes())
with gzip.open(lab_path, 'wb') as f:
    f.write(struct.pack('>II', 2049, n) + labels.tobytes())
paddle.seed(7)
np.random.seed(7)
random.seed(7)
train = MNIST(image_path=img_path, label_path=lab_path, mode='train',
              transform=Compose([Normalize(mean=[127.5], std=[127.5], data_format='CHW')]))
print(len(train), type(train[0][0]).__name__, train[0][0].shape, train[0][0].dtype, train[0][1])
loader = paddle.io.DataLoader(train, batch_size=16, shuffle=True, drop_last=True)
model = paddle.nn.Sequential(paddle.nn.Flatten(), paddle.nn.Linear(784, 32), paddle.nn.ReLU(),
                             paddle.nn.Linear(32, 10))
opt = paddle.optimizer.Adam(learning_rate=0.01, parameters=model.parameters())
loss_fn = paddle.nn.CrossEntropyLoss()
for step, (x, y) in enumerate(loader):
    loss = loss_fn(model(x), y)
    loss.backward()
    opt.step()
    opt.clear_grad()
    print(step, x.shape, x.dtype, y.shape, y.dtype, round(float(loss), 4))
    if step == 3:
        break
print(len(loader))
# %% case: cifar_augmentation_pipeline
import io
import os
import pickle
import random
import tarfile
import tempfile
import numpy as np
import paddle
import paddle.vision.transforms as T
from paddle.vision.datasets import Cifar10
rs = np.random.RandomState(1)
path = os.path.join(tempfile.mkdtemp(), 'cifar-10-python.tar.gz')
with tarfile.open(path, 'w:gz') as tar:
    for name in ('data_batch_1', 'test_batch'):
        data = pickle.dumps({b'data': rs.randint(0, 256, (6, 3072)).astype('uint8'),
                             b'labels': [int(v) for v in rs.randint(0, 10, 6)]}, protocol=2)
        info = tarfile.TarInfo('cifar-10-batches-py/' + name)
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
random.seed(3)
np.random.seed(3)
paddle.seed(3)
aug = T.Compose([T.RandomCrop(32, padding=4), T.RandomHorizontalFlip(), T.ColorJitter(0.3, 0.3, 0.3),
                 T.ToTensor(), T.Normalize([0.4914, 0.4822, 0.4465], [0.2023, 0.1994, 0.2010])])
ds = Cifar10(data_file=path, mode='train', transform=aug)
for x, y in paddle.io.DataLoader(ds, batch_size=3):
    print(x.shape, x.dtype, y.shape, y.dtype, y.numpy())
    print(x.mean(axis=[0, 2, 3]).numpy().round(4))
x, y = Cifar10(data_file=path, mode='test', backend='cv2')[0]
print(type(x).__name__, x.shape, x.dtype, y, y.dtype, y.shape)
# %% case: image_backend_and_folder
import os
import tempfile
import numpy as np
from PIL import Image
import paddle
from paddle.vision import DatasetFolder, ImageFolder, get_image_backend, set_image_backend
import paddle.vision.transforms as T
root = tempfile.mkdtemp()
rs = np.random.RandomState(2)
for cls in ('b_dogs', 'a_cats'):
    os.makedirs(os.path.join(root, cls))
    for k in range(2):
        Image.fromarray(rs.randint(0, 256, (8, 6, 3)).astype('uint8')).save(
            os.path.join(root, cls, f'{k}.png'))
print(get_image_backend())
ds = DatasetFolder(root, transform=T.Compose([T.Resize((4, 4)), T.ToTensor()]))
print(ds.classes, ds.class_to_idx, len(ds), ds.targets)
x, t = ds[3]
print(x.shape, x.dtype, t, x.numpy().round(3)[0, 0])
print(len(ImageFolder(root)), type(ImageFolder(root)[0][0]).__name__)
try:
    set_image_backend('opencv')
except ValueError as e:
    print('ValueError:', e)
