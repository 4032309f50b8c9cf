"""Each named bug put back on purpose, one at a time, and the tests that must catch it run:
the record that a test can fail for the bug it is about (issue #32 item 6). A mutation is a
file, an exact text and its broken replacement, and the tests (pytest node ids or -k
expressions) that must then fail. The file is restored after each, whatever happens.

A mutation whose text is no longer in the file is reported as STALE (the code moved: update
the mutation, do not drop it). Exit 0 when every mutation was caught, 1 otherwise.

Usage: .venv/bin/python scripts/break_checks.py [--only NAME[,NAME]] [--slow]
(--slow adds the ones that need a trainer under mpirun: about a minute each.)
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Mutation:
    name: str
    file: str
    old: str
    new: str
    tests: list[str]
    slow: bool = False


MUTATIONS = [
    Mutation(
        "the partition is chosen by the nodes alone (a long job or bundle in the short queue)",
        "scalestudy/profiles.py",
        "            fitting = timed or fitting\n",
        "            fitting = fitting\n",
        [
            "tests/unit/test_plan_walltime.py::"
            "test_the_partition_chosen_takes_the_jobs_time_and_render_agrees"
        ],
    ),
    Mutation(
        "a change's ratio interval 40% too narrow (its coverage of the true ratio unmeasured)",
        "scalestudy/history/changes.py",
        "    half = t_quantile(0.5 + confidence / 2.0, df) * math.sqrt(v)\n",
        "    half = 0.6 * t_quantile(0.5 + confidence / 2.0, df) * math.sqrt(v)\n",
        ["tests/unit/test_history.py::test_a_found_changes_ratio_interval_covers_the_true_ratio"],
    ),
    Mutation(
        "a change candidate that failed its test still bounds its neighbours' windows",
        "scalestudy/history/changes.py",
        "        del cands[max(failed)[1]]\n",
        "        return [t.change for t in tested if t is not None and t.ok]\n",
        [
            "tests/unit/test_history.py::"
            "test_a_candidate_the_noise_proposed_does_not_cut_a_real_changes_window"
        ],
    ),
    Mutation(
        "the report's MPI is the capture's, not what the ranks loaded",
        "scalestudy/formats/env_capture.py",
        "    if libs:\n        return libs\n",
        "    if libs:\n        return []\n",
        ["tests/unit/test_loaded_mpi.py::test_each_ranks_library_is_read_from_its_header"],
    ),
    Mutation(
        "doctor takes any MPI the ranks loaded",
        "scalestudy/doctor.py",
        "    if families != {profile.mpi}:\n",
        "    if not families:\n",
        [
            "tests/unit/test_loaded_mpi.py::"
            "test_doctor_judges_what_the_ranks_loaded_against_the_profile"
        ],
    ),
    Mutation(
        "the history takes a lock (fails where flock fails)",
        "scalestudy/history/store.py",
        "    runs = output_folder(history / RUNS, option)\n",
        "    runs = output_folder(history / RUNS, option)\n"
        '    __import__("scalestudy.fileio").fileio.FolderLock(runs / ".lock").__enter__()\n',
        [
            "tests/unit/test_history.py::test_two_concurrent_adds_where_locks_fail_lose_nothing",
            "tests/unit/test_history.py::"
            "test_two_concurrent_collects_add_their_runs_once_where_the_history_cannot_lock",
        ],
    ),
    Mutation(
        "a history entry's name hashes when it was added (the same run twice: two entries)",
        "scalestudy/history/store.py",
        'msgspec.structs.replace(entry, added_at=0.0, source="", label="")',
        "entry",
        [
            "tests/unit/test_history.py::test_the_same_run_twice_is_counted_once_and_an_update_replaces_it"
        ],
    ),
    Mutation(
        "the oldest version of a run stands",
        "scalestudy/history/store.py",
        "        max(g, key=lambda ne: (ne[1].added_at, len(ne[1].attempts), ne[0]))[1]",
        "        min(g, key=lambda ne: (ne[1].added_at, len(ne[1].attempts), ne[0]))[1]",
        [
            "tests/unit/test_history.py::test_the_same_run_twice_is_counted_once_and_an_update_replaces_it"
        ],
    ),
    Mutation(
        "two campaigns without job ids or clocks taken for one run",
        "scalestudy/history/store.py",
        "    if job is None and start is None:  # no clock",
        "    if False:  # no clock",
        ["tests/unit/test_history.py::test_a_new_campaign_of_the_same_sweep_is_a_new_run"],
    ),
    Mutation(
        "the history gate passes damaged entries it did not read",
        "scalestudy/history/judge.py",
        " or (damaged and not allow_unjudged)\n",
        " or False\n",
        ["tests/unit/test_history.py::test_a_damaged_entry_is_said_and_skipped"],
    ),
    Mutation(
        "a change's provenance read from the run before it alone",
        "scalestudy/history/series.py",
        "envdiff.compare(capture_of(before), capture_of(after))",
        "envdiff.compare(capture_of(before), capture_of(before))",
        [
            "tests/unit/test_history.py::test_a_change_is_found_at_its_run_on_the_points_it_hit_with_what_changed"
        ],
    ),
    Mutation(
        "a change's ratio inverted (before / after)",
        "scalestudy/history/changes.py",
        "    d = ma - mb\n",
        "    d = mb - ma\n",
        [
            "tests/unit/test_history.py::test_a_change_is_found_at_its_run_on_the_points_it_hit_with_what_changed",
            "tests/unit/test_history.py::test_a_step_is_judged_with_the_t_test_it_states",
        ],
    ),
    Mutation(
        "a change's t test with one degree of freedom too many",
        "scalestudy/history/changes.py",
        "    df = max(1, len(before) + len(after) - 2)",
        "    df = max(1, len(before) + len(after) - 1)",
        ["tests/unit/test_history.py::test_a_step_is_judged_with_the_t_test_it_states"],
    ),
    Mutation(
        "a one-run history does not say so",
        "scalestudy/history/cli.py",
        "    if len(runs) < 2:\n        text += render.ONE_RUN",
        "    if len(runs) < 1:\n        text += render.ONE_RUN",
        ["tests/unit/test_history.py::test_a_one_run_history_says_so_and_draws_no_trend"],
    ),
    Mutation(
        "history's --point keeps every label",
        "scalestudy/history/cli.py",
        "        if want_label is not None and s.label != want_label:",
        "        if False:",
        [
            "tests/unit/test_history.py::"
            "test_a_change_is_found_at_its_run_on_the_points_it_hit_with_what_changed"
        ],
    ),
    Mutation(
        "an outlier run taken for a change (no leave-one-out)",
        "scalestudy/history/changes.py",
        "    ok = p < alpha and _persists(x, var, b, a, alpha)",
        "    ok = p < alpha",
        ["tests/unit/test_history.py::test_one_slow_run_is_no_change"],
    ),
    Mutation(
        "compare reads only NEW's repeats for the per-point rule",
        "scalestudy/compare/analysis.py",
        "    if min(n_base, n_new) < min_samples:",
        "    if n_new < min_samples:",
        ["tests/unit/test_compare_noise.py"],
    ),
    Mutation(
        "intervals labelled 95% computed at 99%",
        "scalestudy/uncertainty/model.py",
        "    half = t_quantile(0.5 + confidence / 2.0, df) * math.sqrt(var)",
        "    half = t_quantile(0.5 + 0.99 / 2.0, df) * math.sqrt(var)",
        ["tests/unit/test_compare_noise.py", "tests/unit/test_uncertainty_model.py"],
    ),
    Mutation(
        "at_most's tolerance applied the wrong way",
        "scalestudy/sweepfile/expectations.py",
        'if kind == "at_least" else value * (1 + e.tolerance)',
        'if kind == "at_least" else value * (1 - e.tolerance)',
        ["tests/unit/test_check_verdicts.py"],
    ),
    Mutation(
        "a reference bound's direction swapped",
        "scalestudy/sweepfile/expectations.py",
        'kind = "at_least" if METRICS[e.metric].better == "higher" else "at_most"',
        'kind = "at_most" if METRICS[e.metric].better == "higher" else "at_least"',
        ["tests/unit/test_check_verdicts.py"],
    ),
    Mutation(
        "peak_memory_gib in 1e9 bytes",
        "scalestudy/formats/metrics.py",
        'column="peak_rss_max", scale=1 / 2**30',
        'column="peak_rss_max", scale=1e-9',
        ["tests/unit/test_check_verdicts.py"],
    ),
    Mutation(
        "archive: links not resolved through each other before writing",
        "scalestudy/archive.py",
        "            if landing is None:\n",
        "            if landing is None and False:\n",
        ["tests/unit/test_archive.py"],
    ),
    Mutation(
        "archive: declared sizes not capped",
        "scalestudy/archive.py",
        "        if total > cap:",
        "        if False:",
        ["tests/unit/test_archive.py"],
    ),
    Mutation(
        "archive: no compression-ratio bound",
        "scalestudy/archive.py",
        "        if self.written > RATIO_FLOOR and self.written > self.ratio * read:",
        "        if False:",
        ["tests/unit/test_archive.py"],
    ),
    Mutation(
        "collect: the footer's tokens/s not checked against the step records",
        "scalestudy/collect/clocks.py",
        "    if footer_tps <= 0 or abs(records_tps / footer_tps - 1) > allowed:",
        "    if footer_tps <= 0:",
        ["tests/unit/test_clocks.py"],
    ),
    Mutation(
        "compare: checked and unchecked throughputs compared",
        "scalestudy/compare/analysis.py",
        "    if not trains or (b.unclocked > 0) == (n.unclocked > 0):",
        "    if True:",
        ["tests/unit/test_compare_noise.py"],
    ),
    Mutation(
        "report: a probe longer than its step used as the compute time",
        "scalestudy/collect/rows.py",
        "    return probe if usable else None",
        "    return probe",
        ["tests/unit/test_clocks.py"],
    ),
    Mutation(
        "an output folder made without a check (a traceback, exit 4)",
        "scalestudy/fileio.py",
        'naming the option that gave it."""\n',
        'naming the option that gave it."""\n    path.mkdir(parents=True, exist_ok=True)\n'
        "    return path\n",
        ["tests/unit/test_output_paths.py"],
    ),
    # issue #35 point 7: changes that once left the CPU suite green
    Mutation(
        "rebuild: the last attempt dropped when a middle one's folder is missing",
        "scalestudy/executors/rebuild.py",
        "                for k in range(1, max(found) + 1)\n",
        "                for k in range(1, len(found) + 1)\n",
        ["tests/unit/test_hand_counts.py"],
    ),
    Mutation(
        "memory model: live_passes rounded down",
        "scalestudy/cost_models/memory_model.py",
        "    return -(-config.micro_batches // 2)",
        "    return max(config.micro_batches // 2, 1)",
        ["tests/unit/test_hand_counts.py"],
    ),
    Mutation(
        "collect: the strategies' counters hard-coded back (a registered one's column lost)",
        "scalestudy/collect/rows.py",
        "        for counter in strategies.counters():\n",
        "        for counter in strategies.SPARSE_REDUCE.counters + strategies.SHARDED_EMBEDDING"
        ".counters:\n",
        ["tests/unit/test_strategy_counters.py"],
    ),
    Mutation(
        "rows check: the gradient's counts read by three hard-coded names",
        "scalestudy/collect/rows_check.py",
        "        form = {k: getattr(grad, k) for k in counts}\n",
        '        form = {k: getattr(grad, k, None) for k in ("unique_rows", "union_rows", '
        '"served_rows")}\n',
        ["tests/unit/test_strategy_counters.py"],
    ),
    Mutation(
        "legacy: a table without timing read at PointConfig's default (overlapped)",
        "scalestudy/report/legacy.py",
        'TABLE_TIMING = "phases"\n',
        'TABLE_TIMING = "overlapped"\n',
        ["tests/unit/test_legacy_config.py"],
    ),
    Mutation(
        "sharded lookup: every micro-batch's lookup carries all of U_r",
        "scalestudy/cost_models/strategies.py",
        "    u = s.unique / lookups",
        "    u = s.unique",
        ["tests/unit/test_hand_counts.py"],
    ),
    Mutation(
        "mesh: no allreduce of the projection's input",
        "scalestudy/cost_models/mesh.py",
        " + s.real * h\n",
        "\n",
        ["tests/unit/test_hand_counts.py"],
    ),
    Mutation(
        "mesh: ring factor 2 instead of 2(M-1)/M",
        "scalestudy/cost_models/mesh.py",
        "    return 2.0 * (model - 1) / model * logical",
        "    return 2.0 * logical",
        ["tests/unit/test_hand_counts.py"],
    ),
    Mutation(
        "crossover: the cross entropy's allreduce calls not counted",
        "scalestudy/report/crossover.py",
        "(2 * e + 4 * d + 1) + mesh_layout.XENT_TERMS",
        "(2 * e + 4 * d + 1)",
        ["tests/unit/test_hand_counts.py"],
    ),
    Mutation(
        "flops: no cross-attention scores",
        "scalestudy/cost_models/flops.py",
        " + 2 * 2 * n * lt * ls * h\n",
        "\n",
        ["tests/unit/test_hand_counts.py", "tests/unit/test_flops.py"],
    ),
    Mutation(
        "layering: a bottom layer's module imports the plan (an upward import and a cycle)",
        "scalestudy/templating.py",
        "from __future__ import annotations\n",
        "from __future__ import annotations\n\n\ndef _up():\n    from scalestudy import plan\n",
        [
            "tests/unit/test_import_boundaries.py::"
            "test_each_layer_imports_only_the_layers_below_it_lazy_imports_included",
            "tests/unit/test_import_boundaries.py::"
            "test_no_import_cycle_between_the_package_parts_lazy_imports_included",
        ],
    ),
    Mutation(
        "layering: a part imports a peer of its own layer (status -> views, no cycle)",
        "scalestudy/status.py",
        "from __future__ import annotations\n",
        "from __future__ import annotations\n\n\ndef _peer():\n    from scalestudy import views\n",
        [
            "tests/unit/test_import_boundaries.py::"
            "test_each_layer_imports_only_the_layers_below_it_lazy_imports_included"
        ],
    ),
    Mutation(
        "trainer: the compute probe inside the timed window (round 3's order)",
        "scalestudy/trainer/loop.py",
        "    timing = _timing_summary(run.tf, run.hvd, out, cfg.mesh.model) if out.timed else {}",
        "    out.window_end = pc()\n"
        "    timing = _timing_summary(run.tf, run.hvd, out, cfg.mesh.model) if out.timed else {}",
        [
            "tests/mpi/test_throughput_clocks.py::test_footer_throughput_agrees_with_the_step_records"
        ],
        slow=True,
    ),
    Mutation(
        "trainer: the timed window closed after the loop (a stall after the last step inside it)",
        "scalestudy/trainer/loop.py",
        "    prefetch.shutdown(wait=False, cancel_futures=True)\n    return out\n",
        "    prefetch.shutdown(wait=False, cancel_futures=True)\n"
        "    out.window_end = pc()\n    return out\n",
        [
            "tests/mpi/test_throughput_clocks.py::"
            "test_a_stall_after_the_last_timed_step_is_outside_the_window"
        ],
        slow=True,
    ),
    Mutation(
        "sharded resume: only rank 0 restores its checkpoint (the others keep their first shard)",
        "scalestudy/trainer/loop.py",
        "    ckpt.restore(path)\n    return step + 1\n",
        "    if rank == 0:\n        ckpt.restore(path)\n    return step + 1\n",
        [
            "tests/mpi/test_exchange_sharded_embedding.py::"
            "test_sharded_run_resumes_from_every_ranks_own_checkpoint"
        ],
        slow=True,
    ),
    Mutation(
        "trainer: the phased step applies its update at a rate 0.1% off the overlapped step's",
        "scalestudy/trainer/step.py",
        "    def _apply_fn(self, grads, lr):\n        self.optimizer.learning_rate.assign(lr)\n",
        "    def _apply_fn(self, grads, lr):\n"
        "        self.optimizer.learning_rate.assign(lr * 1.001)\n",
        [
            "tests/mpi/test_trainer_math.py::"
            "test_overlapped_phases_and_distributed_gradient_tape_give_the_same_weights"
        ],
        slow=True,
    ),
    Mutation(
        "projection: a spread growing with N as a trend not said (its slope read as flat)",
        "scalestudy/uncertainty/model.py",
        "            and self.fitted_trend[1] > 0\n",
        "            and self.fitted_trend[1] > 9\n",
        ["tests/unit/test_spread_growth_note.py"],
    ),
    Mutation(
        "projection: unequal spreads said to grow whichever size has the largest",
        "scalestudy/uncertainty/model.py",
        "            if s1 >= max(s for _, s, _ in self.by_size) and s1 > s0:\n",
        "            if s1 != s0:\n",
        ["tests/unit/test_spread_growth_note.py::test_equal_or_shrinking_spreads_do_not_grow"],
    ),
    Mutation(
        "projection: a spread rising with N not extrapolated to the projected size",
        "scalestudy/report/projection/select.py",
        "    out *= np.exp(spread)\n",
        "    out *= 1.0\n",
        [
            "tests/unit/test_projection_forms.py::"
            "test_the_interval_covers_a_size_whose_spread_grows_with_n"
        ],
    ),
    Mutation(
        "projection: the extra spread drawn past the largest size's whole, not its excess",
        "scalestudy/report/projection/noise.py",
        "        extra = np.clip(factor * np.exp(log_s2) - carried_var, 0.0, None)\n",
        "        extra = factor * np.exp(log_s2)\n",
        [
            "tests/unit/test_spread_growth_note.py::"
            "test_the_projected_sizes_extra_spread_is_drawn_only_where_the_spread_rises"
        ],
    ),
    Mutation(
        "projection: each size's median fitted instead of its level (the mean log of its units)",
        "scalestudy/report/projection/noise.py",
        "    return math.exp(sum(u) / len(u)) if u else math.nan\n",
        "    return math.exp(sorted(u)[len(u) // 2]) if u else math.nan\n",
        [
            "tests/unit/test_projection_level.py::"
            "test_the_projection_fits_the_levels_so_a_skew_shared_by_every_size_does_not_shift_it"
        ],
    ),
    Mutation(
        "projection: a level drawn with one unit's spread, not its mean's (sqrt(k) left out)",
        "scalestudy/report/projection/noise.py",
        "    return s / math.sqrt(len(model.units(samples[x]))), df  # a mean of k units\n",
        "    return s, df\n",
        [
            "tests/unit/test_projection_level.py::"
            "test_the_levels_drawn_carry_the_pooled_spread_over_the_square_root_of_the_units"
        ],
    ),
    Mutation(
        "projection: no step form offered (a regime change projected by single terms alone)",
        "scalestudy/report/projection/empirical.py",
        "    return terms + (steps_seen(samples, terms, found) if samples else [])\n",
        "    return terms\n",
        [
            "tests/unit/test_projection_steps.py::"
            "test_a_step_at_16_nodes_is_seen_and_projects_the_regime_above_it"
        ],
    ),
    Mutation(
        "projection: each step form tested at 5% alone (no Bonferroni over the forms tested)",
        "scalestudy/report/projection/empirical.py",
        "    level = 1.0 - STEP_LEVEL / 2.0 / len(tested)\n",
        "    level = 1.0 - STEP_LEVEL / 2.0\n",
        [
            "tests/unit/test_projection_steps.py::"
            "test_a_step_is_offered_in_at_most_about_5_percent_of_runs_whose_base_fits_them",
            "tests/unit/test_projection_steps.py::"
            "test_a_strong_step_is_offered_in_at_most_about_5_percent_of_runs_whose_base_fits_them",
        ],
    ),
    Mutation(
        "projection: a step form's step starting one size above its named size",
        "scalestudy/report/projection/empirical.py",
        "        step = 1.0 if x >= self.at * (1 - 1e-9) else 0.0",
        "        step = 1.0 if x > self.at else 0.0",
        [
            "tests/unit/test_projection_steps.py::"
            "test_a_step_at_16_nodes_is_seen_and_projects_the_regime_above_it"
        ],
    ),
    Mutation(
        "projection: the interval draws forms weighed by sizes that cannot test them",
        "scalestudy/report/projection/select.py",
        "    return Selection(scored, value_w, held, drawn, draw_w)\n",
        "    return Selection(scored, value_w, held, scored, value_w)\n",
        [
            "tests/unit/test_projection_steps.py::"
            "test_a_jump_in_the_largest_size_alone_stays_in_the_interval_but_not_in_the_value"
        ],
    ),
    Mutation(
        "projection: the interval's draw weights blind to the held-out levels' noise",
        "scalestudy/report/projection/select.py",
        "    draw_w = _weights(drawn, noise_var)\n",
        "    draw_w = _weights(drawn)\n",
        [
            "tests/unit/test_projection_noise_weights.py::"
            "test_the_step_change_under_a_spread_growing_as_sqrt_n_is_covered"
        ],
    ),
    Mutation(
        "projection: a form's own error held at zero in the noise-aware draw weights",
        "scalestudy/report/projection/select.py",
        "    return float((-0.5 * (np.log(total) + e2[None, :] / total)).mean(axis=1).max())\n",
        "    return float((-0.5 * (np.log(total) + e2[None, :] / total)).mean(axis=1)[0])\n",
        [
            "tests/unit/test_projection_noise_weights.py::"
            "test_the_weights_match_the_likelihood_maximised_by_scipy"
        ],
    ),
    Mutation(
        "projection: the value weighs a form only where it can be tested (an untested step wins)",
        "scalestudy/report/projection/select.py",
        "    value_w = _weights(scored)\n",
        "    value_w = _weights(drawn)\n",
        [
            "tests/unit/test_projection_steps.py::"
            "test_a_jump_in_the_largest_size_alone_stays_in_the_interval_but_not_in_the_value"
        ],
    ),
    Mutation(
        "projection: a level's drawn log deviation not bounded (a Cauchy draw overflows exp)",
        "scalestudy/report/projection/noise.py",
        "        out[i] = np.exp(centre + np.clip(step, -LOG_CLIP, LOG_CLIP))\n",
        "        out[i] = np.exp(centre + step)\n",
        [
            "tests/unit/test_projection_level.py::"
            "test_a_cauchy_level_draw_past_exps_range_leaves_the_interval_finite"
        ],
    ),
    Mutation(
        "crossover: the compute draws of two rows not bounded (a Cauchy draw overflows exp)",
        "scalestudy/report/analysis.py",
        "        return np.exp(centre + step) / median\n",
        "        return np.exp(centre + scale * math.sqrt(e.n / (e.n + more)) * z) / median\n",
        [
            "tests/unit/test_mesh_crossover.py::"
            "test_the_compute_draws_of_two_rows_stay_finite_where_a_cauchy_draw_passes_exps_range"
        ],
    ),
    Mutation(
        "capture record: an attempt's entry reused whatever its files (a changed env/ unseen)",
        "scalestudy/compare/envdiff.py",
        "            files = _attempt_signature(stats)\n",
        "            files = ([], True)\n",
        ["tests/unit/test_capture_cache.py::test_a_changed_file_is_read_again"],
    ),
    Mutation(
        "capture record: an attempt's signature of its folders only (a file rewritten unseen)",
        "scalestudy/compare/envdiff.py",
        "        [stats.job, stats.env, stats.logs, *stats.env_files, *stats.log_files.values()]\n",
        "        [stats.job, stats.env, stats.logs]\n",
        [
            "tests/unit/test_capture_cache.py::"
            "test_a_file_rewritten_in_place_is_read_again_though_its_folder_is_unchanged"
        ],
    ),
    Mutation(
        "capture record: a damaged capture's note said only by a gather that read a file",
        "scalestudy/compare/envdiff.py",
        '            cap.notes += one["notes"]\n',
        '            cap.notes += one["notes"] if cache.misses else []\n',
        ["tests/unit/test_capture_cache.py::test_a_damaged_capture_is_said_on_every_gather"],
    ),
    Mutation(
        "trainer: rank 0's initial state broadcast to no one (a resumed rank 1 keeps its own)",
        "scalestudy/trainer/loop.py",
        "    if hvd.size() == 1:\n        return\n    import tensorflow as tf\n",
        "    if hvd.size() >= 1:\n        return\n    import tensorflow as tf\n",
        [
            "tests/mpi/test_trainer_math.py::"
            "test_overlapped_phases_and_distributed_gradient_tape_give_the_same_weights"
        ],
        slow=True,
    ),
    Mutation(
        "trainer: the fast exit without Horovod's shutdown (MPI_Finalize skipped)",
        "scalestudy/trainer/__main__.py",
        "        hvd.shutdown()\n",
        "        pass\n",
        [
            "tests/mpi/test_trainer_mpi.py::test_wire_bytes_match_ring_model[sparse_reduce-True-none]"
        ],
        slow=True,
    ),
    Mutation(
        "sparse_reduce's alltoall bytes: the int32 splits of one peer (right at 2 ranks only)",
        "scalestudy/cost_models/comm_model.py",
        "    splits = 4 * (size - 1)\n",
        "    splits = 4\n",
        [
            "tests/mpi/test_exchange_sparse_reduce.py::"
            "test_sparse_reduce_bytes_are_the_formula_on_real_tensors[untied-overlapped-3]"
        ],
        slow=True,
    ),
    Mutation(
        "points.jsonl: a /2 record read as stored, not upgraded to today's full view",
        "scalestudy/report/legacy.py",
        '    config = record.get("config") or {}\n    identity =',
        '    if record.get("schema") == POINTS_SCHEMA:\n        return record\n'
        '    config = record.get("config") or {}\n    identity =',
        ["tests/unit/test_points_record.py"],
    ),
    Mutation(
        "collect: the last results.csv's lines reused though the file changed since",
        "scalestudy/collect/tables.py",
        '    csv_as_written = raw is not None and _digest(raw) == entry["csv"]',
        "    csv_as_written = raw is not None",
        ["tests/unit/test_results_tables.py"],
    ),
    Mutation(
        "strategies: a counter may take a field every step record holds",
        "scalestudy/cost_models/strategies.py",
        "        if self.field in FIXED_FIELDS[self.record]:",
        "        if False:",
        ["tests/unit/test_strategy_counters.py"],
    ),  # issue #44 point 7: bugs a review put into round 4's statistics, and the model's own
    Mutation(
        "compare: a strong-scaling efficiency ratio's weights swapped (NEW's t0 and t)",
        "scalestudy/compare/analysis.py",
        "        sets = [n0.step_samples, n.step_samples, b0.step_samples, b.step_samples]",
        "        sets = [n.step_samples, n0.step_samples, b0.step_samples, b.step_samples]",
        ["tests/unit/test_decisions.py"],
    ),
    Mutation(
        "compare: within TOL judged on the point estimate, not the interval's lower end",
        "scalestudy/compare/analysis.py",
        "    elif r.lo >= threshold:",
        "    elif r.value >= threshold:",
        ["tests/unit/test_decisions.py"],
    ),
    Mutation(
        "report --check: rows that failed the clock check judged as samples",
        "scalestudy/report/scaling.py",
        '    rows = v.rows[(v.rows["workers"] == workers) & (v.rows["status"] == "completed")]',
        '    rows = v.rows[(v.rows["workers"] == workers) & (v.rows["status"] != "failed")]',
        ["tests/unit/test_decisions.py"],
    ),
    Mutation(
        "plan: the detectable slowdown's half-width off by a factor of two",
        "scalestudy/compare/power.py",
        "    half = t_quantile(0.5 + level / 2.0, design.df) * cv * math.sqrt(2.0 / design.units)",
        "    half = t_quantile(0.5 + level / 2.0, design.df) * cv * math.sqrt(2.0 / design.units)"
        " / 2",
        ["tests/unit/test_compare_noise.py"],
    ),
    Mutation(
        "noise model: variants sharing a bundled size's allocations counted as independent",
        "scalestudy/uncertainty/model.py",
        "        share_df[key] = max(share_df.get(key, 0), len(u) - 1)",
        "        share_df[(key, i)] = len(u) - 1",
        ["tests/unit/test_uncertainty_model.py", "tests/unit/test_compare_noise.py"],
    ),
    Mutation(
        "noise model: Bartlett's small-sample correction dropped",
        "scalestudy/uncertainty/model.py",
        "    correction = 1.0 + (sum(1.0 / d for _, d in groups) - 1.0 / total) / (3.0 * (k - 1))",
        "    correction = 1.0",
        ["tests/unit/test_uncertainty_model.py"],
    ),
    Mutation(
        "noise model: a paired ratio narrower than its own allocations' spread",
        "scalestudy/uncertainty/model.py",
        "        if own_floor and len(u) >= 2:  # never below its own spread: pooling adds df only",
        "        if False:",
        ["tests/unit/test_report_paired.py", "tests/unit/test_uncertainty_model.py"],
    ),
    Mutation(
        "noise model: the spread pooled across N where it grows with N (no trend fitted)",
        "scalestudy/uncertainty/model.py",
        "        if 2.0 / worst >= TREND_MIN_DF:",
        "        if False:",
        [
            "tests/unit/test_uncertainty_model.py",
            "tests/unit/test_coverage.py",
            "-k",
            "trend or sqrt",
        ],
    ),
    Mutation(
        "noise model: the trend's sizes taken as independent estimates (Welch df, no covariance)",
        "scalestudy/uncertainty/model.py",
        "    if noise.trend and by_trend and all(z is not None and z > 0 for _, z, _ in terms):",
        "    if False:",
        ["tests/unit/test_uncertainty_model.py", "-k", "trend"],
    ),
    Mutation(
        "noise model: no outlier allocation ever set aside",
        "scalestudy/uncertainty/model.py",
        "        if abs(z) > cut and (best is None or abs(z) / cut > abs(best[0]) / best[2]):",
        "        if False:",
        [
            "tests/unit/test_uncertainty_model.py",
            "tests/unit/test_coverage.py",
            "-k",
            "slow or outlier",
        ],
    ),
    Mutation(
        "noise model: the outlier screen's Bonferroni bound dropped (a 1.7-sd allocation out)",
        "scalestudy/uncertainty/model.py",
        "        cut = t_quantile(1.0 - level / (2.0 * len(all_keys)), noise.df)",
        "        cut = t_quantile(1.0 - level / 2.0, noise.df) / 2",
        [
            "tests/unit/test_uncertainty_model.py::test_one_slow_allocation_is_set_aside_and_only_then"
        ],
    ),
    Mutation(
        "report: the outlier screen's set-aside allocation kept in the points' samples",
        "scalestudy/report/scaling.py",
        "        for p, samples in zip(pts, kept, strict=True):",
        "        for p, samples in zip(pts, [getattr(p, attr) for p in pts], strict=True):",
        ["tests/unit/test_report_scaling.py", "-k", "slow_allocation"],
    ),
    Mutation(
        "compare: the outlier screen's set-aside allocation kept in a side's points",
        "scalestudy/compare/match.py",
        "                if a != done.set_aside",
        "                if a is not None",
        ["tests/unit/test_compare_noise.py", "-k", "slow_allocation"],
    ),
    Mutation(
        "Slurm times: a multi-day limit's (and sacct Elapsed's) hours dropped",
        "scalestudy/sbatch_options.py",
        "        return days * 1440 + a * 60 + (b or 0) + (c or 0) / 60",
        "        return days * 1440 + (b or 0) + (c or 0) / 60",
        ["tests/unit/test_plan_walltime.py", "tests/unit/test_clocks.py"],
    ),
    Mutation(
        "comm model: the allreduce ring's wire factor 2(N-1)/N taken as (N-1)/N",
        "scalestudy/cost_models/collectives.py",
        "    return 2.0 * (n - 1) / n",
        "    return 1.0 * (n - 1) / n",
        ["tests/unit/test_comm_fit.py"],
    ),
    Mutation(
        "projection CV holds out the smallest sizes, not the largest",
        "scalestudy/report/projection/select.py",
        "    return xs[-k:]",
        "    return xs[:k]",
        [
            "tests/unit/test_projection_forms.py::test_cv_holds_out_the_largest_sizes_and_scores_them_as_polyfit_does"
        ],
    ),
    Mutation(
        "projection forms ranked worst first",
        "scalestudy/report/projection/select.py",
        "    pairs.sort(key=lambda p: p[0].rms)",
        "    pairs.sort(key=lambda p: -p[0].rms)",
        ["tests/unit/test_projection_forms.py::test_an_exact_power_law_is_chosen_and_projected"],
    ),
    Mutation(
        "projection: every draw's refit weighted by the first draw's levels (not the measured)",
        "scalestudy/report/projection/empirical.py",
        "    w = 1.0 / (y2[:, 0] if level is None else np.asarray(level, dtype=float))\n",
        "    w = 1.0 / y2[:, 0]\n",
        [
            "tests/unit/test_projection_forms.py::"
            "test_each_draws_refit_is_weighted_by_the_measured_levels_not_by_the_first_draw"
        ],
    ),
    Mutation(
        "projection: the step test takes the pooled df where each size has its own spread",
        "scalestudy/report/projection/empirical.py",
        "        if var > 0 and abs(c2) > t_quantile(level, df) * math.sqrt(var):\n",
        "        if var > 0 and abs(c2) > t_quantile(level, found.df) * math.sqrt(var):\n",
        [
            "tests/unit/test_projection_steps.py::"
            "test_where_each_size_has_its_own_spread_the_step_test_keeps_its_5_percent"
        ],
    ),
    Mutation(
        "projection: draws whose refit falls through zero kept (negative step-time intervals)",
        "scalestudy/report/projection/select.py",
        "    fell = positive(out, values)\n",
        '    fell = ""\n',
        [
            "tests/unit/test_projection_forms.py::"
            "test_a_refit_that_falls_through_zero_leaves_a_positive_interval_and_says_so"
        ],
    ),
    Mutation(
        "projection: a form's draw weight raised to every held-out size, untestable ones too",
        "scalestudy/report/projection/select.py",
        "    raw = [(best / max(s.rms, FLOOR)) ** s.tested for s in scored]\n",
        "    raw = [(best / max(s.rms, FLOOR)) ** len(s.errors) for s in scored]\n",
        [
            "tests/unit/test_projection_steps.py::"
            "test_a_form_some_held_out_size_cannot_test_weighs_by_the_sizes_that_test_it"
        ],
    ),
    Mutation(
        "report --check judges a column without the report's outlier screen",
        "scalestudy/report/check.py",
        "    kept, _, noise = screened_noise([s for _, _, s in points], sizes, runs)\n",
        "    kept = [s for _, _, s in points]\n    noise = uncertainty.pooled(kept, sizes)\n",
        [
            "tests/unit/test_check_verdicts.py::"
            "test_a_bound_is_judged_on_the_screened_interval_the_report_prints"
        ],
    ),
    Mutation(
        "history's gate judges every sweep against the history's newest run (shared histories)",
        "scalestudy/history/cli.py",
        "judge.judge(s, tolerance, judge.newest_run(s, sweeps), first)",
        "judge.judge(s, tolerance, len(runs) - 1, first)",
        [
            "tests/unit/test_history.py::"
            "test_a_shared_histories_sweeps_are_each_judged_against_their_own_newest_run"
        ],
    ),
    Mutation(
        "history's JUnit file fails slower and unjudged whatever --strict and --allow-unjudged",
        "scalestudy/history/render.py",
        "        cases.append((name(j), message, j.outcome, fails(j.outcome, **opts)))\n",
        "        cases.append((name(j), message, j.outcome, fails(j.outcome)))\n",
        ["tests/unit/test_history.py::test_the_junit_file_fails_what_the_gate_fails_on"],
    ),
    Mutation(
        "compare's repeats-to-settle advice takes the pooled spread where sizes' spreads differ",
        "scalestudy/uncertainty/model.py",
        "    s, df = noise.at(size)\n    t = t_quantile(0.5 + confidence / 2.0, df)\n",
        "    s, df = noise.s, noise.df\n    t = t_quantile(0.5 + confidence / 2.0, df)\n",
        [
            "tests/unit/test_compare_noise.py::"
            "test_repeats_to_settle_take_the_spread_of_the_points_size_where_spreads_differ"
        ],
    ),
    Mutation(
        "compare blames the clocks for a point one side never measured",
        "scalestudy/compare/analysis.py",
        "    if not len(b.token_samples) or not len(n.token_samples):\n",
        "    if False:\n",
        [
            "tests/unit/test_compare_noise.py::test_a_point_not_measured_on_one_side_is_not_blamed_on_the_clocks"
        ],
    ),
    Mutation(
        "projection intervals twice too wide (the forms' error counted twice)",
        "scalestudy/report/projection/select.py",
        "targets, ys) * np.exp(err)\n",
        "targets, ys) * np.exp(2 * err)\n",
        [
            "tests/unit/test_projection_forms.py::test_the_interval_covers_the_measured_size_and_is_not_too_wide"
        ],
    ),
    Mutation(
        "projection interval without the forms' extrapolation error",
        "scalestudy/report/projection/select.py",
        "            err[:, j] = min(max(spread, FLOOR), CAP) * _t_quantile(z[idx], n)",
        "            err[:, j] = 0.0",
        [
            "tests/unit/test_projection_forms.py::test_the_interval_covers_the_measured_size_and_is_not_too_wide"
        ],
    ),
    Mutation(
        "the backtest's oracle interval one-sided (half its width)",
        "benchmarks/projection_backtest.py",
        "(math.exp(mu + z * sd) - math.exp(mu - z * sd))",
        "(math.exp(mu + z * sd) - math.exp(mu))",
        [
            "tests/unit/test_projection_backtest_bench.py::test_the_oracle_width_is_that_of_an_interval_of_the_errors_true_spread"
        ],
    ),
    Mutation(
        "Extra-P's measure left to its ModelGenerator (4.2.5 fits the means whatever was asked)",
        "benchmarks/projection_backtest.py",
        "    gen.modeler.use_measure = measure\n",
        "",
        ["tests/unit/test_backtest_beside_extrap.py"],
    ),
    Mutation(
        "the backtest's error difference resampled unpaired (two data sets' luck apart)",
        "benchmarks/projection_backtest.py",
        "np.median(a[idx], axis=1) - np.median(b[idx], axis=1)",
        "np.median(a[idx], axis=1) - np.median(b[idx[::-1]], axis=1)",
        [
            "tests/unit/test_projection_backtest_bench.py::test_the_error_difference_is_paired_and_its_interval_covers_the_true_difference"
        ],
    ),
    Mutation(
        "projection interval draws the chosen form only (no form uncertainty)",
        "scalestudy/report/projection/select.py",
        "size=n_draws, p=selection.draw_weights)",
        "size=n_draws, p=[1.0] + [0.0] * (len(selection.draw_weights) - 1))",
        ["tests/unit/test_projection_forms.py"],
    ),
    Mutation(
        "projection, strong scaling: the step forms on the effort's flat and log2 N terms",
        "scalestudy/report/projection/empirical.py",
        "    return (term.i - (1 if term.effort else 0), term.j) in STEP_TERMS\n",
        "    return (term.i, term.j) in STEP_TERMS\n",
        [
            "tests/unit/test_projection_steps.py::"
            "test_a_strong_scaling_step_is_in_the_step_time_and_projects_the_regime_above_it"
        ],
    ),
    Mutation(
        "projection, strong scaling: a step of the effort (c2 / N in the step time)",
        "scalestudy/report/projection/empirical.py",
        "        return [*Term(self.i, self.j, self.effort).columns(x), step]\n",
        "        return [c / x if self.effort else c\n"
        "                for c in [*Term(self.i, self.j).columns(x), step]]\n",
        [
            "tests/unit/test_projection_steps.py::"
            "test_a_strong_scaling_step_is_in_the_step_time_and_projects_the_regime_above_it"
        ],
    ),
    Mutation(
        "a step-times-only table not projected by the empirical forms",
        "scalestudy/report/projection/variant.py",
        "    made = select.choose(samples, candidates + forms, targets, found=found)",
        "    made = select.choose(samples, candidates, targets, found=found)",
        [
            "tests/unit/test_projection_forms.py::test_a_step_times_only_table_is_projected_and_backtested"
        ],
    ),
    Mutation(
        "strategies: the cheapest named on the medians alone, the intervals ignored",
        "scalestudy/report/strategies.py",
        "and any(c[k] <= c[best] for c in costs)]",
        "and centre[k] <= centre[best]]",
        ["tests/unit/test_choices.py"],
    ),
    Mutation(
        "strategies: R_r's and U_r's intervals left out of the corners",
        "scalestudy/report/strategies.py",
        "            ends.append(sorted({value} if e is None else {e.lo, value, e.hi}))",
        "            ends.append([value])",
        ["tests/unit/test_choices.py"],
    ),
    Mutation(
        "strategies: the time choice ignores the links' error",
        "scalestudy/report/strategies.py",
        "self.link_factors.get(c, 1.0) if spread_links else 1.0",
        "1.0 if spread_links else 1.0",
        ["tests/unit/test_choices.py"],
    ),
    Mutation(
        "strategies: the runs that would settle a tie counted one too many",
        "scalestudy/uncertainty/model.py",
        "            hi = mid\n        else:\n            lo = mid\n    return hi",
        "            hi = mid\n        else:\n            lo = mid\n    return hi + 1",
        ["tests/unit/test_choices.py"],
    ),
    Mutation(
        "mesh crossover: M named at the 5th percentile of the paired draws, not the 2.5th",
        "scalestudy/report/crossover.py",
        "    return float(np.percentile(b / a, 2.5)) > 1.0",
        "    return float(np.percentile(b / a, 5.0)) > 1.0",
        ["tests/unit/test_choices.py"],
    ),
    Mutation(
        "paired table: the faster variant named from the median, not the interval",
        "scalestudy/report/summary.py",
        "    if ratio.hi < 1.0:\n        return baseline",
        "    if ratio.value < 1.0:\n        return baseline",
        ["tests/unit/test_report_paired.py"],
    ),
    Mutation(
        "paired table: the allocations that would settle a tie counted without their df",
        "scalestudy/uncertainty/model.py",
        "        return t_quantile(p, e.df + m) * per_unit / math.sqrt(e.n + m) < gap",
        "        return t_quantile(p, e.df) * per_unit / math.sqrt(e.n + m) < gap",
        ["tests/unit/test_report_paired.py"],
    ),
    Mutation(
        "plan advice: a paired ratio keeps the allocation's part of the noise",
        "scalestudy/compare/power.py",
        "        per = math.sqrt(2.0 * noise.repeat**2 / design.repeats)",
        "        per = math.sqrt(2.0) * noise.unit(design)",
        ["tests/unit/test_plan_advice.py"],
    ),
    Mutation(
        "plan advice: more repeats shrink the allocation's part too",
        "scalestudy/compare/power.py",
        "        return math.sqrt(self.allocation**2 + self.repeat**2 / r)",
        "        return math.sqrt((self.allocation**2 + self.repeat**2) / r)",
        ["tests/unit/test_plan_advice.py"],
    ),
    Mutation(
        "plan advice: the repeat part read from the paired ratios without the ratio's 2",
        "scalestudy/compare/power.py",
        "        s_r = min(pairs.s * math.sqrt(r_prev / 2.0), measured.s)",
        "        s_r = min(pairs.s * math.sqrt(r_prev), measured.s)",
        ["tests/unit/test_plan_advice.py"],
    ),
    Mutation(
        "plan advice: a point's df counts the variants sharing an allocation as independent",
        "scalestudy/compare/power.py",
        "    df = shared * (k - 1)\n    p = 0.5 + LEVEL / 2.0",
        "    df = design.points * (k - 1)\n    p = 0.5 + LEVEL / 2.0",
        ["tests/unit/test_plan_advice.py"],
    ),
    Mutation(
        "mesh crossover: the runs that would settle a tie never change the draws",
        "scalestudy/report/crossover.py",
        "        a, b = best.draws_at(more), other.draws_at(more)",
        "        a, b = best.draws_at(0), other.draws_at(0)",
        ["tests/unit/test_choices.py"],
    ),
    Mutation(
        "mesh crossover: the compute per FLOP's draws narrow as 1 / runs, not 1 / sqrt(runs)",
        "scalestudy/report/analysis.py",
        "scale * math.sqrt(e.n / (e.n + more)) * z",
        "scale * (e.n / (e.n + more)) * z",
        ["tests/unit/test_choices.py"],
    ),
    Mutation(
        "figures: an error bar's length negative when the repeats agree (the report crashed)",
        "scalestudy/report/figures/common.py",
        "[nan if lo_ is None else max(0.0, v - lo_) for",
        "[nan if lo_ is None else v - lo_ for",
        [
            "tests/unit/test_figure_bands.py::test_an_error_bar_is_never_negative_when_the_repeats_agree"
        ],
    ),
    Mutation(
        "validate stops before the plan's rules when the sweep has problems (issue #46)",
        "scalestudy/plan.py",
        "        issues = unique([*exc.issues, *plan_issues(exc.partial)])",
        "        issues = unique([*exc.issues])",
        [
            "tests/unit/test_sweep_errors.py::test_every_problem_of_the_sweep_its_profile_and_its_plan_in_one_run"
        ],
    ),
    Mutation(
        "a profile's rules between keys skipped once one key is bad (issue #46)",
        "scalestudy/profiles.py",
        "        if bad and all(k not in fields or not fields[k].is_required() for k in bad):",
        "        if False:",
        [
            "tests/unit/test_sweep_errors.py::test_every_problem_of_the_sweep_its_profile_and_its_plan_in_one_run"
        ],
    ),
    Mutation(
        "render writes every point, the ones submit leaves out as out of memory too (issue #46)",
        "scalestudy/submit.py",
        "    for p in run:\n        k, adir = next_attempt_dir(sdir, data, p)",
        "    for p in points:\n        k, adir = next_attempt_dir(sdir, data, p)",
        [
            "tests/unit/test_plan_walltime.py::test_render_writes_exactly_the_jobs_plan_lists_and_submit_runs"
        ],
    ),
    Mutation(
        "a malformed #SBATCH value said as its bare pattern (issue #46)",
        "scalestudy/sbatch_options.py",
        '                f"{key.description}"\n            )',
        '                f"{key.pattern}"\n            )',
        [
            "tests/unit/test_sbatch_options.py::test_a_malformed_value_is_said_with_its_meaning_and_an_example"
        ],
    ),
    Mutation(
        "the cores error names its variant as a Python dict (issue #46)",
        "scalestudy/sweepfile/checks.py",
        '    where = f" (with {said})" if said else ""',
        '    where = f" (with {overrides})" if said else ""',
        [
            "tests/unit/test_sweep_errors.py::test_the_cores_error_names_the_variant_as_yaml_and_what_to_give"
        ],
    ),
    Mutation(
        "submit --dry-run writes the manifest back (issue #46)",
        "scalestudy/submit.py",
        "    with _reading(manifest) if dry_run else manifest.edit() as data:",
        "    with manifest.edit() as data:",
        ["tests/unit/test_damaged_results.py::test_submit_dry_run_writes_nothing"],
    ),
    Mutation(
        "a failed point's reason left empty though its output names the error (issue #46)",
        "scalestudy/executors/failure.py",
        '    error = first_error(outputs) if state == "failed" else None',
        "    error = None",
        [
            "tests/unit/test_failure.py::test_a_failed_points_reason_is_the_first_error_of_its_output"
        ],
    ),
    Mutation(
        "provenance says why as the [stderr] mark (issue #46)",
        "scalestudy/formats/env_capture.py",
        '            err = text.split(STDERR_MARK, 1)[1] if STDERR_MARK in text else ""',
        "            err = text",
        [
            "tests/unit/test_report_provenance.py::test_a_failed_capture_command_says_why_in_its_own_words"
        ],
    ),
    Mutation(
        "the report judges ranks per node against ppn, not what the probe checked (issue #46)",
        "scalestudy/report/probe.py",
        "        if len(group) != p.expected_per_node:",
        "        if len(group) != p.ppn:",
        [
            "tests/unit/test_report_probe.py::test_emulated_nodes_on_one_host_are_checked_against_what_the_probe_expected"
        ],
    ),
    Mutation(
        "profile detect takes a missing ompi_info as a refusal of every plugin (issue #46)",
        "scalestudy/profile_detect.py",
        '        return None  # which components it has is unknown: not "none"',
        "        return False",
        [
            "tests/unit/test_profile_detect.py::test_what_the_login_node_cannot_read_is_not_taken_as_a_refusal"
        ],
    ),
    Mutation(
        "doctor runs no probe job once the trainer stack failed (issue #46)",
        "scalestudy/doctor.py",
        '    "probe job": ("harness", "modules", "container", "same scalestudy"),',
        '    "probe job": ("harness", "modules", "container", "same scalestudy", "trainer stack"),',
        ["tests/unit/test_doctor_modules.py::test_doctor_runs_every_check_whose_needs_passed"],
    ),
    Mutation(
        "site-install overwrites a file the admin edited (issue #46)",
        "scalestudy/siteinstall.py",
        "        if target.exists() and target.read_bytes() != data:",
        "        if False:",
        ["tests/unit/test_packaging.py::test_site_install_never_overwrites_a_different_file"],
    ),
    Mutation(
        "the wheel carries none of docs/site-install.md's files (issue #46)",
        "setup.py",
        "        for name in SITE_FILES:",
        "        for name in SITE_FILES[:0]:",
        [
            "tests/unit/test_packaging_wheel.py::test_site_install_writes_each_paths_files_from_the_wheel_alone"
        ],
        slow=True,
    ),
    Mutation(
        "the PMI library is not checked against srun_mpi (issue #46)",
        "scalestudy/launchers.py",
        "        if pattern is not None and not re.search(pattern, value):",
        "        if False:",
        [
            "tests/unit/test_launchers.py::test_the_pmi_library_srun_mpi_and_the_launcher_are_checked_together"
        ],
    ),
    Mutation(
        "a PMI variable only srun serves is forwarded under hydra (issue #46)",
        "scalestudy/launchers.py",
        "        if var not in launcher.pmi_env:",
        "        if False:",
        [
            "tests/unit/test_launchers.py::test_the_pmi_library_srun_mpi_and_the_launcher_are_checked_together"
        ],
    ),
    Mutation(
        "a job that ran another MPI than its profile passes doctor (issue #46)",
        "scalestudy/doctor.py",
        '    if ran != profile.mpi:\n        return Check(\n            "MPI the job ran",',
        '    if False:\n        return Check(\n            "MPI the job ran",',
        [
            "tests/unit/test_doctor_mpi.py::test_a_job_that_ran_another_mpi_than_the_profile_fails_doctor"
        ],
    ),
    Mutation(
        "the report's provenance does not mark an MPI other than the profile's (issue #46)",
        "scalestudy/formats/env_capture.py",
        "    if asked and ran and ran != asked:",
        "    if False:",
        [
            "tests/unit/test_report_provenance.py::test_a_job_that_ran_another_mpi_than_its_profile_is_marked"
        ],
    ),
    Mutation(
        "a sweep key the schema refuses stops every later stage (issue #46)",
        "scalestudy/sweepfile/sweep.py",
        "            if kept is None:\n                raise ValueError",
        "            if True:\n                raise ValueError",
        [
            "tests/unit/test_sweep_errors.py::test_every_problem_of_the_sweep_its_profile_and_its_plan_in_one_run"
        ],
    ),
    Mutation(
        "an ended job that accounting has not recorded yet is judged by its exit marker alone",
        "scalestudy/executors/slurmctl.py",
        "        elif code is not None and accounted and _age(marker) < ACCOUNTING_LAG_S:\n",
        "        elif False:\n",
        [
            "tests/unit/test_slurm_reconcile.py::"
            "test_an_ended_job_accounting_does_not_know_yet_stays_unknown"
        ],
    ),
    Mutation(
        "an array task scancelled while pending (no record, ever) stays unknown for good",
        "scalestudy/executors/slurmctl.py",
        '    return array in accounted or any(j.startswith(f"{array}_") for j in accounted)\n',
        "    return False\n",
        [
            "tests/unit/test_slurm_reconcile.py::"
            "test_an_array_task_cancelled_while_pending_is_cancelled_not_unknown"
        ],
    ),
    Mutation(
        "tasks cancelled before accounting recorded their array (a bare-id record) stay unknown",
        "scalestudy/executors/slurmctl.py",
        "    return array in accounted or any(",
        "    return any(",
        [
            "tests/unit/test_slurm_reconcile.py::"
            "test_tasks_cancelled_before_accounting_recorded_their_array_are_cancelled"
        ],
    ),
    Mutation(
        "a task cancelled inside accounting's stale pending range reads pending till it catches up",
        "scalestudy/executors/slurmctl.py",
        '                a.state == "pending"\n                and code is None\n',
        "                False\n                and code is None\n",
        [
            "tests/unit/test_slurm_reconcile.py::"
            "test_a_task_accountings_stale_range_calls_pending_is_pending_only_while_queued"
        ],
    ),
    Mutation(
        "a completed array task without its marker is read as cancelled before it started",
        "scalestudy/executors/slurmctl.py",
        "    if not task or str(a.job_id) in accounted:\n",
        "    if not task:\n",
        [
            "tests/unit/test_slurm_reconcile.py::"
            "test_a_task_accounting_records_without_its_marker_is_unknown_not_cancelled"
        ],
    ),
    Mutation(
        "a bundle member not started reads cancelled (for good) while its bundle is suspended",
        "scalestudy/executors/slurmctl.py",
        '    elif SLURM_STATES.get(word) in ("pending", "running"):\n',
        "    elif False:\n",
        [
            "tests/unit/test_slurm_reconcile.py::test_a_bundle_member_waits_while_its_bundle_is_suspended"
        ],
    ),
    Mutation(
        "a task that wrote its exit marker is cancelled on accounting's stale pending range",
        "scalestudy/executors/slurmctl.py",
        "                and code is None\n",
        "                and True\n",
        [
            "tests/unit/test_slurm_reconcile.py::"
            "test_a_task_that_wrote_its_marker_is_not_cancelled_on_a_stale_pending_range"
        ],
    ),
    Mutation(
        "an array task whose output Slurm opened in the array's folder is called never started",
        "scalestudy/executors/slurmctl.py",
        '    return not (array and (sweep_dir / array / f"slurm-{a.job_id}.out").exists())\n',
        "    return True\n",
        [
            "tests/unit/test_slurm_reconcile.py::test_a_vanished_task_stays_unknown_without_all_the_evidence"
        ],
    ),
    Mutation(
        "a vanished array task is called cancelled though its output file shows it started",
        "scalestudy/executors/slurmctl.py",
        '    if any((sweep_dir / a.folder).glob("slurm-*.out")):\n        return False\n',
        "    if False:\n        return False\n",
        [
            "tests/unit/test_slurm_reconcile.py::test_a_vanished_task_stays_unknown_without_all_the_evidence"
        ],
    ),
    Mutation(
        "a SIGTERM during a job's setup is recorded as exit 0 (bash's last status)",
        "templates/clusters/partials/prologue.sh.j2",
        "before the launch; exit 143\" >&2; exit 143' TERM\n",
        "before the launch; exit 143\" >&2' TERM\n",
        ["tests/unit/test_job_setup.py::test_a_sigterm_during_the_setup_is_the_jobs_exit_code"],
    ),
    Mutation(
        "the MPI the ranks loaded is said with the point's rank count (make demo's run MIXED)",
        "scalestudy/formats/env_capture.py",
        '        said = f"{next(iter(counts))} (on every rank)"\n',
        '        said = f"{next(iter(counts))} ({len(libs)} ranks)"\n',
        [
            "tests/unit/test_loaded_mpi.py::"
            "test_points_of_1_and_2_ranks_on_the_same_library_say_the_same"
        ],
    ),
    Mutation(
        "compare's gate passes when NEW's table drops points BASE measured",
        "scalestudy/compare/analysis.py",
        "    missing = [(c, u.point) for c in comparisons for u in c.only_base]\n",
        "    missing = []\n",
        ["tests/unit/test_compare.py::test_a_base_point_new_dropped_fails_the_gate_unless_allowed"],
    ),
    Mutation(
        "history reads a clock-checked trainer's fix as a change (no clock guard)",
        "scalestudy/history/series.py",
        "        clock_guard(s, runs)\n",
        "",
        [
            "tests/unit/test_history.py::"
            "test_runs_whose_tokens_were_not_clock_checked_leave_a_series_that_has_checked_ones"
        ],
    ),
    Mutation(
        "history's JUnit names two sweeps' points by a key prefix they all share",
        "scalestudy/history/render.py",
        "        digest = hashlib.sha256(j.series.key.encode()).hexdigest()[:8]\n",
        "        digest = j.series.key[:12]\n",
        [
            "tests/unit/test_history.py::"
            "test_a_shared_histories_sweeps_are_each_judged_against_their_own_newest_run"
        ],
    ),
    Mutation(
        "history's Bonferroni P counts every sweep's series of a shared history",
        "scalestudy/history/series.py",
        "            points=max(1, sum(1 for o in chosen if sweeps[o.key] & mine)),\n",
        "            points=max(1, len(chosen)),\n",
        [
            "tests/unit/test_history.py::"
            "test_another_sweeps_runs_in_a_shared_history_do_not_lower_this_sweeps_alpha"
        ],
    ),
    Mutation(
        "a history entry with samples and allocations of different lengths is read",
        "scalestudy/history/store.py",
        "        if len(p.tokens) != len(p.token_allocations)"
        " or len(p.step_s) != len(p.step_allocations):\n",
        "        if False:\n",
        [
            "tests/unit/test_history.py::"
            "test_an_entry_whose_samples_and_allocations_differ_in_number_is_damaged"
        ],
    ),
    Mutation(
        "compare's 'would settle it' takes the pooled spread for a point judged on its own",
        "scalestudy/compare/analysis.py",
        "        if tokens.method == PER_POINT:\n",
        "        if False:\n",
        [
            "tests/unit/test_decisions.py::"
            "test_the_repeats_that_would_settle_a_point_judged_on_its_own_come_from_its_own_spread"
        ],
    ),
    Mutation(
        "a report of two sweeps screens and pools their allocations as one run's",
        "scalestudy/report/scaling.py",
        "    runs = [v.sweep for v in vs for _ in v.points]\n",
        "    runs = [0 for v in vs for _ in v.points]\n",
        [
            "tests/unit/test_report_scaling.py::"
            "test_two_sweeps_in_one_report_are_screened_and_pooled_each_on_its_own_allocations"
        ],
    ),
    Mutation(
        "strong scaling's step times alone fitted by the normal form of the step, not the effort",
        "scalestudy/report/projection/variant.py",
        '    forms = empirical.forms(samples, strong=v.mode == "strong", found=found)\n',
        "    forms = empirical.forms(samples, found=found)\n",
        [
            "tests/unit/test_projection_forms.py::"
            "test_strong_scaling_step_times_alone_are_projected_by_the_forms_of_the_effort"
        ],
    ),
    Mutation(
        "a bundle member that started reads cancelled when its bundle's job ends",
        "scalestudy/executors/slurmctl.py",
        '    elif word in ("COMPLETED", "FAILED", "TIMEOUT") and not started:\n',
        '    elif word in ("COMPLETED", "FAILED") or (word == "TIMEOUT" and not started):\n',
        [
            "tests/unit/test_slurm_reconcile.py::"
            "test_a_bundle_member_that_started_is_never_read_as_cancelled"
        ],
    ),
    Mutation(
        "status --watch asks the controller every 5 s while accounting lags the markers",
        "scalestudy/status.py",
        "        return min(least * 2.0, interval)\n",
        "        return at_least\n",
        [
            "tests/unit/test_status_wait.py::"
            "test_watch_backs_off_while_the_scheduler_lags_behind_the_markers"
        ],
    ),
    Mutation(
        "an attempt whose shared value list is lost from the capture record reads as empty",
        "scalestudy/compare/envdiff.py",
        "            if values is None:  # the shared entry is not in the record: read the "
        "attempt again\n",
        "            if values is None and False:\n",
        [
            "tests/unit/test_capture_cache.py::"
            "test_a_value_list_shared_by_attempts_is_stored_once_and_a_lost_one_read_again"
        ],
    ),
    Mutation(
        "a bundle's job script read again for every point that ran in it",
        "scalestudy/compare/envdiff.py",
        "    if name not in known:\n",
        "    if True:\n",
        [
            "tests/unit/test_capture_cache.py::"
            "test_a_bundled_points_job_script_is_its_bundles_last_attempts"
        ],
    ),
    Mutation(
        "an attempt whose lost value list was read again leaves the record (read every time)",
        "scalestudy/compare/envdiff.py",
        "                cache.store(rel, files, one)  # its entry is what was just read, for "
        "next time\n",
        "                cache.forget(rel)\n",
        [
            "tests/unit/test_capture_cache.py::"
            "test_a_value_list_shared_by_attempts_is_stored_once_and_a_lost_one_read_again"
        ],
    ),
    Mutation(
        "a bundle's attempts ordered as text (attempt-10 before attempt-2)",
        "scalestudy/compare/envdiff.py",
        "            key=lambda p: attempt_files.attempt_number(p.parent) or 0,\n",
        "            key=str,\n",
        [
            "tests/unit/test_capture_cache.py::"
            "test_a_bundled_points_job_script_is_its_bundles_last_attempts"
        ],
    ),
    Mutation(
        "a string MessagePack cannot write crashes the record's writing",
        "scalestudy/collect/cache.py",
        "    except (TypeError, ValueError, msgspec.EncodeError, msgspec.DecodeError):\n",
        "    except (TypeError, msgspec.EncodeError, msgspec.DecodeError):\n",
        [
            "tests/unit/test_capture_cache.py::"
            "test_a_value_no_record_can_hold_is_read_every_time_not_a_crash"
        ],
    ),
    Mutation(
        "the repeats of a point share one memory estimate object",
        "scalestudy/plan.py",
        "                point.memory = copy.copy(memory)  # each point its own\n",
        "                point.memory = memory  # each point its own\n",
        [
            "tests/unit/test_plan.py::"
            "test_a_points_repeats_share_its_id_and_estimate_but_each_holds_its_own"
        ],
    ),
    Mutation(
        "the plan's partition answers kept by time alone, not by nodes",
        "scalestudy/plan.py",
        "    key = (id(slurm), nodes, minutes)\n",
        "    key = (id(slurm), minutes)\n",
        [
            "tests/unit/test_plan_walltime.py::"
            "test_each_job_gets_its_own_node_counts_partition_and_its_repeats_the_same"
        ],
    ),
    Mutation(
        "a trainer rank imports Keras's unused helpers again",
        "scalestudy/trainer/__main__.py",
        "    skip_unused_imports()\n    from scalestudy.trainer.loop import run\n",
        "    from scalestudy.trainer.loop import run\n",
        [
            "tests/unit/test_trainer_imports.py::"
            "test_a_rank_imports_tensorflow_and_keras_but_not_their_unused_helpers"
        ],
    ),
    Mutation(
        "an attempt folder's name formatted by hand outside attempt_files",
        "scalestudy/report/probe.py",
        "attempt_files.attempt_name(attempt)",
        'f"attempt-{int(attempt)}"',
        ["tests/unit/test_single_homes.py::test_an_attempt_folder_name_is_formatted_in_one_module"],
    ),
    Mutation(
        "make test's fast tests beside the lanes at full priority, taking the lanes' cycles",
        "scripts/heavy_lanes.py",
        "            preexec_fn=lambda: os.nice(19),  # only the cycles the lanes leave idle\n",
        "",
        [
            "tests/unit/test_heavy_lanes.py::"
            "test_the_command_beside_the_lanes_runs_niced_is_waited_for_and_decides_the_verdict"
        ],
    ),
    Mutation(
        "the command beside the lanes not waited for: the timing lane runs beside it",
        "scripts/heavy_lanes.py",
        "        side_code = side.wait()\n",
        "        side_code = side.poll() or 0\n",
        [
            "tests/unit/test_heavy_lanes.py::"
            "test_the_command_beside_the_lanes_runs_niced_is_waited_for_and_decides_the_verdict"
        ],
    ),
    Mutation(
        "a figure's log axis labelled by matplotlib's own formatter (TeX, parsed as mathtext)",
        "scalestudy/report/figures/throughput.py",
        "        log_scale(ax)\n",
        '        ax.set_yscale("log")\n',
        [
            "tests/unit/test_figure_ticks.py::"
            "test_every_log_axis_of_the_report_states_its_ticks_in_plain_text"
        ],
    ),
    Mutation(
        "a tick's prefix off by a factor (k for ten thousand)",
        "scalestudy/report/figures/common.py",
        '(1e3, "k")',
        '(1e4, "k")',
        [
            "tests/unit/test_figure_ticks.py::"
            "test_every_log_axis_of_the_report_states_its_ticks_in_plain_text",
            "tests/unit/test_figure_ticks.py::test_a_tick_value_is_written_short_and_plain",
        ],
    ),
    Mutation(
        "a log modified inside the racy window trusted as settled (a rewrite of the same size "
        "in the same clock tick never read again)",
        "scalestudy/collect/cache.py",
        "        settled &= now - st.st_mtime_ns > RACY_S * 1e9\n",
        "        settled &= True\n",
        ["tests/unit/test_collect_cache.py::test_a_log_younger_than_the_racy_window_is_not_kept"],
    ),
    Mutation(
        "a wait for the jobs' exit markers sleeps its whole interval (about 2 min here)",
        "scalestudy/status.py",
        "and not (markers and all(m.exists() for m in markers))",
        "and True",
        ["tests/unit/test_status_wait.py::test_a_wait_ends_when_the_last_marker_is_written"],
    ),
    Mutation(
        "a base-2 log axis labelled with SI prefixes (its base not passed to the labels)",
        "scalestudy/report/figures/common.py",
        "compact(x, self.prefix_base)",
        "compact(x)",
        ["tests/unit/test_figure_ticks.py::test_a_base_2_axis_is_labelled_with_binary_prefixes"],
    ),
    Mutation(
        "a points.jsonl line with NaN read as damaged (no json.loads after msgspec refuses it)",
        "scalestudy/report/load.py",
        "    except msgspec.DecodeError:\n        pass",
        "    except msgspec.DecodeError:\n        return None",
        [
            "tests/unit/test_table_read.py::test_points_lines_read_as_pythons_json_reads_them_and_the_rest_is_damaged"
        ],
    ),
    Mutation(
        "the table's rows as numpy scalars, not the plain values to_dict gives",
        "scalestudy/report/load.py",
        "    values = col.tolist()",
        "    values = list(col.to_numpy())",
        [
            "tests/unit/test_table_read.py::test_table_rows_are_what_to_dict_records_gives_value_and_type"
        ],
    ),
    Mutation(
        "the history's trend figure back on matplotlib's TeX log labels",
        "scalestudy/history/render.py",
        "        log_scale(ax)\n",
        '        ax.set_yscale("log")\n',
        [
            "tests/unit/test_figure_ticks.py::"
            "test_the_history_trend_figure_states_its_ticks_in_plain_text"
        ],
    ),
    Mutation(
        "the projected size's extra spread counted past the largest size's noise, not the "
        "held-out sizes' its form errors carry",
        "scalestudy/report/projection/noise.py",
        "    sizes = list(carried) if carried else [top]  # held-out sizes are measured sizes\n",
        "    sizes = [top]\n",
        [
            "tests/unit/test_spread_growth_note.py::"
            "test_the_extra_spread_is_counted_past_the_noise_the_held_out_sizes_carry"
        ],
    ),
    Mutation(
        "the chosen forms' interval not told which sizes its cross-validation held out",
        "scalestudy/report/projection/select.py",
        "        samples, xs, targets, n_draws, seed, carried=selection.held_out, found=found\n",
        "        samples, xs, targets, n_draws, seed, found=found\n",
        [
            "tests/unit/test_spread_growth_note.py::"
            "test_the_chosen_forms_interval_counts_past_its_held_out_sizes"
        ],
    ),
    Mutation(
        "the report's note quoting a coverage its seeded test no longer measures",
        "scalestudy/report/summary.py",
        'TREND_EXTRAPOLATED_COVERAGE = "0.96 at 1..64 -> 128 nodes, 5 repeats a size"\n',
        'TREND_EXTRAPOLATED_COVERAGE = "0.93 at 1..64 -> 128 nodes, 5 repeats a size"\n',
        [
            "tests/unit/test_projection_forms.py::"
            "test_the_interval_covers_a_size_whose_spread_grows_with_n"
        ],
    ),
    Mutation(
        "a rising spread extrapolated only where the measured sizes' intervals can use its "
        "trend (never at 2 repeats a size)",
        "scalestudy/uncertainty/model.py",
        "            self.fitted_trend\n            and self.fitted_trend[1] > 0\n",
        "            self.trend\n            and self.trend[1] > 0\n",
        [
            "tests/unit/test_spread_growth_note.py::"
            "test_at_two_repeats_a_size_a_rising_spread_is_still_extrapolated"
        ],
    ),
    Mutation(
        "a collect's history entry made without its points' records (every point keyed as "
        "if it had none: not the entry `history add` makes of the same folder)",
        "scalestudy/history/store.py",
        "points=done.records\n",
        "points={}\n",
        [
            "tests/unit/test_history_of_collect.py::"
            "test_a_collects_entry_is_the_entry_of_its_files[separate]"
        ],
    ),
    Mutation(
        "points.jsonl: a record holding a views' stand-in as a value of its own spliced anyway "
        "(its view put in the wrong place)",
        "scalestudy/collect/tables.py",
        "    if any(line.count(m) != 1 for m in marks):",
        "    if False:",
        ["tests/unit/test_points_file.py::test_a_value_that_is_a_views_stand_in_is_encoded_whole"],
    ),
    Mutation(
        "a collect's history entry without its attempts' env/ captures (the same on both paths: "
        "the entries still equal, the capture's host gone)",
        "scalestudy/compare/envdiff.py",
        "    if captured:\n",
        "    if False:\n",
        [
            "tests/unit/test_history_of_collect.py::"
            "test_a_collects_entry_is_the_entry_of_its_files[separate]"
        ],
    ),
    Mutation(
        "a collect's history entry importing pandas again (its sweep's results type from "
        "report/load.py: 0.17 CPU s of every collect's start)",
        "scalestudy/history/store.py",
        "    from scalestudy.report.sweep_results import SweepResults\n",
        "    from scalestudy.report.load import SweepResults\n",
        [
            "tests/unit/test_history_of_collect.py::"
            "test_collect_and_its_history_entry_run_without_pandas"
        ],
    ),
]


def run(m: Mutation) -> str:
    path = ROOT / m.file
    text = path.read_text()
    if text.count(m.old) != 1:
        return f"STALE ({text.count(m.old)} matches of its text in {m.file})"
    try:
        path.write_text(text.replace(m.old, m.new))
        proc = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *m.tests],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
    finally:
        path.write_text(text)
    if proc.returncode == 0:
        return "NOT CAUGHT (the tests passed)"
    failed = [line for line in proc.stdout.splitlines() if line.startswith("FAILED")]
    return "caught: " + (failed[0][7:] if failed else proc.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", help="comma-separated substrings of mutation names")
    parser.add_argument("--slow", action="store_true", help="also the trainer mutations")
    args = parser.parse_args()
    chosen = [m for m in MUTATIONS if args.slow or not m.slow]
    if args.only:
        chosen = [m for m in chosen if any(s in m.name for s in args.only.split(","))]
    bad = 0
    for m in chosen:
        start = time.monotonic()
        verdict = run(m)
        bad += not verdict.startswith("caught")
        print(f"{m.name}: {verdict} ({time.monotonic() - start:.0f} s)", flush=True)
    print(f"{len(chosen) - bad} of {len(chosen)} mutations caught")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
