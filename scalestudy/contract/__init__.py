"""The contract between the harness and the trainer: the point configuration, the step-log schema
and the communication-volume formulas. Pure Python: nothing here imports TensorFlow or Horovod."""
