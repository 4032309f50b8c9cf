"""The science, declared once: the exchange strategies and Horovod's collectives as tables,
the data x model mesh, and the formulas every layer quotes (communication volume, the alpha-
beta fit, memory, FLOPs, the token distribution). Pure Python: nothing here imports
TensorFlow or Horovod."""
