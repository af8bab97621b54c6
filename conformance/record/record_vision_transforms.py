"""Record paddle.vision.transforms (every class and functional function, on the PIL, numpy/cv2 and
Tensor backends) from real Paddle into conformance/goldens/vision_transforms.json.

Run with the oracle (it needs opencv-python-headless for the cv2 backend):
`PADDLE_PY conformance/record/record_vision_transforms.py` (re-runnable; `--static-only` records
just STATIC_CASES, into vision_transforms_static.json).
The cases below take the transforms module `T`, its `functional` module `F` and the `paddle`
module as arguments, so tests/test_vision_transforms.py replays the very same calls on
paddle_compat. Before each case Python's `random`, numpy's global generator and `paddle.seed` are
seeded, so random transforms are compared value for value.
"""
import json
import os
import random
import sys

import numpy as np

SEED = 2024
REPEATS = 3          # random transforms are called this many times after one seed


def make_images():
    """Small non-square test images: RGB 5x6 and gray 5x6, uint8, from a fixed generator."""
    rs = np.random.RandomState(7)
    rgb = rs.randint(0, 256, size=(5, 6, 3)).astype("uint8")
    gray = rs.randint(0, 256, size=(5, 6)).astype("uint8")
    return {"rgb": rgb, "gray": gray}


def as_backend(paddle, backend, array):
    """The test image in a backend's form: PIL image, HW(C) uint8 ndarray, or float32 CHW Tensor
    in [0, 1]."""
    if backend == "pil":
        from PIL import Image
        return Image.fromarray(array)
    if backend == "cv2":
        return array.copy()
    chw = array[None] if array.ndim == 2 else array.transpose(2, 0, 1)
    return paddle.to_tensor(chw.astype("float32") / 255.0)


SQ = [[0, 0], [5, 0], [5, 4], [0, 4]]
WARP = [[1, 0], [5, 1], [4, 4], [0, 3]]

# name -> (function(T, F, paddle, img) -> output, images it runs on, repeats)
FUNCTIONAL = {
    "to_tensor_chw": (lambda T, F, p, x: F.to_tensor(x), ("rgb", "gray")),
    "to_tensor_hwc": (lambda T, F, p, x: F.to_tensor(x, "HWC"), ("rgb",)),
    "resize_hw_bilinear": (lambda T, F, p, x: F.resize(x, (3, 4)), ("rgb", "gray")),
    "resize_int_nearest": (lambda T, F, p, x: F.resize(x, 4, "nearest"), ("rgb",)),
    "resize_up_bicubic": (lambda T, F, p, x: F.resize(x, (7, 9), "bicubic"), ("rgb",)),
    "resize_same": (lambda T, F, p, x: F.resize(x, 5), ("rgb",)),
    "resize_bad_size": (lambda T, F, p, x: F.resize(x, "a"), ("rgb",)),
    "pad_int_constant": (lambda T, F, p, x: F.pad(x, 1, 9), ("rgb", "gray")),
    "pad_2_edge": (lambda T, F, p, x: F.pad(x, (1, 2), padding_mode="edge"), ("rgb",)),
    "pad_4_reflect": (lambda T, F, p, x: F.pad(x, [1, 2, 0, 1], padding_mode="reflect"),
                      ("rgb", "gray")),
    "pad_symmetric": (lambda T, F, p, x: F.pad(x, 2, padding_mode="symmetric"), ("rgb",)),
    "pad_bad_len": (lambda T, F, p, x: F.pad(x, [1, 2, 3]), ("rgb",)),
    "pad_bad_type": (lambda T, F, p, x: F.pad(x, "1"), ("rgb",)),
    "crop": (lambda T, F, p, x: F.crop(x, 1, 2, 3, 3), ("rgb", "gray")),
    "center_crop": (lambda T, F, p, x: F.center_crop(x, 3), ("rgb",)),
    "center_crop_hw": (lambda T, F, p, x: F.center_crop(x, (2, 5)), ("rgb",)),
    "hflip": (lambda T, F, p, x: F.hflip(x), ("rgb", "gray")),
    "vflip": (lambda T, F, p, x: F.vflip(x), ("rgb", "gray")),
    "adjust_brightness": (lambda T, F, p, x: F.adjust_brightness(x, 1.4), ("rgb",)),
    "adjust_brightness_dark": (lambda T, F, p, x: F.adjust_brightness(x, 0.3), ("rgb", "gray")),
    "adjust_contrast": (lambda T, F, p, x: F.adjust_contrast(x, 0.6), ("rgb",)),
    "adjust_contrast_up": (lambda T, F, p, x: F.adjust_contrast(x, 1.7), ("rgb",)),
    "adjust_saturation": (lambda T, F, p, x: F.adjust_saturation(x, 0.5), ("rgb",)),
    "adjust_hue": (lambda T, F, p, x: F.adjust_hue(x, 0.2), ("rgb",)),
    "adjust_hue_neg": (lambda T, F, p, x: F.adjust_hue(x, -0.35), ("rgb",)),
    "adjust_hue_bad": (lambda T, F, p, x: F.adjust_hue(x, 0.7), ("rgb",)),
    "affine": (lambda T, F, p, x: F.affine(x, 15, (1, -1), 1.1, (5, 2)), ("rgb",)),
    "affine_bilinear_center": (lambda T, F, p, x: F.affine(x, -30, [0, 1], 0.9, 10, "bilinear",
                                                           center=[2, 2]), ("rgb",)),
    "affine_bad_scale": (lambda T, F, p, x: F.affine(x, 15, (1, -1), 0, 0), ("rgb",)),
    "affine_bad_angle": (lambda T, F, p, x: F.affine(x, "15", (1, -1), 1, 0), ("rgb",)),
    "rotate": (lambda T, F, p, x: F.rotate(x, 30), ("rgb",)),
    "rotate_bilinear_expand": (lambda T, F, p, x: F.rotate(x, 45, "bilinear", expand=True),
                               ("rgb",)),
    "rotate_center_fill": (lambda T, F, p, x: F.rotate(x, -60, center=(1, 1), fill=(10, 20, 30)),
                           ("rgb",)),
    "perspective": (lambda T, F, p, x: F.perspective(x, SQ, WARP), ("rgb",)),
    "perspective_bilinear": (lambda T, F, p, x: F.perspective(x, SQ, WARP, "bilinear"), ("rgb",)),
    "to_grayscale": (lambda T, F, p, x: F.to_grayscale(x), ("rgb",)),
    "to_grayscale_3": (lambda T, F, p, x: F.to_grayscale(x, 3), ("rgb",)),
    "to_grayscale_bad": (lambda T, F, p, x: F.to_grayscale(x, 2), ("rgb",)),
    "normalize": (lambda T, F, p, x: F.normalize(x, [0.5, 0.4, 0.3], [0.2, 0.25, 0.5]), ("rgb",)),
    "normalize_hwc_rgb": (lambda T, F, p, x: F.normalize(x, [100, 110, 120], [50, 60, 70], "HWC",
                                                         True), ("rgb",)),
    "normalize_gray": (lambda T, F, p, x: F.normalize(x, [127.5], [127.5]), ("gray",)),
    "erase": (lambda T, F, p, x: F.erase(x, 1, 1, 2, 3, 0), ("rgb",)),
    "not_an_image": (lambda T, F, p, x: F.hflip([[1, 2], [3, 4]]), ("rgb",)),
}

CLASSES = {
    "Compose": (lambda T, F, p, x: T.Compose([T.CenterCrop(4), T.Resize((3, 5)), T.ToTensor()])(x),
                ("rgb",)),
    "ToTensor": (lambda T, F, p, x: T.ToTensor()(x), ("rgb", "gray")),
    "ToTensor_hwc": (lambda T, F, p, x: T.ToTensor("HWC")(x), ("rgb",)),
    "Resize": (lambda T, F, p, x: T.Resize(4)(x), ("rgb",)),
    "RandomResizedCrop": (lambda T, F, p, x: T.RandomResizedCrop(4)(x), ("rgb",), REPEATS),
    "RandomResizedCrop_scale": (lambda T, F, p, x: T.RandomResizedCrop((3, 4), scale=(0.5, 0.9),
                                                                       ratio=(0.5, 2.0))(x),
                                ("rgb",), REPEATS),
    "CenterCrop": (lambda T, F, p, x: T.CenterCrop((3, 4))(x), ("rgb",)),
    "RandomHorizontalFlip": (lambda T, F, p, x: T.RandomHorizontalFlip()(x), ("rgb",), 4),
    "RandomVerticalFlip": (lambda T, F, p, x: T.RandomVerticalFlip(0.7)(x), ("rgb",), 4),
    "Transpose": (lambda T, F, p, x: T.Transpose()(x), ("rgb", "gray")),
    "Normalize": (lambda T, F, p, x: T.Normalize(mean=[127.5], std=[127.5], data_format="CHW")(x),
                  ("gray",)),
    "Normalize_rgb": (lambda T, F, p, x: T.Normalize(0.5, 0.25)(x), ("rgb",)),
    "BrightnessTransform": (lambda T, F, p, x: T.BrightnessTransform(0.4)(x), ("rgb",), REPEATS),
    "SaturationTransform": (lambda T, F, p, x: T.SaturationTransform(0.4)(x), ("rgb",), REPEATS),
    "ContrastTransform": (lambda T, F, p, x: T.ContrastTransform(0.4)(x), ("rgb",), REPEATS),
    "HueTransform": (lambda T, F, p, x: T.HueTransform(0.3)(x), ("rgb",), REPEATS),
    "ColorJitter": (lambda T, F, p, x: T.ColorJitter(0.4, 0.4, 0.4, 0.2)(x), ("rgb",), REPEATS),
    "RandomCrop": (lambda T, F, p, x: T.RandomCrop(3)(x), ("rgb",), REPEATS),
    "RandomCrop_pad": (lambda T, F, p, x: T.RandomCrop((6, 8), padding=1, fill=7)(x), ("rgb",),
                       REPEATS),
    "RandomCrop_pad_if_needed": (lambda T, F, p, x: T.RandomCrop(7, pad_if_needed=True)(x),
                                 ("rgb",), REPEATS),
    "Pad": (lambda T, F, p, x: T.Pad([1, 2], fill=3)(x), ("rgb",)),
    "RandomAffine": (lambda T, F, p, x: T.RandomAffine(20, translate=(0.2, 0.1), scale=(0.8, 1.2),
                                                       shear=(-5, 5, -3, 3))(x),
                     ("rgb",), REPEATS),
    "RandomRotation": (lambda T, F, p, x: T.RandomRotation(40)(x), ("rgb",), REPEATS),
    "RandomRotation_expand": (lambda T, F, p, x: T.RandomRotation((10, 80), "bilinear",
                                                                  expand=True)(x),
                              ("rgb",), REPEATS),
    "RandomPerspective": (lambda T, F, p, x: T.RandomPerspective(0.8, 0.6)(x), ("rgb",), REPEATS),
    "Grayscale": (lambda T, F, p, x: T.Grayscale(3)(x), ("rgb",)),
    "RandomErasing": (lambda T, F, p, x: T.RandomErasing(1.0, value=(1, 2, 3))(x),
                      ("rgb",), REPEATS),
    "RandomErasing_scalar": (lambda T, F, p, x: T.RandomErasing(0.6, scale=(0.1, 0.5),
                                                                value=5)(x), ("rgb",), REPEATS),
    "RandomErasing_random": (lambda T, F, p, x: T.RandomErasing(1.0, value="random")(x),
                             ("rgb",), REPEATS),
    "keys_tuple": (lambda T, F, p, x: T.RandomHorizontalFlip(1.0, keys=("image", "image"))((x, x)),
                   ("rgb",)),
}

# Constructor argument checks: name -> function(T, F, paddle) that is expected to raise.
CTOR_ERRORS = {
    "RandomRotation_negative": lambda T, F, p: T.RandomRotation(-1),
    "RandomRotation_len": lambda T, F, p: T.RandomRotation([1, 2, 3]),
    "RandomAffine_degrees_len": lambda T, F, p: T.RandomAffine([1]),
    "RandomAffine_degrees_type": lambda T, F, p: T.RandomAffine("5"),
    "RandomAffine_translate": lambda T, F, p: T.RandomAffine(5, translate=(0.2, 1.5)),
    "RandomAffine_scale": lambda T, F, p: T.RandomAffine(5, scale=(0.0, 1.0)),
    "RandomAffine_shear_len": lambda T, F, p: T.RandomAffine(5, shear=(1, 2, 3)),
    "RandomAffine_fill": lambda T, F, p: T.RandomAffine(5, fill=object()),
    "RandomAffine_interp": lambda T, F, p: T.RandomAffine(5, interpolation="area"),
    "BrightnessTransform_neg": lambda T, F, p: T.BrightnessTransform(-0.1),
    "BrightnessTransform_type": lambda T, F, p: T.BrightnessTransform("a"),
    "ContrastTransform_neg": lambda T, F, p: T.ContrastTransform(-0.1),
    "HueTransform_big": lambda T, F, p: T.HueTransform([-0.2, 0.7]),
    "HueTransform_order": lambda T, F, p: T.HueTransform([0.3, 0.1]),
    "Pad_len": lambda T, F, p: T.Pad([1, 2, 3]),
    "Pad_mode": lambda T, F, p: T.Pad(1, padding_mode="wrap"),
    "RandomErasing_value": lambda T, F, p: T.RandomErasing(value="zeros"),
    "RandomErasing_scale": lambda T, F, p: T.RandomErasing(scale=(0.5, 0.2)),
    "RandomErasing_prob": lambda T, F, p: T.RandomErasing(prob=1.5),
    "RandomResizedCrop_scale": lambda T, F, p: T.RandomResizedCrop(4, scale=(0.9, 0.1)),
    "RandomHorizontalFlip_prob": lambda T, F, p: T.RandomHorizontalFlip(2),
    "RandomPerspective_scale": lambda T, F, p: T.RandomPerspective(distortion_scale=2),
    "Resize_size": lambda T, F, p: T.Resize([1, 2, 3]),
    "BaseTransform_keys": lambda T, F, p: T.ToTensor(keys=("image", "label")),
    "BaseTransform_keys_type": lambda T, F, p: T.ToTensor(keys=5),
}

# Tensor-only cases on other tensor layouts and dtypes (uint8 tensors hit Paddle's missing kernels).
TENSOR_CASES = {
    "uint8_brightness": lambda T, F, p, u: F.adjust_brightness(u, 1.3),
    "uint8_contrast": lambda T, F, p, u: F.adjust_contrast(u, 0.7),
    "uint8_saturation": lambda T, F, p, u: F.adjust_saturation(u, 0.7),
    "uint8_hue": lambda T, F, p, u: F.adjust_hue(u, 0.2),
    "uint8_grayscale": lambda T, F, p, u: F.to_grayscale(u),
    "uint8_rotate": lambda T, F, p, u: F.rotate(u, 30),
    "uint8_pad_reflect": lambda T, F, p, u: F.pad(u, 1, padding_mode="reflect"),
    "uint8_pad_constant": lambda T, F, p, u: F.pad(u, 1),
    "uint8_resize": lambda T, F, p, u: F.resize(u, (3, 4)),
    "uint8_crop": lambda T, F, p, u: F.crop(u, 1, 1, 2, 2),
    "uint8_hflip": lambda T, F, p, u: F.hflip(u),
    "batch_affine": lambda T, F, p, u: F.affine(p.stack([u.astype("float32")] * 2), 10, (1, 0),
                                                1.0, 0.0),
    "batch_perspective": lambda T, F, p, u: F.perspective(p.stack([u.astype("float32")] * 2),
                                                          SQ, WARP),
    "hwc_to_tensor": lambda T, F, p, u: F.to_tensor(u.astype("float32"), "HWC"),
    "two_dim": lambda T, F, p, u: F.hflip(u[0]),
    "five_dim": lambda T, F, p, u: F.vflip(u.reshape([1, 1, 3, 5, 6])),
    "resize_lanczos": lambda T, F, p, u: F.resize(u.astype("float32"), (3, 4), "lanczos"),
}


# PIL images of other modes: mode -> converted from the RGB test image; each function runs on each.
PIL_MODES = ("RGBA", "L", "P", "1", "I", "F", "YCbCr")
PIL_MODE_CASES = {
    "to_tensor": lambda T, F, p, x: F.to_tensor(x),
    "pad_constant": lambda T, F, p, x: F.pad(x, 1, 3),
    "pad_reflect": lambda T, F, p, x: F.pad(x, (1, 2), padding_mode="reflect"),
    "resize": lambda T, F, p, x: F.resize(x, (3, 4)),
    "hflip": lambda T, F, p, x: F.hflip(x),
    "adjust_hue": lambda T, F, p, x: F.adjust_hue(x, 0.1),
    "to_grayscale": lambda T, F, p, x: F.to_grayscale(x),
    "normalize": lambda T, F, p, x: F.normalize(x, [10.0], [20.0], "HWC"),
}


def pil_mode_cases(paddle, T, F, images):
    from PIL import Image
    out = {}
    for mode in PIL_MODES:
        for name, fn in PIL_MODE_CASES.items():
            img = Image.fromarray(images["rgb"]).convert(mode)
            out[f"{name}/{mode}"] = run(paddle, T, F, fn, img)
    return out


def encode(paddle, out):
    """A JSON form of a transform's output: its kind, dtype/mode, shape and values."""
    from PIL import Image
    if isinstance(out, tuple):
        return {"kind": "tuple", "items": [encode(paddle, o) for o in out]}
    if isinstance(out, Image.Image):
        return {"kind": "pil", "mode": out.mode, "size": list(out.size),
                "data": np.asarray(out).tolist()}
    if isinstance(out, np.ndarray):
        return {"kind": "ndarray", "dtype": str(out.dtype), "shape": list(out.shape),
                "data": np.round(out.astype("float64"), 5).tolist()}
    array = out.numpy()
    return {"kind": "tensor", "dtype": str(array.dtype), "shape": list(array.shape),
            "data": np.round(array.astype("float64"), 5).tolist()}


def seed_all(paddle, seed):
    random.seed(seed)
    np.random.seed(seed)
    paddle.seed(seed)


def run(paddle, T, F, fn, img, repeats=1):
    """Seed, call `fn` `repeats` times on `img`, return the encoded outputs (or the error)."""
    seed_all(paddle, SEED)
    try:
        return {"outputs": [encode(paddle, fn(T, F, paddle, img)) for _ in range(repeats)]}
    except Exception as e:  # the recorded error is the expectation
        return {"error": type(e).__name__, "message": str(e).split("\n")[0][:300]}


def backend_cases(paddle, T, F, images):
    """{case id: result} for every functional and class case on every backend and image."""
    results = {}
    for table in (FUNCTIONAL, CLASSES):
        for name, spec in table.items():
            fn, image_names = spec[0], spec[1]
            repeats = spec[2] if len(spec) > 2 else 1
            for image_name in image_names:
                for backend in ("pil", "cv2", "tensor"):
                    img = as_backend(paddle, backend, images[image_name])
                    results[f"{name}/{image_name}/{backend}"] = run(paddle, T, F, fn, img, repeats)
    return results


def ctor_errors(paddle, T, F):
    out = {}
    for name, fn in CTOR_ERRORS.items():
        try:
            fn(T, F, paddle)
            out[name] = {"error": None}
        except Exception as e:
            out[name] = {"error": type(e).__name__, "message": str(e).split("\n")[0][:300]}
    return out


def tensor_cases(paddle, T, F, images):
    u = paddle.to_tensor(images["rgb"].transpose(2, 0, 1).copy())
    return {name: run(paddle, T, F, lambda T_, F_, p, x, fn=fn: fn(T_, F_, p, x), u)
            for name, fn in TENSOR_CASES.items()}


# Tensor transforms applied to a static Variable (x = paddle.static.data [3, 5, 6] float32 of the
# RGB test image in [0, 1]) in Paddle's legacy static graph (FLAGS_enable_pir_api=0), the program
# run by an Executor. Those Paddle 3.3.1 cannot record there fail with internal errors (normalize
# reading the Variable's place, the blends, rotate/affine/perspective); the recorder keeps their
# error class so the replay can tell which is which (paddle_compat raises its own TypeError for
# the blends and geometric warps, and computes normalize: docs/vision.md).
STATIC_CASES = [
    ("resize", "F.resize(x, (4, 5))"),
    ("resize_short_edge", "F.resize(x, 3)"),
    ("resize_nearest", "F.resize(x, (3, 4), 'nearest')"),
    ("resize_bicubic_hwc", "F.resize(paddle.transpose(x, [1, 2, 0]), (4, 3), 'bicubic')"),
    ("hflip", "F.hflip(x)"),
    ("vflip", "F.vflip(x)"),
    ("crop", "F.crop(x, 1, 2, 3, 4)"),
    ("center_crop", "F.center_crop(x, 3)"),
    ("pad", "F.pad(x, [1, 2], fill=0.5)"),
    ("pad_reflect", "F.pad(x, 1, padding_mode='reflect')"),
    ("pad_edge_four", "F.pad(x, [1, 0, 2, 1], padding_mode='edge')"),
    ("erase", "F.erase(x, 1, 1, 2, 3, 0.25)"),
    ("Resize", "T.Resize((4, 4))(x)"),
    ("CenterCrop", "T.CenterCrop(4)(x)"),
    ("Pad", "T.Pad(1)(x)"),
    ("Transpose", "T.Transpose()(paddle.transpose(x, [1, 2, 0]))"),
    ("normalize", "F.normalize(x, [0.5, 0.4, 0.3], [0.2, 0.3, 0.4])"),
    ("to_grayscale", "F.to_grayscale(x)"),
    ("adjust_brightness", "F.adjust_brightness(x, 1.5)"),
    ("adjust_hue", "F.adjust_hue(x, 0.1)"),
    ("rotate", "F.rotate(x, 30)"),
]


def static_case(paddle, T, F, image, src):
    """One static case: {'shape', 'out'} or {'error': [class, message]}."""
    paddle.enable_static()
    try:
        main, start = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, start):
            x = paddle.static.data("x", list(image.shape), "float32")
            out = eval(src, {"paddle": paddle, "T": T, "F": F, "x": x})
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(start)
        (value,) = exe.run(main, feed={"x": image}, fetch_list=[out])
        return {"shape": list(out.shape), "out": value.tolist()}
    except Exception as e:  # recorded as Paddle's error
        return {"error": [type(e).__name__, str(e)]}
    finally:
        paddle.disable_static()


def static_image():
    return (make_images()["rgb"].transpose(2, 0, 1).astype("float32") / 255.0)


STATIC_GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "goldens",
                             "vision_transforms_static.json")


def record_static():
    if os.environ.get("FLAGS_enable_pir_api") != "0":     # the legacy graph: a fresh process
        import subprocess
        env = dict(os.environ, FLAGS_enable_pir_api="0", GLOG_minloglevel="2")
        subprocess.run([sys.executable, __file__, "--static-only"], env=env, check=True)
        return
    import warnings
    warnings.simplefilter("ignore")
    import paddle
    import paddle.vision.transforms as T
    import paddle.vision.transforms.functional as F
    image = static_image()
    data = {name: {"src": src, **static_case(paddle, T, F, image, src)}
            for name, src in STATIC_CASES}
    tmp = STATIC_GOLDEN + ".tmp"
    with open(tmp, "w") as f:
        json.dump(data, f, indent=0, sort_keys=True)
        f.write("\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, STATIC_GOLDEN)
    print(f"recorded {len(data)} static cases -> {STATIC_GOLDEN}", file=sys.stderr)


def main():
    record_static()
    if "--static-only" in sys.argv:
        return
    import paddle
    import paddle.vision.transforms as T
    import paddle.vision.transforms.functional as F
    images = make_images()
    import cv2
    import PIL
    golden = {
        "paddle_version": paddle.__version__,
        # The pil and cv2 backends' results are those libraries' own: other versions may round
        # or fill a border pixel differently (the replay then compares loosely, see
        # tests/_vision_transforms_goldens.py).
        "library_versions": {"cv2": cv2.__version__, "pil": PIL.__version__},
        "images": {k: v.tolist() for k, v in images.items()},
        "cases": backend_cases(paddle, T, F, images),
        "ctor_errors": ctor_errors(paddle, T, F),
        "tensor_cases": tensor_cases(paddle, T, F, images),
        "pil_mode_cases": pil_mode_cases(paddle, T, F, images),
    }
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "goldens",
                        "vision_transforms.json")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(golden, f, separators=(",", ":"), sort_keys=True)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    print(f"recorded {len(golden['cases'])} backend cases, {len(golden['ctor_errors'])} "
          f"constructor checks, {len(golden['tensor_cases'])} tensor cases -> {path}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
