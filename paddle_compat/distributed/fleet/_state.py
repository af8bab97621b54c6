"""The process's current HybridCommunicateGroup (set by fleet.init), read by the parallel layers."""
HCG = [None]
