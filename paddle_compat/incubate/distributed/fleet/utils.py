"""paddle.incubate.distributed.fleet.utils (public face): static-program file utilities (room:
paddle_compat/_incubate/distributed/fleet/utils.py)."""
from ...._incubate.distributed.fleet.utils import (check_pruned_program_vars,
                                                   check_saved_vars_try_dump, graphviz,
                                                   load_program, parse_program,
                                                   program_type_trans, save_program)

__all__ = ["load_program", "save_program", "program_type_trans", "check_saved_vars_try_dump",
           "parse_program", "check_pruned_program_vars", "graphviz"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ...._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
