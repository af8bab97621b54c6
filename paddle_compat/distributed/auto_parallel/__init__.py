"""paddle.distributed.auto_parallel on torch DTensor: see process_mesh.py, placement_type.py, api.py."""
