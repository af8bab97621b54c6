"""paddle.nn internals: Parameter, Layer, layers, functional kernels, initializers."""
