"""Private pieces of paddle.base (Paddle's former fluid) that are more than re-exports."""
