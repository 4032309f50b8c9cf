"""The run's events in MLPerf's `:::MLLOG` format (logs/mllog.log, rank 0), so tools that read
MLPerf training logs read ours; written through the `mlperf-logging` package.

Written once, after training, from what the loop recorded (each event keeps the time it
happened, `time_ms`): logging while steps are timed would perturb them. The step log stays the
record of measurement; this file is a view of it. Not an MLPerf submission: no benchmark's
rules are claimed (the Transformer here trains to a step count, not a quality target).
"""

from __future__ import annotations

import logging
from pathlib import Path

MLLOG_FILE = "mllog.log"


def write(
    log_dir: str,
    *,
    run_start: float,
    init_start: float,
    global_batch_tokens: int,
    peak_lr: float,
    seed: int,
    first_timed_step: int | None,
    steps: list[dict],
    status: str,
) -> Path:
    """Events of one run (times in seconds since the epoch): init, run start, the timed block,
    one `tracked_stats` per step (tokens/s, loss), run stop with its status."""
    from mlperf_logging import mllog
    from mlperf_logging.mllog import constants as c

    path = Path(log_dir) / MLLOG_FILE
    logger = logging.getLogger("scalestudy.mllog")
    logger.propagate = False  # the file only: the job's output stays the launcher's
    logger.setLevel(logging.INFO)
    handler = logging.FileHandler(path, mode="w")
    logger.addHandler(handler)
    mllog.config(logger=logger, default_stack_offset=2)
    log = mllog.get_mllogger()

    def ms(t: float) -> int:
        return round(t * 1000)

    try:
        log.event(c.SUBMISSION_BENCHMARK, c.TRANSFORMER, time_ms=ms(init_start))
        log.start(c.INIT_START, time_ms=ms(init_start))
        log.event(c.SEED, seed, time_ms=ms(init_start))
        log.event(
            c.GLOBAL_BATCH_SIZE,
            global_batch_tokens,
            metadata={"unit": "tokens"},
            time_ms=ms(init_start),
        )
        log.event(c.OPT_NAME, c.ADAM, time_ms=ms(init_start))
        log.event(c.OPT_BASE_LR, peak_lr, time_ms=ms(init_start))
        log.end(c.INIT_STOP, time_ms=ms(run_start))
        log.start(c.RUN_START, time_ms=ms(run_start))
        timed = [s for s in steps if s["timed"]]
        if first_timed_step is not None and timed:
            block = {"first_step_num": first_timed_step, "step_count": len(timed)}
            log.start(c.BLOCK_START, metadata=block, time_ms=ms(timed[0]["t"] - timed[0]["step_s"]))
        for s in steps:
            log.event(
                "tracked_stats",
                {
                    "tokens_per_s_this_rank": s["tokens"]["total"] / s["step_s"],
                    "loss": s["loss"],
                },
                metadata={"step": s["step"], "timed": s["timed"]},
                time_ms=ms(s["t"]),
            )
        end = steps[-1]["t"] if steps else run_start
        if first_timed_step is not None and timed:
            log.end(c.BLOCK_STOP, metadata=block, time_ms=ms(timed[-1]["t"]))
        log.end(
            c.RUN_STOP,
            metadata={c.STATUS: c.SUCCESS if status == "completed" else c.ABORTED, "why": status},
            time_ms=ms(end),
        )
    finally:
        logger.removeHandler(handler)
        handler.close()
    return path
