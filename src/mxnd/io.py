"""``mx.io``: NDArrayIter, DataBatch, DataDesc (being built)."""
