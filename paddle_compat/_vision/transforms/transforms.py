"""paddle.vision.transforms: the transform classes (Compose, Resize, RandomResizedCrop, ...).

Follows Paddle 3.3.1's python/paddle/vision/transforms/transforms.py (Apache-2.0): the same
argument checks and messages, and every random choice drawn from the same generator in the same
order (Python's `random` for crops, flips, jitters, rotations and perspectives; numpy's global
generator where Paddle uses it: RandomResizedCrop's scale/ratio, RandomErasing; paddle's generator
for RandomErasing's 'random' value on Tensors), so a script that seeds `random`, `numpy.random` and
`paddle.seed` gets Paddle's results value for value.

Differences from Paddle: dynamic mode only. Paddle's static-graph branches (transforms applied to
`paddle.static.data` variables inside a Program) are not provided.
"""
import math
import numbers
import random
import traceback
from collections.abc import Iterable, Sequence

import numpy as np

from . import functional as F

__all__ = ["BaseTransform", "Compose", "Resize", "RandomResizedCrop", "CenterCrop",
           "RandomHorizontalFlip", "RandomVerticalFlip", "Transpose", "Normalize",
           "BrightnessTransform", "SaturationTransform", "ContrastTransform", "HueTransform",
           "ColorJitter", "RandomCrop", "Pad", "RandomAffine", "RandomRotation",
           "RandomPerspective", "Grayscale", "ToTensor", "RandomErasing"]


def _get_image_size(img):
    if F._is_pil_image(img):
        return img.size
    if F._is_numpy_image(img):
        return img.shape[:2][::-1]
    if F._is_tensor_image(img):
        if len(img.shape) == 3:
            return img.shape[1:][::-1]
        if len(img.shape) == 4:
            return img.shape[2:][::-1]
        raise ValueError(f"The dim for input Tensor should be 3-D or 4-D, but received "
                         f"{len(img.shape)}")
    raise TypeError(f"Unexpected type {type(img)}")


def _check_input(value, name, center=1, bound=(0, float("inf")), clip_first_on_zero=True):
    if isinstance(value, numbers.Number):
        if value < 0:
            raise ValueError(f"If {name} is a single number, it must be non negative.")
        value = [center - value, center + value]
        if clip_first_on_zero:
            value[0] = max(value[0], 0)
    elif isinstance(value, (tuple, list)) and len(value) == 2:
        if not bound[0] <= value[0] <= value[1] <= bound[1]:
            raise ValueError(f"{name} values should be between {bound}")
    else:
        raise TypeError(f"{name} should be a single number or a list/tuple with length 2.")
    if value[0] == value[1] == center:
        value = None
    return value


class Compose:
    """paddle.vision.transforms.Compose(transforms): apply the transforms in order. A failing
    transform prints its name, the error and the stack (as Paddle) and re-raises."""

    def __init__(self, transforms):
        self.transforms = transforms

    def __call__(self, data):
        for f in self.transforms:
            try:
                data = f(data)
            except Exception as e:
                stack_info = traceback.format_exc()
                print(f"fail to perform transform [{f}] with error: {e} and stack:\n{stack_info}")
                raise e
        return data

    def __repr__(self):
        format_string = self.__class__.__name__ + "("
        for t in self.transforms:
            format_string += "\n"
            format_string += f"    {t}"
        format_string += "\n)"
        return format_string


class BaseTransform:
    """paddle.vision.transforms.BaseTransform(keys=None): the base of the transform classes.
    `keys` names what each element of a tuple input is ('image', 'coords', 'boxes', 'mask');
    a subclass defines `_apply_<key>` for each key it handles and `_get_params` for the random
    parameters shared by all elements of one call.

    Differences from Paddle: dynamic mode only; Paddle's static-graph branches (random parameters
    drawn by ops inside a Program) are not provided.
    """

    def __init__(self, keys=None):
        if keys is None:
            keys = ("image",)
        elif not isinstance(keys, Sequence):
            raise ValueError(f"keys should be a sequence, but got keys={keys}")
        for k in keys:
            if self._get_apply(k) is None:
                raise NotImplementedError(f"{k} is unsupported data structure")
        self.keys = keys
        self.params = None

    def _get_params(self, inputs):
        pass

    def __call__(self, inputs):
        if not isinstance(inputs, tuple):
            inputs = (inputs,)
        self.params = self._get_params(inputs)
        outputs = []
        for i in range(min(len(inputs), len(self.keys))):
            apply_func = self._get_apply(self.keys[i])
            if apply_func is None:
                outputs.append(inputs[i])
            else:
                outputs.append(apply_func(inputs[i]))
        if len(inputs) > len(self.keys):
            outputs.extend(inputs[len(self.keys):])
        if len(outputs) == 1:
            return outputs[0]
        return tuple(outputs)

    def _get_apply(self, key):
        return getattr(self, f"_apply_{key}", None)

    def _apply_image(self, image):
        raise NotImplementedError

    def _apply_boxes(self, boxes):
        raise NotImplementedError

    def _apply_mask(self, mask):
        raise NotImplementedError

    def _apply_coords(self, coords):
        raise NotImplementedError


class ToTensor(BaseTransform):
    """paddle.vision.transforms.ToTensor(data_format='CHW', keys=None): F.to_tensor."""

    def __init__(self, data_format="CHW", keys=None):
        super().__init__(keys)
        self.data_format = data_format

    def _apply_image(self, img):
        return F.to_tensor(img, self.data_format)


class Resize(BaseTransform):
    """paddle.vision.transforms.Resize(size, interpolation='bilinear', keys=None): F.resize."""

    def __init__(self, size, interpolation="bilinear", keys=None):
        super().__init__(keys)
        assert isinstance(size, int) or (isinstance(size, Iterable) and len(size) == 2)
        self.size = size
        self.interpolation = interpolation

    def _apply_image(self, img):
        return F.resize(img, self.size, self.interpolation)


class RandomResizedCrop(BaseTransform):
    """paddle.vision.transforms.RandomResizedCrop(size, scale=(0.08, 1.0), ratio=(3/4, 4/3),
    interpolation='bilinear', keys=None): a random area/aspect crop resized to `size` (area and
    log-ratio from numpy's global generator, offsets from Python's `random`, as Paddle)."""

    def __init__(self, size, scale=(0.08, 1.0), ratio=(3.0 / 4, 4.0 / 3), interpolation="bilinear",
                 keys=None):
        super().__init__(keys)
        if isinstance(size, int):
            self.size = (size, size)
        else:
            self.size = size
        assert scale[0] <= scale[1], "scale should be of kind (min, max)"
        assert ratio[0] <= ratio[1], "ratio should be of kind (min, max)"
        self.scale = scale
        self.ratio = ratio
        self.interpolation = interpolation

    def _dynamic_get_param(self, image, attempts=10):
        width, height = _get_image_size(image)
        area = height * width
        for _ in range(attempts):
            target_area = np.random.uniform(*self.scale) * area
            log_ratio = tuple(math.log(x) for x in self.ratio)
            aspect_ratio = math.exp(np.random.uniform(*log_ratio))
            w = int(round(math.sqrt(target_area * aspect_ratio)))
            h = int(round(math.sqrt(target_area / aspect_ratio)))
            if 0 < w <= width and 0 < h <= height:
                i = random.randint(0, height - h)
                j = random.randint(0, width - w)
                return i, j, h, w
        in_ratio = float(width) / float(height)
        if in_ratio < min(self.ratio):
            w = width
            h = int(round(w / min(self.ratio)))
        elif in_ratio > max(self.ratio):
            h = height
            w = int(round(h * max(self.ratio)))
        else:
            w = width
            h = height
        i = (height - h) // 2
        j = (width - w) // 2
        return i, j, h, w

    def _apply_image(self, img):
        i, j, h, w = self._dynamic_get_param(img)
        cropped_img = F.crop(img, i, j, h, w)
        return F.resize(cropped_img, self.size, self.interpolation)


class CenterCrop(BaseTransform):
    """paddle.vision.transforms.CenterCrop(size, keys=None): F.center_crop."""

    def __init__(self, size, keys=None):
        super().__init__(keys)
        if isinstance(size, numbers.Number):
            self.size = (int(size), int(size))
        else:
            self.size = size

    def _apply_image(self, img):
        return F.center_crop(img, self.size)


class RandomHorizontalFlip(BaseTransform):
    """paddle.vision.transforms.RandomHorizontalFlip(prob=0.5, keys=None): flip when
    random.random() < prob."""

    def __init__(self, prob=0.5, keys=None):
        super().__init__(keys)
        assert 0 <= prob <= 1, "probability must be between 0 and 1"
        self.prob = prob

    def _apply_image(self, img):
        if random.random() < self.prob:
            return F.hflip(img)
        return img


class RandomVerticalFlip(BaseTransform):
    """paddle.vision.transforms.RandomVerticalFlip(prob=0.5, keys=None): flip when
    random.random() < prob."""

    def __init__(self, prob=0.5, keys=None):
        super().__init__(keys)
        assert 0 <= prob <= 1, "probability must be between 0 and 1"
        self.prob = prob

    def _apply_image(self, img):
        if random.random() < self.prob:
            return F.vflip(img)
        return img


class Normalize(BaseTransform):
    """paddle.vision.transforms.Normalize(mean=0.0, std=1.0, data_format='CHW', to_rgb=False,
    keys=None): F.normalize (a number becomes three equal channels)."""

    def __init__(self, mean=0.0, std=1.0, data_format="CHW", to_rgb=False, keys=None):
        super().__init__(keys)
        if isinstance(mean, numbers.Number):
            mean = [mean, mean, mean]
        if isinstance(std, numbers.Number):
            std = [std, std, std]
        self.mean = mean
        self.std = std
        self.data_format = data_format
        self.to_rgb = to_rgb

    def _apply_image(self, img):
        return F.normalize(img, self.mean, self.std, self.data_format, self.to_rgb)


class Transpose(BaseTransform):
    """paddle.vision.transforms.Transpose(order=(2, 0, 1), keys=None): permute the axes (a PIL or
    HW image becomes an HWC ndarray first); it does not convert to a Tensor."""

    def __init__(self, order=(2, 0, 1), keys=None):
        super().__init__(keys)
        self.order = order

    def _apply_image(self, img):
        if F._is_tensor_image(img):
            return img.transpose(self.order)
        if F._is_pil_image(img):
            img = np.asarray(img)
        if len(img.shape) == 2:
            img = img[..., np.newaxis]
        return img.transpose(self.order)


class BrightnessTransform(BaseTransform):
    """paddle.vision.transforms.BrightnessTransform(value, keys=None): factor drawn by
    random.uniform from [max(0, 1 - value), 1 + value]."""

    def __init__(self, value, keys=None):
        super().__init__(keys)
        self.value = _check_input(value, "brightness")

    def _apply_image(self, img):
        if self.value is None:
            return img
        brightness_factor = random.uniform(self.value[0], self.value[1])
        return F.adjust_brightness(img, brightness_factor)


class ContrastTransform(BaseTransform):
    """paddle.vision.transforms.ContrastTransform(value, keys=None): factor drawn by
    random.uniform from [max(0, 1 - value), 1 + value]."""

    def __init__(self, value, keys=None):
        super().__init__(keys)
        if value < 0:
            raise ValueError("contrast value should be non-negative")
        self.value = _check_input(value, "contrast")

    def _apply_image(self, img):
        if self.value is None:
            return img
        contrast_factor = random.uniform(self.value[0], self.value[1])
        return F.adjust_contrast(img, contrast_factor)


class SaturationTransform(BaseTransform):
    """paddle.vision.transforms.SaturationTransform(value, keys=None): factor drawn by
    random.uniform from [max(0, 1 - value), 1 + value]."""

    def __init__(self, value, keys=None):
        super().__init__(keys)
        self.value = _check_input(value, "saturation")

    def _apply_image(self, img):
        if self.value is None:
            return img
        saturation_factor = random.uniform(self.value[0], self.value[1])
        return F.adjust_saturation(img, saturation_factor)


class HueTransform(BaseTransform):
    """paddle.vision.transforms.HueTransform(value, keys=None): factor drawn by random.uniform
    from [-value, value] (value in [0, 0.5])."""

    def __init__(self, value, keys=None):
        super().__init__(keys)
        self.value = _check_input(value, "hue", center=0, bound=(-0.5, 0.5),
                                  clip_first_on_zero=False)

    def _apply_image(self, img):
        if self.value is None:
            return img
        hue_factor = random.uniform(self.value[0], self.value[1])
        return F.adjust_hue(img, hue_factor)


class ColorJitter(BaseTransform):
    """paddle.vision.transforms.ColorJitter(brightness=0, contrast=0, saturation=0, hue=0,
    keys=None): the four jitters in an order shuffled by random.shuffle on each call."""

    def __init__(self, brightness=0, contrast=0, saturation=0, hue=0, keys=None):
        super().__init__(keys)
        self.brightness = brightness
        self.contrast = contrast
        self.saturation = saturation
        self.hue = hue

    def _get_param(self, brightness, contrast, saturation, hue):
        transforms = []
        if brightness is not None:
            transforms.append(BrightnessTransform(brightness, self.keys))
        if contrast is not None:
            transforms.append(ContrastTransform(contrast, self.keys))
        if saturation is not None:
            transforms.append(SaturationTransform(saturation, self.keys))
        if hue is not None:
            transforms.append(HueTransform(hue, self.keys))
        random.shuffle(transforms)
        return Compose(transforms)

    def _apply_image(self, img):
        transform = self._get_param(self.brightness, self.contrast, self.saturation, self.hue)
        return transform(img)


class RandomCrop(BaseTransform):
    """paddle.vision.transforms.RandomCrop(size, padding=None, pad_if_needed=False, fill=0,
    padding_mode='constant', keys=None): offsets drawn by random.randint."""

    def __init__(self, size, padding=None, pad_if_needed=False, fill=0, padding_mode="constant",
                 keys=None):
        super().__init__(keys)
        if isinstance(size, numbers.Number):
            self.size = (int(size), int(size))
        else:
            self.size = size
        self.padding = padding
        self.pad_if_needed = pad_if_needed
        self.fill = fill
        self.padding_mode = padding_mode

    def _get_param(self, img, output_size):
        w, h = _get_image_size(img)
        th, tw = output_size
        if w == tw and h == th:
            return 0, 0, h, w
        i = random.randint(0, h - th)
        j = random.randint(0, w - tw)
        return i, j, th, tw

    def _apply_image(self, img):
        if self.padding is not None:
            img = F.pad(img, self.padding, self.fill, self.padding_mode)
        w, h = _get_image_size(img)
        if self.pad_if_needed and w < self.size[1]:
            img = F.pad(img, (self.size[1] - w, 0), self.fill, self.padding_mode)
        if self.pad_if_needed and h < self.size[0]:
            img = F.pad(img, (0, self.size[0] - h), self.fill, self.padding_mode)
        i, j, h, w = self._get_param(img, self.size)
        return F.crop(img, i, j, h, w)


class Pad(BaseTransform):
    """paddle.vision.transforms.Pad(padding, fill=0, padding_mode='constant', keys=None): F.pad."""

    def __init__(self, padding, fill=0, padding_mode="constant", keys=None):
        assert isinstance(padding, (numbers.Number, list, tuple))
        assert isinstance(fill, (numbers.Number, str, list, tuple))
        assert padding_mode in ["constant", "edge", "reflect", "symmetric"]
        if isinstance(padding, list):
            padding = tuple(padding)
        if isinstance(fill, list):
            fill = tuple(fill)
        if isinstance(padding, Sequence) and len(padding) not in [2, 4]:
            raise ValueError("Padding must be an int or a 2, or 4 element tuple, not a "
                             + f"{len(padding)} element tuple")
        super().__init__(keys)
        self.padding = padding
        self.fill = fill
        self.padding_mode = padding_mode

    def _apply_image(self, img):
        return F.pad(img, self.padding, self.fill, self.padding_mode)


def _check_sequence_input(x, name, req_sizes):
    msg = req_sizes[0] if len(req_sizes) < 2 else " or ".join([str(s) for s in req_sizes])
    if not isinstance(x, Sequence):
        raise TypeError(f"{name} should be a sequence of length {msg}.")
    if len(x) not in req_sizes:
        raise ValueError(f"{name} should be sequence of length {msg}.")


def _setup_angle(x, name, req_sizes=(2,)):
    if isinstance(x, numbers.Number):
        if x < 0:
            raise ValueError(f"If {name} is a single number, it must be positive.")
        x = [-x, x]
    else:
        _check_sequence_input(x, name, req_sizes)
    return [float(d) for d in x]


class RandomAffine(BaseTransform):
    """paddle.vision.transforms.RandomAffine(degrees, translate=None, scale=None, shear=None,
    interpolation='nearest', fill=0, center=None, keys=None): angle, translation, scale and shear
    drawn by random.uniform in Paddle's order."""

    def __init__(self, degrees, translate=None, scale=None, shear=None, interpolation="nearest",
                 fill=0, center=None, keys=None):
        self.degrees = _setup_angle(degrees, name="degrees", req_sizes=(2,))
        super().__init__(keys)
        assert interpolation in ["nearest", "bilinear", "bicubic"]
        self.interpolation = interpolation
        if translate is not None:
            _check_sequence_input(translate, "translate", req_sizes=(2,))
            for t in translate:
                if not 0.0 <= t <= 1.0:
                    raise ValueError("translation values should be between 0 and 1")
        self.translate = translate
        if scale is not None:
            _check_sequence_input(scale, "scale", req_sizes=(2,))
            for s in scale:
                if s <= 0:
                    raise ValueError("scale values should be positive")
        self.scale = scale
        if shear is not None:
            self.shear = _setup_angle(shear, name="shear", req_sizes=(2, 4))
        else:
            self.shear = shear
        if fill is None:
            fill = 0
        elif not isinstance(fill, (Sequence, numbers.Number)):
            raise TypeError("Fill should be either a sequence or a number.")
        self.fill = fill
        if center is not None:
            _check_sequence_input(center, "center", req_sizes=(2,))
        self.center = center

    def _get_param(self, img_size, degrees, translate=None, scale_ranges=None, shears=None):
        angle = random.uniform(degrees[0], degrees[1])
        if translate is not None:
            max_dx = float(translate[0] * img_size[0])
            max_dy = float(translate[1] * img_size[1])
            tx = int(random.uniform(-max_dx, max_dx))
            ty = int(random.uniform(-max_dy, max_dy))
            translations = (tx, ty)
        else:
            translations = (0, 0)
        if scale_ranges is not None:
            scale = random.uniform(scale_ranges[0], scale_ranges[1])
        else:
            scale = 1.0
        shear_x, shear_y = 0.0, 0.0
        if shears is not None:
            shear_x = random.uniform(shears[0], shears[1])
            if len(shears) == 4:
                shear_y = random.uniform(shears[2], shears[3])
        return angle, translations, scale, (shear_x, shear_y)

    def _apply_image(self, img):
        w, h = _get_image_size(img)
        ret = self._get_param([w, h], self.degrees, self.translate, self.scale, self.shear)
        return F.affine(img, *ret, interpolation=self.interpolation, fill=self.fill,
                        center=self.center)


class RandomRotation(BaseTransform):
    """paddle.vision.transforms.RandomRotation(degrees, interpolation='nearest', expand=False,
    center=None, fill=0, keys=None): angle drawn by random.uniform."""

    def __init__(self, degrees, interpolation="nearest", expand=False, center=None, fill=0,
                 keys=None):
        if isinstance(degrees, numbers.Number):
            if degrees < 0:
                raise ValueError("If degrees is a single number, it must be positive.")
            self.degrees = (-degrees, degrees)
        else:
            if len(degrees) != 2:
                raise ValueError("If degrees is a sequence, it must be of len 2.")
            self.degrees = degrees
        super().__init__(keys)
        self.interpolation = interpolation
        self.expand = expand
        self.center = center
        self.fill = fill

    def _get_param(self, degrees):
        return random.uniform(degrees[0], degrees[1])

    def _apply_image(self, img):
        angle = self._get_param(self.degrees)
        return F.rotate(img, angle, self.interpolation, self.expand, self.center, self.fill)


class RandomPerspective(BaseTransform):
    """paddle.vision.transforms.RandomPerspective(prob=0.5, distortion_scale=0.5,
    interpolation='nearest', fill=0, keys=None): applied when random.random() < prob, corners
    drawn by random.uniform."""

    def __init__(self, prob=0.5, distortion_scale=0.5, interpolation="nearest", fill=0, keys=None):
        super().__init__(keys)
        assert 0 <= prob <= 1, "probability must be between 0 and 1"
        assert 0 <= distortion_scale <= 1, "distortion_scale must be between 0 and 1"
        assert interpolation in ["nearest", "bilinear", "bicubic"]
        assert isinstance(fill, (numbers.Number, str, list, tuple))
        self.prob = prob
        self.distortion_scale = distortion_scale
        self.interpolation = interpolation
        self.fill = fill

    def get_params(self, width, height, distortion_scale):
        """The (startpoints, endpoints) of a random perspective of a width x height image."""
        half_height = height // 2
        half_width = width // 2
        topleft = [int(random.uniform(0, int(distortion_scale * half_width) + 1)),
                   int(random.uniform(0, int(distortion_scale * half_height) + 1))]
        topright = [int(random.uniform(width - int(distortion_scale * half_width) - 1, width)),
                    int(random.uniform(0, int(distortion_scale * half_height) + 1))]
        botright = [int(random.uniform(width - int(distortion_scale * half_width) - 1, width)),
                    int(random.uniform(height - int(distortion_scale * half_height) - 1, height))]
        botleft = [int(random.uniform(0, int(distortion_scale * half_width) + 1)),
                   int(random.uniform(height - int(distortion_scale * half_height) - 1, height))]
        startpoints = [[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]]
        endpoints = [topleft, topright, botright, botleft]
        return startpoints, endpoints

    def _apply_image(self, img):
        width, height = _get_image_size(img)
        if random.random() < self.prob:
            startpoints, endpoints = self.get_params(width, height, self.distortion_scale)
            return F.perspective(img, startpoints, endpoints, self.interpolation, self.fill)
        return img


class Grayscale(BaseTransform):
    """paddle.vision.transforms.Grayscale(num_output_channels=1, keys=None): F.to_grayscale."""

    def __init__(self, num_output_channels=1, keys=None):
        super().__init__(keys)
        self.num_output_channels = num_output_channels

    def _apply_image(self, img):
        return F.to_grayscale(img, self.num_output_channels)


class RandomErasing(BaseTransform):
    """paddle.vision.transforms.RandomErasing(prob=0.5, scale=(0.02, 0.33), ratio=(0.3, 3.3),
    value=0, inplace=False, keys=None): applied when random.random() < prob; box size and position
    from numpy's global generator, a 'random' value from numpy (arrays) or paddle.normal (Tensors)."""

    def __init__(self, prob=0.5, scale=(0.02, 0.33), ratio=(0.3, 3.3), value=0, inplace=False,
                 keys=None):
        super().__init__(keys)
        assert isinstance(scale, (tuple, list)), "scale should be a tuple or list"
        assert scale[0] >= 0 and scale[1] <= 1 and scale[0] <= scale[1], \
            "scale should be of kind (min, max) and in range [0, 1]"
        assert isinstance(ratio, (tuple, list)), "ratio should be a tuple or list"
        assert ratio[0] >= 0 and ratio[0] <= ratio[1], "ratio should be of kind (min, max)"
        assert prob >= 0 and prob <= 1, "The probability should be in range [0, 1]"
        assert isinstance(value, (numbers.Number, str, tuple, list)), \
            "value should be a number, tuple, list or str"
        if isinstance(value, str) and value != "random":
            raise ValueError("value must be 'random' when type is str")
        self.prob = prob
        self.scale = scale
        self.ratio = ratio
        self.value = value
        self.inplace = inplace

    def _dynamic_get_param(self, img, scale, ratio, value):
        if F._is_pil_image(img):
            shape = np.asarray(img).astype(np.uint8).shape
            h, w, c = shape[-3], shape[-2], shape[-1]
        elif F._is_numpy_image(img):
            h, w, c = img.shape[-3], img.shape[-2], img.shape[-1]
        elif F._is_tensor_image(img):
            c, h, w = img.shape[-3], img.shape[-2], img.shape[-1]
        img_area = h * w
        log_ratio = np.log(ratio)
        for _ in range(10):
            erase_area = np.random.uniform(*scale) * img_area
            aspect_ratio = np.exp(np.random.uniform(*log_ratio))
            erase_h = int(round(np.sqrt(erase_area * aspect_ratio)))
            erase_w = int(round(np.sqrt(erase_area / aspect_ratio)))
            if erase_h >= h or erase_w >= w:
                continue
            if F._is_tensor_image(img):
                from ..._creation_core import to_tensor
                if value is None:
                    from ..._ops.random import normal
                    v = normal(shape=[c, erase_h, erase_w]).astype(img.dtype)
                else:
                    v = to_tensor(value, dtype=img.dtype)[:, None, None]
            elif value is None:
                v = np.random.normal(size=[erase_h, erase_w, c]) * 255
            else:
                v = np.array(value)[None, None, :]
            top = np.random.randint(0, h - erase_h + 1)
            left = np.random.randint(0, w - erase_w + 1)
            return top, left, erase_h, erase_w, v
        return 0, 0, h, w, img

    def _apply_image(self, img):
        if random.random() < self.prob:
            if isinstance(self.value, numbers.Number):
                value = [self.value]
            elif isinstance(self.value, str):
                value = None
            else:
                value = self.value
            if value is not None and not (len(value) == 1 or len(value) == 3):
                raise ValueError("Value should be a single number or a sequence with length "
                                 "equals to image's channel.")
            top, left, erase_h, erase_w, v = self._dynamic_get_param(img, self.scale, self.ratio,
                                                                     value)
            return F.erase(img, top, left, erase_h, erase_w, v, self.inplace)
        return img
