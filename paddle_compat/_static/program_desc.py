"""Program.desc: the part of Paddle's C++ ProgramDesc that Python code reaches (serialize, change
tracking, hash), over paddle_compat's program description (io.program_desc).

`serialize_to_string()` gives paddle_compat's program bytes (io.serialize_program's format, every
block's ops and variables), which `Program.parse_from_string` reads back; `need_update()` is True
when the program changed since the last `flush()` / `cached_hash_str()`, whose hash is a digest of
those bytes. Paddle's other desc methods (block/op/var descs, infer shape passes) raise
NotImplementedError naming them.
"""
import hashlib
import pickle

__all__ = ["ProgramDesc"]


class ProgramDesc:
    """The `desc` of a paddle_compat Program (module docstring).

    Differences from Paddle: the bytes are paddle_compat's program description, not Paddle's
    ProgramDesc protobuf."""

    def __init__(self, program):
        self._program = program
        self._flushed = None

    def serialize_to_string(self):
        """The program as paddle_compat's program bytes (readable by Program.parse_from_string
        and paddle.static.deserialize_program)."""
        from .io import _PROGRAM_MAGIC, program_desc
        prog = self._program
        desc = program_desc(prog)
        desc["blocks"] = [program_desc_block(b) for b in prog.blocks[1:]]
        return _PROGRAM_MAGIC + pickle.dumps(desc, protocol=4)

    def need_update(self):
        return self._flushed != self._program._version

    def flush(self):
        self._flushed = self._program._version

    def cached_hash_str(self):
        self.flush()
        return hashlib.sha256(self.serialize_to_string()).hexdigest()

    def num_blocks(self):
        return len(self._program.blocks)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        raise NotImplementedError(
            f"Program.desc.{name}() exposes Paddle's C++ ProgramDesc, which paddle_compat does "
            "not have; use the Program / Block / Operator / Variable Python API instead")


def program_desc_block(block):
    """A sub-block's ops and variables, for the serialized bytes (their types and names)."""
    from .io import _plain
    return {"idx": block.idx, "parent_idx": block.parent_idx,
            "vars": sorted(block.vars),
            "ops": [{"type": op.type, "inputs": op.inputs, "outputs": op.outputs,
                     "attrs": {k: a for k, a in op.attrs.items() if _plain(a)}}
                    for op in block.ops]}
