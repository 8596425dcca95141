"""``mxnd.dl``: MATLAB-style labeled deep-learning arrays (being built)."""
