"""`python -m scalestudy.trainer --config point.json`: one rank of a training run.

Exit codes: 0 completed, 1 failed, 2 bad configuration, 3 diverged, 4 interrupted (checkpointed
on SIGUSR1/SIGTERM), 5 launcher mismatch (Horovod's world is not the one asked for).
"""

from __future__ import annotations

import argparse
import os
import sys

from scalestudy.formats import step_log
from scalestudy.formats.point_config import ConfigError, load_point_config

# Keras imports these when they are installed (its DataFrame adapters, image and signal helpers),
# and the trainer uses none of them: it feeds the tensors it makes. They were ~1.7 of a rank's
# ~6.2 CPU seconds of `import keras, tensorflow, horovod` (median of 4, AMD EPYC), paid by every
# rank of every job. A None in sys.modules makes their import raise ImportError, which Keras
# reads as "not installed". Only the trainer's own process: a harness or test process that
# imports the trainer's modules keeps them.
NOT_IMPORTED = ("pandas", "scipy", "pyarrow")


def skip_unused_imports() -> None:
    for name in NOT_IMPORTED:
        sys.modules.setdefault(name, None)  # one already imported stays


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scalestudy.trainer", description=__doc__)
    parser.add_argument("--config", required=True, help="point.json written by the harness")
    parser.add_argument("--expect-ranks", type=int, help="override config expect_ranks")
    parser.add_argument("--expect-ranks-per-node", type=int)
    parser.add_argument("--log-dir", help="override config log_dir")
    args = parser.parse_args(argv)
    try:
        cfg = load_point_config(args.config)
    except ConfigError as exc:
        print(f"scalestudy.trainer: bad configuration:\n{exc}", file=sys.stderr)
        return step_log.EXIT_CONFIG
    if args.expect_ranks:
        cfg.expect_ranks = args.expect_ranks
    if args.expect_ranks_per_node:
        cfg.expect_ranks_per_node = args.expect_ranks_per_node
    if args.log_dir:
        cfg.log_dir = args.log_dir

    skip_unused_imports()
    from scalestudy.trainer.loop import run

    return run(cfg)


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    if code in (step_log.EXIT_FAILED, step_log.EXIT_OUT_OF_MEMORY):
        # Skip interpreter teardown (Horovod's shutdown would wait on the other ranks, which
        # may wait in a collective this rank left): exit now so the launcher sees the failure
        # and ends every rank. An allocation that failed on one rank only (out of memory) is
        # such a failure too: seen as a hang when Horovod's allgather could not allocate.
        os._exit(code)
    # Every file the run wrote is closed by now (the step log is written with os.write and
    # closed, the MLPerf log's handler closed, checkpoints and weights by their writers), and
    # what the interpreter's exit would still do is Horovod's shutdown (MPI_Finalize: a launcher
    # counts a rank that skips it as failed) and the teardown of TensorFlow's objects and
    # modules: ~1.5 CPU s a 2-rank run (a tiny 20-step run, 0.885x its CPU seconds; issue #43),
    # paid by every run of every sweep and test for nothing. So shut Horovod down here and exit.
    hvd = sys.modules.get("horovod.tensorflow")
    if hvd is not None:
        hvd.shutdown()
    os._exit(code)
