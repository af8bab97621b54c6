"""paddle.distributed.local_map(func, out_placements, in_placements=None, process_mesh=None,
reshard_inputs=False): func, written for ordinary Tensors, applied to each process's shards of
distributed Tensors; its outputs are joined into distributed Tensors with out_placements
(DTensor.to_local / from_local, both differentiable; no communication unless inputs are
resharded).

Differences from Paddle: none known (dynamic mode).
"""
import functools

from ..._tensor import Tensor, wrap

__all__ = ["local_map"]


def _flatten(obj):
    if isinstance(obj, (list, tuple)):
        return [x for o in obj for x in _flatten(o)]
    return [obj]


def _pack(like, flat):
    it = iter(flat)

    def build(obj):
        if isinstance(obj, (list, tuple)):
            return type(obj)(build(o) for o in obj)
        return next(it)
    return build(like)


def _from_local(t, mesh, placements):
    from torch.distributed.tensor import DTensor
    from .placement_type import to_torch_placement
    return wrap(DTensor.from_local(t._t, mesh._torch_mesh(),
                                   [to_torch_placement(p) for p in placements], run_check=False))


def local_map(func, out_placements, in_placements=None, process_mesh=None, reshard_inputs=False):
    """paddle.distributed.local_map(func, out_placements, in_placements=None, process_mesh=None,
    reshard_inputs=False) -> the wrapped function (see the module docstring)."""
    from .api import _mesh_of, reshard

    def wrapped(process_mesh, *args, **kwargs):
        flat_args = _flatten(args)
        if in_placements is not None:
            assert len(in_placements) == len(flat_args), (
                f"in_placements length {len(in_placements)} does not match number of input args "
                f"{len(flat_args)}!")
        local_args, seen = [], False
        for idx, arg in enumerate(flat_args):
            if isinstance(arg, Tensor) and arg.is_dist():
                if process_mesh is None:
                    process_mesh = _mesh_of(arg)
                seen = True
                wanted = in_placements[idx] if in_placements is not None else None
                if wanted is not None and list(wanted) != arg.placements:
                    if not reshard_inputs:
                        raise ValueError(f"in_placement {list(wanted)} does not match "
                                         f"dist_tensor.placements {arg.placements}")
                    arg = reshard(arg, process_mesh, list(wanted))
                local_args.append(wrap(arg._t.to_local()))
            else:
                local_args.append(arg)
        out = func(*_pack(args, local_args), **kwargs)
        flat_out = _flatten(out)
        if seen:
            assert len(flat_out) == len(out_placements), (
                "local_map requires one PlacementType for each output value, got "
                f"{len(out_placements)} placements but expected {len(flat_out)}!")
        result = []
        for value, placement in zip(flat_out, out_placements):
            if isinstance(value, Tensor) and placement is not None:
                assert not value.is_dist(), (f"Expected dense tensor output but got "
                                             f"{type(value)}: {value}")
                assert process_mesh is not None, ("process_mesh must be specified when "
                                                  "out_placements is not None")
                result.append(_from_local(value, process_mesh, placement))
            else:
                assert placement is None or not seen or isinstance(value, Tensor), (
                    f"Expected None placements for non-tensor output {value} but got "
                    f"{placement}!")
                result.append(value)
        return _pack(out, result)
    return functools.partial(wrapped, process_mesh)
