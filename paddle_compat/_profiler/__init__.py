"""paddle.profiler's implementation (mirrors paddle/profiler/): the Profiler state machine
(profiler.py), RecordEvent and result loading (utils.py), the event collector (tracer.py) and the
summary tables (profiler_statistic.py). The public face is paddle_compat/profiler/."""
