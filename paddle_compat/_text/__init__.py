"""paddle.text's rooms (Paddle: python/paddle/text/): viterbi_decode and the datasets."""
