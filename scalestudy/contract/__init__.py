"""The contract between the harness and the trainer, and what both layers quote: the point
configuration, the step-log schema, the communication-volume and memory formulas, and the
published numbers a sweep may name (references.yaml). Pure Python: nothing here imports
TensorFlow or Horovod."""
