"""paddle.incubate.distributed.fleet rooms: fleet_util.py, utils.py."""
