"""What the product's files hold, declared once: the point configuration (point.json,
points.jsonl), the trainer's step log, the results table's columns, calibration.json, the comm
workload's options, the env captures, the figures of merit a sweep may gate on and the
published numbers (references.yaml). Pure Python: nothing here imports TensorFlow or
Horovod."""
