"""paddle.distributed.fleet.data_generator: see data_generator.py."""
from .data_generator import DataGenerator, MultiSlotDataGenerator, MultiSlotStringDataGenerator

__all__ = ["DataGenerator", "MultiSlotDataGenerator", "MultiSlotStringDataGenerator"]
