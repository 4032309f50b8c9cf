"""Workloads that need no TensorFlow (the trainer lives in scalestudy.trainer)."""
