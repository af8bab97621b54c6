"""paddle.geometric.message_passing: send_u_recv, send_ue_recv, send_uv (send_recv.py)."""
