"""paddle_compat's conformance suite: behaviour checked against recorded real-Paddle output."""
