"""fleet's role makers for collective training: Role, PaddleCloudRoleMaker (the launcher's
environment variables) and UserDefinedRoleMaker (the values given), as fleet.init(role_maker)
reads them.

Differences from Paddle: only collective roles (is_collective=True) can be generated;
parameter-server roles raise NotImplementedError naming fleet.init(is_collective=True); the
Gloo helper (PADDLE_WITH_GLOO) is not started (paddle.distributed's gloo_* functions are).
"""
import os

__all__ = ["Role", "RoleMakerBase", "PaddleCloudRoleMaker", "UserDefinedRoleMaker"]


class Role:
    """fleet.Role: the roles of a process."""
    WORKER = 1
    SERVER = 2
    HETER_WORKER = 3
    ALL = 4
    COORDINATOR = 5


class RoleMakerBase:
    """The base of the role makers (fleet.init checks a role_maker against it)."""

    def __init__(self):
        self._role_is_generated = False
        self._is_collective = False
        self._worker_endpoints = []
        self._current_id = -1
        self._role = Role.WORKER
        self._non_distributed = False

    def _generate_role(self):
        raise NotImplementedError("Please implement this method in child class")

    def _is_worker(self):
        self._generate_role()
        return self._role == Role.WORKER

    def _is_server(self):
        self._generate_role()
        return self._role == Role.SERVER

    def _is_first_worker(self):
        self._generate_role()
        return self._role == Role.WORKER and self._current_id == 0

    def _worker_num(self):
        self._generate_role()
        return self._trainers_num

    def _worker_index(self):
        self._generate_role()
        return self._current_id

    def _role_id(self):
        self._generate_role()
        return self._current_id

    def _node_num(self):
        self._generate_role()
        return self._nodes_num

    def _get_trainer_endpoints(self):
        self._generate_role()
        return self._worker_endpoints

    def _get_trainer_endpoint(self):
        self._generate_role()
        return self._cur_endpoint

    def _is_non_distributed(self):
        self._generate_role()
        return self._non_distributed

    def _refuse_ps(self):
        raise NotImplementedError("fleet role makers with is_collective=False describe Paddle's "
                                  "parameter-server mode, which paddle_compat does not support; "
                                  "use is_collective=True")


class PaddleCloudRoleMaker(RoleMakerBase):
    """fleet.PaddleCloudRoleMaker(is_collective=False, **kwargs): the role from the launcher's
    PADDLE_TRAINER_ID / PADDLE_TRAINER_ENDPOINTS / PADDLE_CURRENT_ENDPOINT."""

    def __init__(self, is_collective=False, **kwargs):
        super().__init__()
        self._is_collective = is_collective
        self._kwargs = kwargs

    def _collective_env(self):
        self._current_id = int(os.getenv("PADDLE_TRAINER_ID", "0"))
        self._training_role = os.getenv("PADDLE_TRAINING_ROLE", "TRAINER")
        assert self._training_role == "TRAINER"
        self._role = Role.WORKER
        endpoints = os.getenv("PADDLE_TRAINER_ENDPOINTS")
        self._cur_endpoint = os.getenv("PADDLE_CURRENT_ENDPOINT")
        if endpoints is None:         # back to non-distributed execution, as Paddle
            endpoints = "127.0.0.1:6170"
            self._cur_endpoint = endpoints
            self._non_distributed = True
        self._worker_endpoints = endpoints.split(",")
        self._trainers_num = len(self._worker_endpoints)
        self._nodes_num = len({x.split(":")[0] for x in self._worker_endpoints})
        self._local_rank = os.getenv("PADDLE_RANK_IN_NODE")

    def _generate_role(self):
        if not self._role_is_generated:
            if not self._is_collective:
                self._refuse_ps()
            self._collective_env()
            self._role_is_generated = True


class UserDefinedRoleMaker(PaddleCloudRoleMaker):
    """fleet.UserDefinedRoleMaker(is_collective=False, init_gloo=False, **kwargs): the role from
    current_id and worker_endpoints given by the user."""

    def __init__(self, is_collective=False, init_gloo=False, **kwargs):
        super().__init__(is_collective=is_collective, init_gloo=init_gloo, **kwargs)

    def _user_defined_collective_env(self):
        self._worker_endpoints = self._kwargs.get("worker_endpoints")
        self._current_id = self._kwargs.get("current_id")
        self._trainers_num = len(self._worker_endpoints)
        self._role = Role.WORKER
        self._cur_endpoint = self._worker_endpoints[self._current_id]
        self._nodes_num = len({x.split(":")[0] for x in self._worker_endpoints})

    def _generate_role(self):
        if not self._role_is_generated:
            if not self._is_collective:
                self._refuse_ps()
            self._user_defined_collective_env()
            self._role_is_generated = True
