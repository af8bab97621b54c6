"""`python -m paddle_compat COMMAND ...`: see paddle_compat/_cli.py (`--help` lists the commands)."""
import sys

from paddle_compat._cli import main

if __name__ == "__main__":
    sys.exit(main())
