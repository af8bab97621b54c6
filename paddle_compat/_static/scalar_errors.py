"""Paddle 3.3.1's TypeErrors for turning a static-graph variable into a Python scalar: `float(x)`
/ `int(x)` of a legacy Variable, and `bool(x)` / `float(x)` / `int(x)` of a PIR Value (whose value
exists only when the program runs). The texts are Paddle's own (python/paddle/base/
layers/math_op_patch.py and python/paddle/pir/math_op_patch.py), recorded from the oracle; a
legacy Variable is always true, as in Paddle."""

__all__ = ["LEGACY", "PIR"]

LEGACY = {
    'float': ('float(Variable) is not supported in static graph mode. If you are using '
        '@to_static, you can try this:\n'
        '1. If you want to get the value of Variable, you can switch to non-fullgraph '
        'mode by setting @to_static(full_graph=True).\n'
        '2. If you want to run it in full graph mode, you need use Variable directly, '
        'and do not use float(Variable).'),
    'int': ('int(Variable) is not supported in static graph mode. If you are using '
        '@to_static, you can try this:\n'
        '1. If you want to get the value of Variable, you can switch to non-fullgraph '
        'mode by setting @to_static(full_graph=True).\n'
        '2. If you want to run it in full graph mode, you need use '
        'Variable.astype(paddle.int32), and do not use int(Variable).'),
}

PIR = {
    'bool': ("bool(Tensor) is not supported in static graph mode. Because it's value is not "
        'available during the static mode.\n'
        "If you haven't call bool(Tensor) explicitly, it's usually triggered by the "
        'control flow implicitly, for example:\n'
        '    >>> if x > 0:\n'
        '           ^ `x` is Tensor, `x` > 0 is also a Tensor, `if x > 0` triggers '
        'bool(Tensor)\n'
        '    ...     y = y + 1\n'
        '\n'
        'There are two common workarounds available:\n'
        'If you are checking for Tensor values, then consider checking only at dynamic '
        'graphs, for example:\n'
        '\n'
        '    Modify the following code\n'
        '    >>> if x > 0:\n'
        '    ...     raise ValueError("x should be positive")\n'
        '    to\n'
        '    >>> if paddle.in_dynamic_mode() and x < 0:\n'
        '    >>>     raise ValueError("x should be positive")\n'
        '\n'
        'If you need to control the flow of execution based on the value of the Tensor, '
        'then you need to rewrite the code as a control flow, for example:\n'
        '\n'
        '    Modify the following code\n'
        '    >>> if x < y:\n'
        '    ...     y = y + 1\n'
        '    ... else:\n'
        '    ...     y = y - 1\n'
        '    to\n'
        '    >>> pred = paddle.less_than(x=x, y=y, name=None)\n'
        '    >>> y = paddle.static.nn.cond(pred, lambda: y + 1, lambda: y - 1)\n'
        '    For more info, please refer to '
        'https://www.paddlepaddle.org.cn/documentation/docs/zh/api/paddle/static/nn/cond_cn.html\n'),
    'float': ("float(Tensor) is not supported in static graph mode. Because it's value is not "
        'available during the static mode.\n'
        "It's usually triggered by the logging implicitly, for example:\n"
        '    >>> logging.info("The value of x is: {float(x)}")\n'
        '                                                ^ `x` is Tensor, `float(x)` '
        'triggers float(Tensor)\n'
        '\n'
        '    There are two common workarounds available:\n'
        '    If you are logging Tensor values, then consider logging only at dynamic '
        'graphs, for example:\n'
        '\n'
        '        Modify the following code\n'
        '        >>> logging.info("The value of x is: {float(x)}")\n'
        '        to\n'
        '        >>> if paddle.in_dynamic_mode():\n'
        '        ...     logging.info("The value of x is: {float(x)}")\n'
        '\n'
        '    If you need to convert the Tensor type, for example:\n'
        '        Modify the following code\n'
        '        >>> x = float(x)\n'
        '        to\n'
        '        >>> x = x.astype("float64")\n'),
    'int': ("int(Tensor) is not supported in static graph mode. Because it's value is not "
        'available during the static mode.\n'
        "It's usually triggered by the logging implicitly, for example:\n"
        '    >>> logging.info("The value of x is: {int(x)}")\n'
        '                                              ^ `x` is Tensor, `int(x)` '
        'triggers int(Tensor)\n'
        '\n'
        '    There are two common workarounds available:\n'
        '    If you are logging Tensor values, then consider logging only at dynamic '
        'graphs, for example:\n'
        '\n'
        '        Modify the following code\n'
        '        >>> logging.info("The value of x is: {int(x)}")\n'
        '        to\n'
        '        >>> if paddle.in_dynamic_mode():\n'
        '        ...     logging.info("The value of x is: {int(x)}")\n'
        '\n'
        '    If you need to convert the Tensor type, for example:\n'
        '        Modify the following code\n'
        '        >>> x = int(x)\n'
        '        to\n'
        '        >>> x = x.astype("int64")\n'),
}
