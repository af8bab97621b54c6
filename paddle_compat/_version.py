"""The Paddle release whose API and behaviour paddle_compat mirrors (paddle.version re-exports it;
private modules read it here, below the face). Imports nothing."""
full_version = "3.3.1"
major = "3"
minor = "3"
patch = "1"
rc = "0"
