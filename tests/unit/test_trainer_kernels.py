"""The trainer's faster kernels (the loss without a one-hot tensor, the fused Adam, the layer
norm with its gradient written out) compute what
the standard ops compute: checked in a child process (trainer_kernels.py's main(), run by
support/tf_child.py with the other trainer unit tests' parts) so that TensorFlow is never
imported into pytest's own process."""

from __future__ import annotations

import pytest
from support.tf_child import part

pytestmark = pytest.mark.trainer


def test_the_trainers_kernels_match_the_standard_ops():
    printed = part("kernels")  # a check that raised fails here, with its traceback
    print(printed)
    assert "all kernel checks passed" in printed
