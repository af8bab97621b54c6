"""paddle.sparse.nn.BatchNorm and SyncBatchNorm (Paddle: sparse/nn/layer/norm.py): batch
normalisation of the stored values [nnz, C] of a channel-last COO tensor (statistics over the
stored elements only); the pattern is kept."""
import warnings

from ...._nn.functional import norm as FN
from ...._nn.layer.norm import _BatchNormBase
from ...._tensor import wrap
from ...tensor import make_like, parts, require

__all__ = ["BatchNorm", "SyncBatchNorm"]


class BatchNorm(_BatchNormBase):
    """paddle.sparse.nn.BatchNorm(num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
    bias_attr=None, data_format='NDHWC', use_global_stats=None, name=None): batch norm over the
    stored values of a COO tensor [N, D, H, W, C] (or [N, H, W, C]).

    Differences from Paddle: none known; as Paddle, training warns that global statistics are
    always tracked, and the first call fixes use_global_stats when it was None.
    """

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
                 bias_attr=None, data_format="NDHWC", use_global_stats=None, name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format,
                         use_global_stats, name)

    def _check_data_format(self, input):
        if input not in ["NDHWC", "NHWC"]:
            raise ValueError('sparse BatchNorm only support layout of "NDHWC" and "NHWC"')

    def forward(self, input):
        self._check_data_format(self._data_format)
        require(input, "batch_norm")
        if self.training:
            warnings.warn("When training, we now always track global mean and variance.")
        if self._use_global_stats is None:
            self._use_global_stats = not self.training
        _, v = parts(input)
        out = FN.batch_norm(wrap(v), self._mean, self._variance, weight=self.weight,
                            bias=self.bias, training=self.training, momentum=self._momentum,
                            epsilon=self._epsilon, data_format="NC",
                            use_global_stats=self._use_global_stats)
        return make_like(input, out._t)


class SyncBatchNorm(BatchNorm):
    """paddle.sparse.nn.SyncBatchNorm(num_features, momentum=0.9, epsilon=1e-05,
    weight_attr=None, bias_attr=None, data_format='NCHW', name=None): BatchNorm whose statistics
    are synchronised across devices.

    Differences from Paddle: in one process (the only case without a process group) the
    statistics are this process's, which is what Paddle computes there too.
    """

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
                 bias_attr=None, data_format="NCHW", name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format,
                         None, name)

    def _check_data_format(self, input=None):
        pass

    @classmethod
    def convert_sync_batchnorm(cls, layer):
        """Replace every sparse BatchNorm in `layer` (recursively) by a SyncBatchNorm sharing its
        parameters and statistics."""
        out = layer
        if isinstance(layer, BatchNorm) and not isinstance(layer, SyncBatchNorm):
            out = SyncBatchNorm(layer._num_features, layer._momentum, layer._epsilon,
                                layer._weight_attr, layer._bias_attr, layer._data_format,
                                layer._name)
            if layer._weight_attr is not False and layer._bias_attr is not False:
                out.weight = layer.weight
                out.bias = layer.bias
            out._mean = layer._mean
            out._variance = layer._variance
        for name, sub in layer.named_children():
            out.add_sublayer(name, cls.convert_sync_batchnorm(sub))
        return out
