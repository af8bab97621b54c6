"""Record paddle.vision.datasets from real Paddle into conformance/goldens/vision_datasets.json.

The builders below write small files in the datasets' real formats (gzip idx files, the CIFAR
python tarballs, the Flowers tgz with level-5 MAT-files, the VOC2012 tar, an image folder tree),
deterministically. Paddle 3.3.1 reads them here; tests/test_vision_datasets*.py build the same files
and replay the same cases on paddle_compat.

Run with the oracle (Flowers needs scipy there, the cv2 cases opencv-python-headless):
`PADDLE_PY conformance/record/record_vision_datasets.py` (re-runnable).
"""
import gzip
import io
import json
import os
import pickle
import struct
import sys
import tarfile
import tempfile
import zlib

import numpy as np
from PIL import Image

N_MNIST = 100        # Paddle reads idx files in chunks of 100 samples


# ---- file builders -------------------------------------------------------------------------------
def _gzip_bytes(data):
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0) as f:
        f.write(data)
    return buf.getvalue()


def mnist_arrays(n=N_MNIST, seed=0):
    """n 28x28 uint8 images (a gradient plus noise) and labels 0..9."""
    rs = np.random.RandomState(seed)
    base = np.add.outer(np.arange(28), np.arange(28)).astype("int64") * 4
    images = ((base[None] + rs.randint(0, 40, size=(n, 28, 28))) % 256).astype("uint8")
    labels = rs.randint(0, 10, size=n).astype("uint8")
    return images, labels


def write_mnist(folder, prefix="train", n=N_MNIST, seed=0):
    """<prefix>-images-idx3-ubyte.gz and <prefix>-labels-idx1-ubyte.gz in `folder`."""
    images, labels = mnist_arrays(n, seed)
    os.makedirs(folder, exist_ok=True)
    image_path = os.path.join(folder, f"{prefix}-images-idx3-ubyte.gz")
    label_path = os.path.join(folder, f"{prefix}-labels-idx1-ubyte.gz")
    with open(image_path, "wb") as f:
        f.write(_gzip_bytes(struct.pack(">IIII", 2051, n, 28, 28) + images.tobytes()))
    with open(label_path, "wb") as f:
        f.write(_gzip_bytes(struct.pack(">II", 2049, n) + labels.tobytes()))
    return image_path, label_path


def _tar_add(tar, name, data):
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mtime = 0
    tar.addfile(info, io.BytesIO(data))


def write_cifar(path, kind=10, per_batch=4, seed=1):
    """A cifar-10-python.tar.gz (two data batches + test batch) or cifar-100-python.tar.gz."""
    rs = np.random.RandomState(seed)

    def batch(n, label_key, classes):
        return pickle.dumps({b"data": rs.randint(0, 256, size=(n, 3072)).astype("uint8"),
                             label_key: [int(v) for v in rs.randint(0, classes, size=n)],
                             b"batch_label": b"synthetic"}, protocol=2)

    with tarfile.open(path, "w:gz") as tar:
        if kind == 10:
            # members written out of order: Paddle sorts the names
            _tar_add(tar, "cifar-10-batches-py/data_batch_2", batch(per_batch, b"labels", 10))
            _tar_add(tar, "cifar-10-batches-py/data_batch_1", batch(per_batch, b"labels", 10))
            _tar_add(tar, "cifar-10-batches-py/test_batch", batch(per_batch - 1, b"labels", 10))
            _tar_add(tar, "cifar-10-batches-py/batches.meta", pickle.dumps({b"x": 1}, protocol=2))
        else:
            _tar_add(tar, "cifar-100-python/train", batch(per_batch, b"fine_labels", 100))
            _tar_add(tar, "cifar-100-python/test", batch(per_batch - 1, b"fine_labels", 100))
            _tar_add(tar, "cifar-100-python/meta", pickle.dumps({b"x": 1}, protocol=2))
    return path


def _image_bytes(array, fmt, palette=None):
    img = Image.fromarray(array)
    if palette is not None:
        img.putpalette(palette)
    buf = io.BytesIO()
    img.save(buf, format=fmt)
    return buf.getvalue()


def write_folder(root, seed=2):
    """root/<class>/... images (png, jpg, a nested bmp) plus files to be skipped."""
    rs = np.random.RandomState(seed)
    files = {"cat/b.png": "PNG", "cat/a.jpg": "JPEG", "dog/x.png": "PNG",
             "dog/sub/deep.bmp": "BMP", "bird/z.PNG": "PNG"}
    for rel, fmt in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(_image_bytes(rs.randint(0, 256, size=(4, 5, 3)).astype("uint8"), fmt))
    with open(os.path.join(root, "dog", "notes.txt"), "w") as f:
        f.write("not an image")
    with open(os.path.join(root, "top.png"), "wb") as f:
        f.write(_image_bytes(rs.randint(0, 256, size=(3, 3, 3)).astype("uint8"), "PNG"))
    return root


def _mat_element(mtype, data):
    pad = (8 - len(data) % 8) % 8
    return struct.pack("<II", mtype, len(data)) + data + b"\0" * pad


def _mat_matrix(name, array, mx_class, mi_type):
    payload = (_mat_element(6, struct.pack("<II", mx_class, 0))
               + _mat_element(5, np.array(array.shape, "<i4").tobytes())
               + _mat_element(1, name.encode())
               + _mat_element(mi_type, np.asfortranarray(array).tobytes(order="F")))
    return struct.pack("<II", 14, len(payload)) + payload


def write_mat(path, variables, compress=True):
    """A level-5 MAT-file of uint8 / uint16 / double matrices (what MATLAB writes for Flowers)."""
    codes = {"uint8": (9, 2), "uint16": (11, 4), "float64": (6, 9)}
    header = b"MATLAB 5.0 MAT-file, written by paddle_compat tests".ljust(116, b" ")
    out = header + b"\0" * 8 + struct.pack("<H", 0x0100) + b"IM"
    for name, array in variables.items():
        mx_class, mi_type = codes[str(array.dtype)]
        element = _mat_matrix(name, array, mx_class, mi_type)
        if compress:
            packed = zlib.compress(element)
            out += struct.pack("<II", 15, len(packed)) + packed
        else:
            out += element
    with open(path, "wb") as f:
        f.write(out)
    return path


def write_flowers(folder, n=6, seed=3, compress=True):
    """102flowers.tgz (jpg/image_0000k.jpg), imagelabels.mat and setid.mat in `folder`."""
    rs = np.random.RandomState(seed)
    os.makedirs(folder, exist_ok=True)
    data = os.path.join(folder, "102flowers.tgz")
    with tarfile.open(data, "w:gz") as tar:
        for k in range(1, n + 1):
            arr = rs.randint(0, 256, size=(6, 7, 3)).astype("uint8")
            _tar_add(tar, f"jpg/image_{k:05}.jpg", _image_bytes(arr, "JPEG"))
    labels = write_mat(os.path.join(folder, "imagelabels.mat"),
                       {"labels": rs.randint(1, 103, size=(1, n)).astype("uint8")}, compress)
    setid = write_mat(os.path.join(folder, "setid.mat"),
                      {"trnid": np.array([[2, 5]], "uint16"), "valid": np.array([[1]], "uint16"),
                       "tstid": np.array([[6, 3, 4]], "uint16")}, compress)
    return data, labels, setid


def write_voc(path, seed=4):
    """A VOCtrainval tar with 3 images and their palette segmentation labels."""
    rs = np.random.RandomState(seed)
    names = ["2007_000032", "2007_000039", "2008_000001"]
    palette = [v for i in range(256) for v in (i, (i * 7) % 256, (i * 13) % 256)]
    root = "VOCdevkit/VOC2012/"
    with tarfile.open(path, "w") as tar:
        for name in names:
            _tar_add(tar, root + f"JPEGImages/{name}.jpg",
                     _image_bytes(rs.randint(0, 256, size=(5, 4, 3)).astype("uint8"), "JPEG"))
            _tar_add(tar, root + f"SegmentationClass/{name}.png",
                     _image_bytes(rs.randint(0, 21, size=(5, 4)).astype("uint8"), "PNG", palette))
        for split, members in (("train", names[:2]), ("val", names[2:]), ("trainval", names)):
            _tar_add(tar, root + f"ImageSets/Segmentation/{split}.txt",
                     "".join(m + "\n" for m in members).encode())
    return path


# ---- what is recorded ----------------------------------------------------------------------------
def encode(paddle, value, full=True):
    """Kind, dtype/mode, shape and values (or a checksum when `full` is False)."""
    if isinstance(value, Image.Image):
        array, head = np.asarray(value), {"kind": "pil", "mode": value.mode,
                                          "size": list(value.size)}
    elif isinstance(value, np.ndarray):
        array, head = value, {"kind": "ndarray", "dtype": str(value.dtype)}
    elif isinstance(value, (int, float, str)):
        return {"kind": type(value).__name__, "value": value}
    elif isinstance(value, list):
        return {"kind": "list", "items": [encode(paddle, v, full) for v in value]}
    else:
        array = value.numpy()
        head = {"kind": "tensor", "dtype": str(array.dtype)}
    head["shape"] = list(array.shape)
    a64 = array.astype("float64")
    if full and a64.size <= 800:
        head["data"] = np.round(a64, 5).tolist()
    else:
        if full:    # large samples: the first values in full, the rest by checksum
            head["head"] = np.round(a64.ravel()[:64], 5).tolist()
        head["sum"] = float(a64.sum())
        head["sumsq"] = float((a64 * a64).sum())
    return head


def describe(paddle, dataset, indices=(0, 1, -1)):
    """len and the encoded samples at `indices` (the first in full, the others as checksums)."""
    n = len(dataset)
    out = {"len": n, "samples": {}}
    for k, i in enumerate(indices):
        sample = dataset[i % n]
        out["samples"][str(i)] = [encode(paddle, part, full=(k == 0)) for part in sample]
    return out


def attempt(fn):
    try:
        return fn()
    except Exception as e:
        return {"error": type(e).__name__, "message": str(e).split("\n")[0][:300]}


def cases(paddle, vision, tmp):
    """{case id: description} of every dataset case, run with the given `paddle` / `vision`."""
    T = vision.transforms
    D = vision.datasets
    mnist_dir = os.path.join(tmp, "mnist")
    train_img, train_lab = write_mnist(mnist_dir, "train", seed=0)
    test_img, test_lab = write_mnist(mnist_dir, "t10k", seed=5)
    c10 = write_cifar(os.path.join(tmp, "cifar-10-python.tar.gz"), 10)
    c100 = write_cifar(os.path.join(tmp, "cifar-100-python.tar.gz"), 100)
    folder = write_folder(os.path.join(tmp, "folder"))
    fl_data, fl_labels, fl_setid = write_flowers(os.path.join(tmp, "flowers"))
    voc = write_voc(os.path.join(tmp, "voc.tar"))
    norm = T.Normalize(mean=[127.5], std=[127.5], data_format="CHW")
    out = {}
    for backend in ("pil", "cv2"):
        out[f"mnist/train/{backend}"] = attempt(lambda: describe(paddle, D.MNIST(
            train_img, train_lab, mode="train", backend=backend)))
        out[f"mnist/test_normalize/{backend}"] = attempt(lambda: describe(paddle, D.MNIST(
            test_img, test_lab, mode="test", transform=T.Compose([norm]), backend=backend)))
        out[f"fashion/train_totensor/{backend}"] = attempt(lambda: describe(paddle, D.FashionMNIST(
            train_img, train_lab, transform=T.ToTensor(), backend=backend)))
        for mode in ("train", "test"):
            out[f"cifar10/{mode}/{backend}"] = attempt(lambda: describe(paddle, D.Cifar10(
                c10, mode=mode, backend=backend)))
            out[f"cifar100/{mode}/{backend}"] = attempt(lambda: describe(paddle, D.Cifar100(
                c100, mode=mode, backend=backend)))
        out[f"cifar10/transform/{backend}"] = attempt(lambda: describe(paddle, D.Cifar10(
            c10, transform=T.Compose([T.Resize(8), T.Transpose()]), backend=backend)))
        for mode in ("train", "test", "valid"):
            out[f"flowers/{mode}/{backend}"] = attempt(lambda: describe(paddle, D.Flowers(
                fl_data, fl_labels, fl_setid, mode=mode, backend=backend)))
            out[f"voc2012/{mode}/{backend}"] = attempt(lambda: describe(paddle, D.VOC2012(
                voc, mode=mode, backend=backend)))
        out[f"voc2012/transform/{backend}"] = attempt(lambda: describe(paddle, D.VOC2012(
            voc, transform=T.Resize((3, 3)), backend=backend)))
        vision.set_image_backend(backend)
        out[f"folder/datasetfolder/{backend}"] = attempt(lambda: dict(
            describe(paddle, D.DatasetFolder(folder)), classes=D.DatasetFolder(folder).classes,
            samples=[[os.path.relpath(p, folder), t] for p, t in D.DatasetFolder(folder).samples]))
        out[f"folder/imagefolder/{backend}"] = attempt(lambda: dict(
            describe(paddle, D.ImageFolder(folder, transform=T.ToTensor())),
            samples=[os.path.relpath(p, folder) for p in D.ImageFolder(folder).samples]))
        vision.set_image_backend("pil")
    out["folder/extensions"] = attempt(lambda: [os.path.relpath(p, folder) for p, _ in
                                                D.DatasetFolder(folder, extensions=(".png",)).samples])
    out["folder/loader"] = attempt(lambda: describe(paddle, D.DatasetFolder(
        folder, loader=lambda p: os.path.basename(p)), indices=(0,)))
    out["folder/empty"] = attempt(lambda: D.DatasetFolder(os.path.join(folder, "dog", "sub")))
    out["imagefolder/empty"] = attempt(lambda: D.ImageFolder(folder, extensions=(".gif",)))
    out["errors/mnist_mode"] = attempt(lambda: D.MNIST(train_img, train_lab, mode="val"))
    out["errors/mnist_backend"] = attempt(lambda: D.MNIST(train_img, train_lab, backend="tensor"))
    out["errors/mnist_no_download"] = attempt(lambda: D.MNIST(download=False))
    out["errors/mnist_label_no_download"] = attempt(lambda: D.MNIST(train_img, download=False))
    out["errors/cifar_mode"] = attempt(lambda: D.Cifar10(c10, mode="valid"))
    out["errors/cifar_no_download"] = attempt(lambda: D.Cifar100(download=False))
    out["errors/flowers_mode"] = attempt(lambda: D.Flowers(fl_data, fl_labels, fl_setid, mode="x"))
    out["errors/flowers_no_download"] = attempt(lambda: D.Flowers(fl_data, download=False))
    out["errors/voc_backend"] = attempt(lambda: D.VOC2012(voc, backend="tensor"))
    out["errors/voc_no_download"] = attempt(lambda: D.VOC2012(download=False))
    out["errors/set_image_backend"] = attempt(lambda: vision.set_image_backend("opencv"))
    out["errors/image_load"] = attempt(lambda: vision.image_load(folder, backend="x"))
    out["image_load/pil"] = attempt(lambda: encode(paddle, vision.image_load(
        os.path.join(folder, "cat", "b.png"))))
    out["image_load/cv2"] = attempt(lambda: encode(paddle, vision.image_load(
        os.path.join(folder, "cat", "b.png"), backend="cv2")))
    out["image_load/tensor"] = attempt(lambda: repr(vision.image_load(
        os.path.join(folder, "cat", "b.png"), backend="tensor")))

    def loader_batches():
        ds = D.MNIST(train_img, train_lab, mode="train", transform=T.Compose([norm]))
        batches = []
        for i, (x, y) in enumerate(paddle.io.DataLoader(ds, batch_size=8, shuffle=False)):
            batches.append([encode(paddle, x, full=False), encode(paddle, y)])
            if i == 2:
                break
        return batches
    out["dataloader/mnist_tutorial"] = attempt(loader_batches)
    return out


def main():
    import paddle
    import paddle.vision as vision
    with tempfile.TemporaryDirectory() as tmp:
        golden = {"paddle_version": paddle.__version__, "cases": cases(paddle, vision, tmp)}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "goldens",
                        "vision_datasets.json")
    tmp_path = path + ".tmp"
    with open(tmp_path, "w") as f:
        json.dump(golden, f, separators=(",", ":"), sort_keys=True)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp_path, path)
    errors = {k: v for k, v in golden["cases"].items() if isinstance(v, dict) and "error" in v}
    print(f"recorded {len(golden['cases'])} cases ({len(errors)} errors) -> {path}",
          file=sys.stderr)
    for k, v in errors.items():
        print(f"  {k}: {v['error']}: {v['message'][:120]}", file=sys.stderr)


if __name__ == "__main__":
    main()
