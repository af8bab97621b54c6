"""paddle.base.framework: the legacy static-graph classes, the default programs and mode queries."""
from .._static.ir import Block, Operator, Parameter, Program, Variable
from .._static.builder import (default_main_program, default_startup_program, device_guard,
                               name_scope, program_guard)
from .._base.framework import (_current_expected_place, _dygraph_tracer, cpu_places, cuda_places,
                               convert_np_dtype_to_dtype_, grad_var_name, in_dygraph_mode,
                               in_dynamic_or_pir_mode)
from ..framework import in_pir_mode, use_pir_api

__all__ = ["cpu_places", "cuda_places", "device_guard", "Block", "Operator", "Parameter", "Program", "Variable", "default_main_program",
           "default_startup_program", "name_scope", "program_guard", "_current_expected_place",
           "_dygraph_tracer", "convert_np_dtype_to_dtype_", "grad_var_name", "in_dygraph_mode",
           "in_dynamic_or_pir_mode", "in_pir_mode", "use_pir_api"]
