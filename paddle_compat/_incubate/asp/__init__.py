"""paddle.incubate.asp's implementation (mirrors paddle/incubate/asp/): Automatic SParsity, n:m
structured pruning of Linear / Conv2D weights. utils.py holds the mask algorithms,
supported_layer_list.py the layer -> pruning-function table, asp.py prune_model / decorate and
the excluded-layer lists."""
