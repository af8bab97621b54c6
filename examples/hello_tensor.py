"""A minimal Paddle script: run it unchanged on paddle_compat with

    python -m paddle_compat run examples/hello_tensor.py --name world

It prints a tensor (in Paddle's exact format), its arguments, and where `paddle` came from.
"""
import argparse

import paddle


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--name", default="tensor")
    args = parser.parse_args()
    x = paddle.to_tensor([[1.0, -2.0], [3.5, 4.0]])
    print(f"hello {args.name}")
    print(x)
    print("paddle module:", paddle.__name__)


if __name__ == "__main__":
    main()
