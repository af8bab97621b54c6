"""Distributed checkpoint save / load on torch.distributed.checkpoint (save_state_dict.py,
load_state_dict.py)."""
