"""auto_parallel.intermediate: parallelize and its tensor-parallel plans."""
