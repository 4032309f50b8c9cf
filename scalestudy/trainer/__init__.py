"""The densified Transformer trainer: the only package that imports TensorFlow and Horovod.

Run once per rank by an MPI launcher: `python -m scalestudy.trainer --config point.json`.
The modules `schedule` and `data` are NumPy-only so they can be tested without TensorFlow;
importing this package itself imports nothing heavy.
"""
