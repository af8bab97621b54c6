"""The models of paddle.vision.models, one file per Paddle module (the face re-exports them)."""
