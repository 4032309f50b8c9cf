"""A strategy's counters are its table entry's (cost_models/strategies.py, issue #35 point 2): a
test-only strategy registered here with counts no other strategy logs gets them written by the
trainer's exchange frame (trainer/exchanges/base.py: the counts its class returns, by their
declarations, placed in the step record's fields; a missing or undeclared one refused), a
results column each (formats/results_columns.py, from the declaration), read by collect
(collect/rows.py: the median over the timed steps; collect/tables.py writes the column) and by
the rows check the report reads (collect/rows_check.py: its `logged` formula on the step's
counts), none of these modules naming them. The trainer side runs in a child process
(TensorFlow: support/tf_child.py, with the other trainer unit tests' parts)."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pandas as pd
import pytest
from support.tf_child import part

from scalestudy.collect import rows, rows_check, tables
from scalestudy.cost_models import strategies
from scalestudy.formats import results_columns, step_log
from scalestudy.formats.point_config import PointConfig
from scalestudy.report import load  # imported before any test registers a strategy

NAME = "test_tally"
V, H = 1000, 64
SLOTS = (30, 34)  # padded source and target slots per step: an untied model's R_r
# per rank, per step (steps 1..4; 1 is not timed): the ids it tallied and its wire bytes
TALLY = {0: [7, 11, 13, 17], 1: [5, 9, 21, 23]}
WIRE = {0: [100, 300, 200, 500], 1: [400, 600, 800, 700]}


TALLY_ROWS = strategies.Counter(
    "embedding_grad", "tally_rows", "emb_tally_rows_per_worker", "rows", "T_r: ids tallied"
)
TALLY_WIRE = strategies.Counter(
    "bytes", "wire_sent_tally_model", "wire_tally_bytes", "bytes", "of which tallies"
)


def _logged(g: strategies.Logged) -> float | None:
    tally = g.form.get("tally_rows")
    return None if tally is None else float(tally * 4 * g.hidden)


def _tally_strategy() -> strategies.Strategy:
    return strategies.Strategy(
        name=NAME,
        word="tally",
        summary="a test-only exchange that logs how many ids it tallied",
        collectives=("allgather",),
        calls=lambda s: [],
        logical=lambda s: 0.0,
        wire=lambda s: 0.0,
        peak=lambda s: 0.0,
        formula="T·4H",
        logged=_logged,
        wire_model="none",
        counters=(TALLY_ROWS, TALLY_WIRE),
    )


@pytest.fixture
def tally():
    entry = strategies.register(_tally_strategy())
    yield entry
    del strategies.STRATEGIES[NAME]


def _write_logs(folder, wrong_step: int | None = None):
    """Two ranks' step logs of a run with the tally exchange (untied, tf1). `wrong_step`:
    rank 1 logs logical bytes one row off there."""
    config = {"exchange": NAME, "model": {"tie_embeddings": False}, "tokens_per_worker": 64}
    folder.mkdir(parents=True)
    for rank in (0, 1):
        records = [
            {
                "type": "header",
                "schema": step_log.SCHEMA,
                "segment_start_step": 1,
                "model": {"vocab": V, "hidden": H, "tie_embeddings": False},
                "config": config,
            }
        ]
        for i, (tally, wire) in enumerate(zip(TALLY[rank], WIRE[rank], strict=True)):
            step = i + 1
            logical = tally * 4 * H + (4 * H if rank == 1 and step == wrong_step else 0)
            records.append(
                {
                    "type": "step",
                    "step": step,
                    "timed": step > 1,
                    "loss": 7.0,
                    "micro_batches": 1,
                    "slots": {"src": SLOTS[0], "tgt": SLOTS[1]},
                    "embedding_grad": {"form": "tally", "rows": sum(SLOTS), "tally_rows": tally},
                    "embedding_rows_per_rank": None,
                    "bytes": {
                        "logical_embedding": logical,
                        "logical_total": logical + 1000,
                        "wire_sent_model": 2 * wire,
                        "wire_recv_model": 2 * wire,
                        "wire_sent_tally_model": wire,
                    },
                }
            )
        text = "".join(json.dumps(r) + "\n" for r in records)
        (folder / step_log.rank_log_name(rank)).write_text(text)


def test_the_counters_are_the_tables():
    declared = {c.column for c in strategies.counters()}
    for s in strategies.STRATEGIES.values():
        assert set(s.own_columns) <= declared
    # the two sparse methods' own columns, as before the counters were declared
    assert strategies.get("sparse_reduce").own_columns == (
        "emb_unique_rows_per_worker",
        "emb_union_rows",
        "wire_sent_alltoall_bytes_per_step_model",
    )
    assert strategies.get("sharded_embedding").own_columns == (
        "emb_unique_rows_per_worker",
        "emb_served_rows_per_worker",
        "wire_sent_alltoall_bytes_per_step_model",
    )


def test_a_counters_column_is_its_declaration(tally):
    """The results table takes a registered strategy's counter columns from its declaration:
    name, unit and meaning, after its record's anchor column; the built-in table is as
    before, its constants unchanged."""
    names = results_columns.names()
    for counter, anchor in (
        (TALLY_ROWS, "emb_served_rows_per_worker"),  # the last embedding_grad counter's
        (TALLY_WIRE, "wire_sent_alltoall_bytes_per_step_model"),  # the last bytes counter's
    ):
        assert names[names.index(anchor) + 1] == counter.column
        column = next(c for c in results_columns.columns() if c.name == counter.column)
        assert (column.kind, column.unit, column.meaning) == (
            "float",
            counter.unit,
            counter.meaning,
        )
    assert [n for n in names if n not in (TALLY_ROWS.column, TALLY_WIRE.column)] == list(
        results_columns.NAMES
    )
    assert TALLY_ROWS.column in results_columns.of_kind("float")
    line = next(x for x in results_columns.markdown_table() if f"`{TALLY_WIRE.column}`" in x)
    assert line == f"| `{TALLY_WIRE.column}` | float | bytes | of which tallies ({NAME} only) |"


def test_the_report_reads_a_registered_strategys_counter_as_a_number(tally):
    """report/load types a table's columns when it reads it, so a counter registered after
    import is read as a number (a CSV cell "12", or one left empty), not left as text."""
    import pandas as pd

    frame = pd.DataFrame(
        {"point_id": ["a", "b"], "status": ["ok", "ok"], TALLY_ROWS.column: ["12", None]}
    )
    out = load.normalise(frame)
    assert out[TALLY_ROWS.column].dtype == "float64"
    assert out[TALLY_ROWS.column].iloc[0] == 12.0
    assert out[TALLY_WIRE.column].isna().all()  # a declared column the table lacks: added


def test_the_built_in_counter_columns_sit_after_their_anchors():
    names = results_columns.NAMES
    i = names.index("emb_grad_rows_per_worker")
    assert names[i + 1 : i + 4] == (
        "emb_unique_rows_per_worker",
        "emb_union_rows",
        "emb_served_rows_per_worker",
    )
    i = names.index("wire_sent_allreduce_bytes_per_step_model")
    assert names[i + 1] == "wire_sent_alltoall_bytes_per_step_model"
    assert names[i + 2] == "peak_rss_max"


def test_a_counter_cannot_take_a_fixed_column_nor_an_unknown_record(tally):
    clash = strategies.Counter("bytes", "wire_sent_clash_model", "final_loss", "bytes", "no")
    entry = strategies.register(
        strategies.Strategy(**{**tally.__dict__, "name": "fixed", "counters": (clash,)})
    )
    try:
        with pytest.raises(ValueError, match="final_loss is a fixed results column"):
            results_columns.columns()
    finally:
        del strategies.STRATEGIES[entry.name]
    with pytest.raises(ValueError, match="record 'steps' is not one of embedding_grad, bytes"):
        strategies.Counter("steps", "x", "y", "", "z")
    # nor a field every step record holds: the trainer would write over it
    for record, field in (("bytes", "wire_sent_model"), ("embedding_grad", "rows")):
        with pytest.raises(ValueError, match=f"counter {record}.{field}: every step record"):
            strategies.Counter(record, field, "new_column", "", "z")


def test_a_counter_cannot_fill_a_column_from_another_field():
    clash = strategies.Counter("embedding_grad", "other_rows", "emb_union_rows", "rows", "U")
    entry = strategies.get("sparse_reduce")
    with pytest.raises(ValueError, match="emb_union_rows"):
        strategies.register(
            strategies.Strategy(**{**entry.__dict__, "name": "clash", "counters": (clash,)})
        )
    assert "clash" not in strategies.STRATEGIES


def test_collect_reads_a_registered_strategys_counters(tally, tmp_path):
    logs = tmp_path / "logs"
    _write_logs(logs)
    row = rows._from_logs(logs, 2, tally)
    # rank 0's timed steps (2..4), by hand: tallies 11, 13, 17; wire 300, 200, 500
    assert row["emb_tally_rows_per_worker"] == 13
    assert row["wire_tally_bytes"] == 300
    # a strategy without them leaves every other declared counter empty
    assert row["emb_union_rows"] is None and row["emb_served_rows_per_worker"] is None


def test_the_rows_check_reads_a_registered_strategys_counts(tally, tmp_path):
    assert PointConfig.recorded({"exchange": NAME}).strategy() is tally
    logs = tmp_path / "ok" / "logs"
    _write_logs(logs)
    warnings: list[str] = []
    check = rows_check.check_logs(logs, 2, warnings)
    assert warnings == []
    # every step of both ranks: its rows (untied: the slots) and its bytes by the tally formula
    assert check["rank_steps"] == check["rows_equal"] == 8
    assert check["bytes_checked"] == check["bytes_equal"] == 8
    assert check["bytes_formula"] == "T·4H"
    # a step whose bytes do not follow its count is named
    bad = tmp_path / "bad" / "logs"
    _write_logs(bad, wrong_step=3)
    check = rows_check.check_logs(bad, 2, warnings)
    assert check["bytes_checked"] == 8 and check["bytes_equal"] == 7
    want = TALLY[1][2] * 4 * H
    assert check["first_mismatch"] == (
        f"{step_log.rank_log_name(1)} step 3: bytes {want + 4 * H} != {float(want)}"
    )


# -- the trainer's side ------------------------------------------------------------------------


def _trainer_side() -> dict:
    """Run in a child process (support/tf_child.py): the trainer's exchange frame on counts given
    by hand. Its step_fields() per rank and step for the tally strategy (a class whose
    sparse_volume counts by the declarations, as the built-in ones do), for the built-in
    sparse_reduce and sharded_embedding classes, and the errors of a class that counts one
    counter too few or one too many."""
    from scalestudy.trainer import exchanges
    from scalestudy.trainer.exchanges import base
    from scalestudy.trainer.exchanges.sharded_embedding import ShardedEmbeddingExchange
    from scalestudy.trainer.exchanges.sparse_reduce import SparseReduceExchange

    # the class the trainer finds for each entry of the table, before the tally joins it
    classes = {
        name: [exchanges.class_of(name).__name__, exchanges.class_of(name).strategy is entry]
        for name, entry in strategies.STRATEGIES.items()
    }
    tally = strategies.register(_tally_strategy())

    class Tally(base.GradientExchange):
        strategy = tally
        counts = staticmethod(lambda rows, wire: {TALLY_ROWS: rows, TALLY_WIRE: wire})

        def sparse_volume(self, i, obs, entry, lookups):
            rows, tallied, wire = obs
            return base.SparseBytes(
                tallied * 4 * H,
                {"form": "tally", "rows": rows},
                sent_alltoall=float(wire),
                counts=self.counts(tallied, float(wire)),
            )

    def volume(cls, obs: list, lookups=(), size=1, rank=0) -> dict:
        hvd = SimpleNamespace(size=lambda: size, rank=lambda: rank, global_process_set=None)
        dense, emb = SimpleNamespace(name="dense"), SimpleNamespace(name="emb")
        ex = cls(hvd, [dense, emb], emb)
        kind = {"sharded_embedding": "sharded"}.get(cls.strategy.name, cls.strategy.name)
        ex.layout = [("dense", 4, 0, "float32"), (kind, 4, 8, "float32")]
        return ex.volume([[2, 3], obs], lookups).step_fields()

    out: dict = {"tally": {}, "classes": classes}
    for rank in (0, 1):
        out["tally"][rank] = [
            volume(Tally, [sum(SLOTS), t, w], size=2, rank=rank)
            for t, w in zip(TALLY[rank], WIRE[rank], strict=True)
        ]
    for name, counts in (
        ("too_few", lambda rows, wire: {TALLY_ROWS: rows}),
        ("too_many", lambda rows, wire: {TALLY_ROWS: rows, TALLY_WIRE: wire, UNDECLARED: 1}),
    ):
        wrong = type(name, (Tally,), {"counts": staticmethod(counts)})
        try:
            out[name] = volume(wrong, [64, 7, 100])
        except RuntimeError as exc:
            out[name] = str(exc)
    # one rank: R_r 5 rows, U_r 3 unique, all owned and gathered here, H = 4
    out["sparse_reduce"] = volume(SparseReduceExchange, [5, 3, 3, 3, 4, 3, 3, 3])
    # one lookup of 6 ids, 3 unique, asked of and served by this rank; 3 gradient rows, H = 4
    out["sharded_embedding"] = volume(ShardedEmbeddingExchange, [3, 4], [[6, 3, 3, 3]])
    return out


UNDECLARED = strategies.Counter("bytes", "wire_sent_other_model", "wire_other_bytes", "bytes", "x")


@pytest.fixture(scope="module")
def trainer_side() -> dict:
    return part("strategy_counters")


def _logs_of(folder, fields: dict) -> None:
    """Two ranks' step logs whose exchange fields are the trainer's (`fields[rank][i]`)."""
    folder.mkdir(parents=True)
    for rank in (0, 1):
        header = {
            "type": "header",
            "schema": step_log.SCHEMA,
            "segment_start_step": 1,
            "model": {"vocab": V, "hidden": H, "tie_embeddings": False},
            "config": {"exchange": NAME, "model": {"tie_embeddings": False}},
        }
        steps = [
            {
                "type": "step",
                "step": i + 1,
                "timed": i > 0,
                "loss": 7.0,
                "micro_batches": 1,
                "slots": {"src": SLOTS[0], "tgt": SLOTS[1]},
                **f,
            }
            for i, f in enumerate(fields[str(rank)])
        ]
        text = "".join(json.dumps(r) + "\n" for r in [header, *steps])
        (folder / step_log.rank_log_name(rank)).write_text(text)


@pytest.mark.trainer
def test_the_trainer_writes_a_registered_strategys_counters(trainer_side, tally, tmp_path):
    fields = trainer_side["tally"]
    for rank in (0, 1):
        for f, t, w in zip(fields[str(rank)], TALLY[rank], WIRE[rank], strict=True):
            assert f["embedding_grad"] == {"form": "tally", "rows": sum(SLOTS), "tally_rows": t}
            assert f["bytes"]["wire_sent_tally_model"] == w
            assert list(f["bytes"])[-1] == "wire_sent_tally_model"  # after the fixed fields
    # carried to the results table: collect's row and the table writer's column
    _logs_of(tmp_path / "logs", fields)
    row = rows._from_logs(tmp_path / "logs", 2, tally)
    tables.write_table([row], tmp_path / "table")
    frame = pd.read_csv(tmp_path / "table" / tables.CSV)
    # rank 0's timed steps (2..4), by hand: tallies 11, 13, 17; wire 300, 200, 500
    assert frame.loc[0, TALLY_ROWS.column] == 13
    assert frame.loc[0, TALLY_WIRE.column] == 300
    assert list(frame.columns) == list(results_columns.names())


@pytest.mark.trainer
def test_a_counter_the_exchange_does_not_count_fails_loudly(trainer_side):
    assert trainer_side["too_few"] == (
        f"exchange {NAME}: gradient 1's counts are not its strategy's declared counters "
        "(cost_models/strategies.py): missing ['bytes.wire_sent_tally_model'], undeclared []"
    )
    assert trainer_side["too_many"].endswith(
        "missing [], undeclared ['bytes.wire_sent_other_model']"
    )


@pytest.mark.trainer
@pytest.mark.parametrize("name", ["sparse_reduce", "sharded_embedding"])
def test_the_built_in_exchanges_write_what_their_strategies_declare(trainer_side, name):
    fields = trainer_side[name]
    for c in strategies.get(name).counters:
        assert c.read(fields) is not None, f"{c.record}.{c.field}"
    # the step record as before the counters were declared: its fields and their order
    form = {
        "sparse_reduce": "form exchange rows width unique_rows union_rows owned_rows sent_rows "
        "received_rows owned_rows_per_rank",
        "sharded_embedding": "form exchange lookups ids rows width unique_rows served_rows "
        "asked_rows_per_owner served_rows_per_rank",
    }[name].split()
    assert list(fields["embedding_grad"]) == form
    assert fields["embedding_grad"]["unique_rows"] == 3
    assert list(fields["bytes"]) == [
        "logical_embedding",
        "logical_total",
        "wire_sent_model",
        "wire_recv_model",
        "wire_sent_allgather_model",
        "wire_sent_allreduce_model",
        "wire_sent_alltoall_model",
    ]
    # one rank: its own block stays local, nothing goes by alltoall
    assert fields["bytes"]["wire_sent_alltoall_model"] == 0.0


@pytest.mark.trainer
def test_every_strategy_of_the_table_has_one_exchange_class_that_names_it(trainer_side):
    """The trainer finds a strategy's class by the entry the class names (no "module:Class"
    string in the table repeating it): one class per entry of the table."""
    assert trainer_side["classes"] == {
        "allgather": ["AllgatherExchange", True],
        "allreduce": ["AllreduceExchange", True],
        "sparse_reduce": ["SparseReduceExchange", True],
        "sharded_embedding": ["ShardedEmbeddingExchange", True],
    }


if __name__ == "__main__":
    print(json.dumps(_trainer_side()))
