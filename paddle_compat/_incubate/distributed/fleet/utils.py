"""paddle.incubate.distributed.fleet.utils: file utilities for static programs (legacy static
mode, FLAGS_enable_pir_api=0, where Paddle 3.3.1 runs them).

    save_program(main, "model.bin"); prog = load_program("model.bin")
    save_program(main, "model.txt", is_text=True)           # str(program)
    parse_program(main, "out/")      # vars_persistable.log, vars_all.log, ops.log
    check_pruned_program_vars(train_prog, pruned_prog)       # True when the persistables agree

The binary program file is Paddle's ProgramDesc protobuf (`program.desc.serialize_to_string()`,
read by Program.parse_from_string), interchangeable with Paddle's.

Differences from Paddle: reading a text program (is_text=True) needs Paddle's protobuf text
parser and raises NotImplementedError; graphviz writes
its own .dot layout of the block; check_saved_vars_try_dump (Paddle's pre-2.0 inference-model
checker) raises NotImplementedError naming paddle.static.load_inference_model.
"""
import logging
import os
import subprocess
from collections import OrderedDict

from ...._atomic_file import atomic_write

__all__ = ["load_program", "save_program", "program_type_trans", "check_saved_vars_try_dump",
           "parse_program", "check_pruned_program_vars", "graphviz"]

logger = logging.getLogger("paddle_compat.incubate.distributed.fleet.utils")

persistable_vars_out_fn = "vars_persistable.log"
all_vars_out_fn = "vars_all.log"
ops_out_fn = "ops.log"
_FEED_FETCH = ("FEED_MINIBATCH", "FETCH_LIST")


def _is_persistable(var):
    from ...._static.io_utils import is_persistable
    return is_persistable(var)


def load_program(model_filename, is_text=False):
    """The Program in `model_filename` (written by save_program).

    Differences from Paddle: is_text=True raises NotImplementedError (see the module
    docstring)."""
    from ...._static.ir import Program
    if is_text:
        raise NotImplementedError(
            "paddle.incubate.distributed.fleet.utils.load_program(is_text=True) parses Paddle's "
            "ProgramDesc protobuf text, which paddle_compat does not have; save the program with "
            "is_text=False and load that file")
    with open(model_filename, "rb") as f:
        return Program.parse_from_string(f.read())


def save_program(program, model_filename="__model__", is_text=False):
    """Write `program` to `model_filename`: its text (str(program)) with is_text, else its bytes
    (program.desc.serialize_to_string())."""
    if is_text:
        with atomic_write(model_filename, "w") as f:
            f.write(str(program))
    else:
        with atomic_write(model_filename) as f:
            f.write(program.desc.serialize_to_string())


def program_type_trans(prog_dir, prog_fn, is_text):
    """Convert prog_dir/prog_fn between the binary and text forms; -> the new file's name
    (prog_fn + ".pbtxt" from binary, + ".bin" from text)."""
    prog = load_program(os.path.join(prog_dir, prog_fn), is_text)
    out_fn = prog_fn + ".bin" if is_text else prog_fn + ".pbtxt"
    save_program(prog, os.path.join(prog_dir, out_fn), 1 - is_text)
    return out_fn


def check_pruned_program_vars(train_prog, pruned_prog):
    """Whether every persistable variable of `pruned_prog` has the same shape and dtype in
    `train_prog` (mismatches and missing variables are logged; a missing one does not make the
    result False, as in Paddle)."""
    is_match = True
    pruned = OrderedDict((v.name, v) for v in pruned_prog.list_vars() if _is_persistable(v))
    logger.info("persistable vars in pruned program: %s", list(pruned))
    for name, var in pruned.items():
        if var.type in _FEED_FETCH:
            break
        try:
            train_var = train_prog.global_block().var(name)
        except ValueError as e:
            logger.error("not find variable '%s' in train program. please check pruning.", name)
            logger.error(e)
            continue
        if var.shape != train_var.shape or var.dtype != train_var.dtype:
            logger.error("variable: %s not match. in pruned program shape: %s dtype:%s, in train "
                         "program shape: %s dtype: %s", name, var.shape, var.dtype,
                         train_var.shape, train_var.dtype)
            is_match = False
    return is_match


def _dot(block):
    # One node per variable (ellipse) and operator (box), edges from inputs to ops to outputs.
    quote = lambda s: '"' + str(s).replace('"', '\\"') + '"'  # noqa: E731
    lines = ["digraph G {", "  rankdir=TB;"]
    for name in sorted(block.vars):
        lines.append(f"  {quote('var:' + name)} [label={quote(name)}, shape=ellipse];")
    for i, op in enumerate(block.ops):
        node = quote(f"op:{i}")
        lines.append(f"  {node} [label={quote(op.type)}, shape=box];")
        lines.extend(f"  {quote('var:' + n)} -> {node};" for n in op.input_arg_names)
        lines.extend(f"  {node} -> {quote('var:' + n)};" for n in op.output_arg_names)
    lines.append("}")
    return "\n".join(lines) + "\n"


def graphviz(block, output_dir="", filename="debug"):
    """Write `block` as output_dir/filename.dot and render filename.pdf with graphviz's `dot`
    (FileNotFoundError when `dot` is not installed, as in Paddle).

    Differences from Paddle: the .dot layout is paddle_compat's own (variables and operators as
    nodes), not Paddle's GraphPreviewGenerator styling."""
    dot_path = os.path.join(output_dir, filename + ".dot")
    pdf_path = os.path.join(output_dir, filename + ".pdf")
    with atomic_write(dot_path, "w") as f:
        f.write(_dot(block))
    p = subprocess.Popen(["dot", "-Tpdf", dot_path, "-o", pdf_path], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.communicate()


def check_saved_vars_try_dump(dump_dir, dump_prog_fn, is_text_dump_program, feed_config,
                              fetch_config, batch_size=1, save_filename=None):
    """Paddle's checker of a dumped inference program: not provided.

    Differences from Paddle: raises NotImplementedError (it loads Paddle's pre-2.0
    model_filename/params_filename layout); use paddle.static.load_inference_model and run it."""
    raise NotImplementedError(
        "paddle.incubate.distributed.fleet.utils.check_saved_vars_try_dump loads Paddle's "
        "pre-2.0 inference-model layout, which paddle_compat does not read; load the model with "
        "paddle.static.load_inference_model and run it with paddle.static.Executor")


def _var_type(var):
    return f"VarType.{var.type}"


def parse_program(program, output_dir):
    """Write output_dir/vars_persistable.log, vars_all.log and ops.log: one dict per persistable
    variable, variable and operator of `program`, as Paddle writes them."""
    persistable = [{"name": str(v.name), "shape": str(v.shape), "lod_level": int(v.lod_level),
                    "dtype": str(v.dtype), "type": _var_type(v)}
                   for v in program.list_vars() if _is_persistable(v)]
    all_vars = [{"name": str(v.name), "shape": str(v.shape), "lod_level": int(v.lod_level),
                 "dtype": str(v.dtype)} if v.type not in _FEED_FETCH
                else {"name": str(v.name), "type": _var_type(v)} for v in program.list_vars()]
    ops = [{"type": op.type, "input_arg_names": str(op.input_arg_names),
            "output_arg_names": str(op.output_arg_names)} for op in program.global_block().ops]
    for fn, title, rows in ((persistable_vars_out_fn, "persistable vars:", persistable),
                            (all_vars_out_fn, "all vars:", all_vars), (ops_out_fn, "ops:", ops)):
        with atomic_write(os.path.join(output_dir, fn), "w") as f:
            f.write(title + "\n")
            for row in rows:
                f.write(str(row) + "\n")
