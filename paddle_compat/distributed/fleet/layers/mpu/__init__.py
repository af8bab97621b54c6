"""fleet.layers.mpu: tensor-parallel layers (mp_layers.py) on autograd-aware collectives (mp_ops.py)."""
