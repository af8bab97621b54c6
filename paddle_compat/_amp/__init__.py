"""paddle.amp's machinery (mirrors paddle/amp/): amp_lists.py (the op tables), auto_cast.py
(auto_cast, decorate, the AMP state), grad_scaler.py (AmpScaler, GradScaler)."""
