"""``mx.nd.sparse``: CSRNDArray, RowSparseNDArray and the sparse operators (being built)."""
