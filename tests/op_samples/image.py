"""Valid sample calls for the image family (src/mxnd/ndarray/ops/image.py).

Images are (H, W, C) with 1 or 3 channels (tensors for normalize are (C, H, W)). The samples
of differentiable operators are the ones where MXNet's gradient is exact: its flips and
random flips pass the output gradient through unflipped, which is right only along an axis
of length 1, and resize's ``_copy`` gradient exists only when the size does not change.
The random colour operators get degenerate parameters (min_factor == max_factor, zero jitter,
alpha_std=0), since the builder tests compare two calls.
"""

SAMPLES = {
    "_image_to_tensor": ([(2, 3, 3)], {}),
    "_image_normalize": ([(3, 2, 2)], {"mean": (0.1, 0.2, 0.3), "std": (0.5, 1.0, 2.0)}),
    "_image_resize": ([(2, 3, 3)], {"size": (3, 2)}),
    "_image_crop": ([(3, 4, 3)], {"x": 1, "y": 0, "width": 2, "height": 2}),
    "_image_flip_left_right": ([(2, 1, 3)], {}),
    "_image_flip_top_bottom": ([(1, 2, 3)], {}),
    "_image_random_flip_left_right": ([(2, 1, 3)], {}),
    "_image_random_flip_top_bottom": ([(1, 2, 3)], {}),
    "_image_random_brightness": ([(2, 2, 3)], {"min_factor": 1.5, "max_factor": 1.5}),
    "_image_random_contrast": ([(2, 2, 3)], {"min_factor": 0.5, "max_factor": 0.5}),
    "_image_random_saturation": ([(2, 2, 3)], {"min_factor": 0.5, "max_factor": 0.5}),
    "_image_random_hue": ([(2, 2, 3)], {"min_factor": 0.25, "max_factor": 0.25}),
    "_image_random_color_jitter": ([(2, 2, 3)], {"brightness": 0, "contrast": 0, "saturation": 0, "hue": 0}),
    "_image_adjust_lighting": ([(2, 2, 3)], {"alpha": (0.1, 0.2, 0.3)}),
    "_image_random_lighting": ([(2, 2, 3)], {"alpha_std": 0.0}),
    "_cvimresize": ([(2, 3, 3)], {"w": 4, "h": 3}),
    "_cvcopyMakeBorder": ([(2, 3, 3)], {"top": 1, "bot": 2, "left": 0, "right": 1, "type": 4}),
}
