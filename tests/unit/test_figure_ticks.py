"""The report's log axes are labelled in plain text (figures/common.PlainLog): 3k, 2M, 64Ki,
where matplotlib's own formatter writes TeX (3x10^3) that is parsed as mathtext for each of a
figure's two files. Each label must state its tick's value: read back here with a table of
prefixes written in this file, not with the code's."""

import pytest
from test_report_support import weak_and_strong

from scalestudy.report.build import build
from scalestudy.report.figures import trainer_figures
from scalestudy.report.figures.common import compact

PREFIX = {"": 1, "k": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "Ki": 1024, "Mi": 1024**2, "Gi": 1024**3}


def _value(label: str) -> float:
    """'3k' -> 3000.0, '64Ki' -> 65536.0, '0.5' -> 0.5."""
    for suffix in sorted(PREFIX, key=len, reverse=True):
        if suffix and label.endswith(suffix):
            return float(label[: -len(suffix)]) * PREFIX[suffix]
    return float(label)


@pytest.mark.parametrize(
    ("x", "base", "text"),
    [
        (3000, 10, "3k"),
        (2.5e6, 10, "2.5M"),
        (1e12, 10, "1T"),
        (999, 10, "999"),
        (0.5, 10, "0.5"),
        (1, 10, "1"),
        (8, 2, "8"),
        (1024, 2, "1Ki"),
        (65536, 2, "64Ki"),
        (2**20, 2, "1Mi"),
    ],
)
def test_a_tick_value_is_written_short_and_plain(x, base, text):
    assert compact(x, base) == text


@pytest.fixture(scope="module")
def analysis(tmp_path_factory):
    root = tmp_path_factory.mktemp("ticks")
    return build(weak_and_strong(root), root).analysis


def test_every_log_axis_of_the_report_states_its_ticks_in_plain_text(analysis):
    """Drawn again (the report's own figures are cleared once saved), laid out as for saving:
    every visible label of a log axis is plain text whose value is its tick's."""
    log_axes = 0
    for fig in trainer_figures(analysis):
        if not hasattr(fig, "fig"):  # skipped: nothing drawn
            continue
        fig.fig.draw_without_rendering()
        for ax in fig.fig.axes:
            for axis, scale in ((ax.xaxis, ax.get_xscale()), (ax.yaxis, ax.get_yscale())):
                ticks = [
                    (t.get_loc(), t.label1.get_text())
                    for t in [*axis.get_major_ticks(), *axis.get_minor_ticks()]
                    if t.label1.get_visible() and t.label1.get_text()
                ]
                lo, hi = sorted(axis.get_view_interval())
                shown = [(loc, text) for loc, text in ticks if lo <= loc <= hi]
                if scale != "log":
                    continue
                log_axes += 1
                assert shown, f"{fig.name}: a log axis without a label"
                for loc, text in shown:
                    assert "$" not in text, (fig.name, text)
                    assert _value(text) == pytest.approx(loc, rel=1e-9), (fig.name, text, loc)
    # throughput, accumulation (two), memory, loss_lr's gradient norm, strong scaling's speedup
    # and the nodes of every figure (log2_x: its own fixed labels)
    assert log_axes >= 6


def test_a_base_2_axis_is_labelled_with_binary_prefixes():
    """The comm figure's message bytes (log2): its ticks at powers of two read back as such
    (the formatter must be told its base, not take 10)."""
    from matplotlib.figure import Figure

    from scalestudy.report.figures.common import log_scale

    fig = Figure()
    ax = fig.add_subplot()
    ax.plot([2**4, 2**24], [1e-5, 1e-2])
    log_scale(ax, "x", base=2)
    fig.draw_without_rendering()
    shown = [
        (t.get_loc(), t.label1.get_text())
        for t in ax.xaxis.get_major_ticks()
        if t.label1.get_visible() and t.label1.get_text()
    ]
    lo, hi = sorted(ax.xaxis.get_view_interval())
    shown = [(loc, text) for loc, text in shown if lo <= loc <= hi]
    assert any(text.endswith(("Ki", "Mi")) for _, text in shown), shown
    for loc, text in shown:
        assert _value(text) == pytest.approx(loc, rel=1e-9), (text, loc)


def test_the_history_trend_figure_states_its_ticks_in_plain_text(tmp_path, monkeypatch):
    """`scalestudy history`'s trend figure (history/render.py) is on the same log axis: each
    figure is caught as it is saved and its y labels read back as above."""
    from matplotlib.figure import Figure
    from test_history import _history

    from scalestudy.cli import main

    history = _history(tmp_path, runs=4, change_at=2)
    seen: list[list[tuple[float, str]]] = []
    save = Figure.savefig

    def saving(fig, *args, **kwargs):
        fig.draw_without_rendering()
        for ax in fig.axes:
            if ax.get_yscale() == "log":
                lo, hi = sorted(ax.yaxis.get_view_interval())
                seen.append(
                    [
                        (t.get_loc(), t.label1.get_text())
                        for t in [*ax.yaxis.get_major_ticks(), *ax.yaxis.get_minor_ticks()]
                        if t.label1.get_visible()
                        and t.label1.get_text()
                        and lo <= t.get_loc() <= hi
                    ]
                )
        return save(fig, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", saving)
    main(["history", "--history", str(history)])
    assert (history / "report" / "trend-1.png").is_file()
    assert seen, "no trend figure with a log axis was saved"
    for shown in seen:
        assert shown, "a trend figure's log axis without a label"
        for loc, text in shown:
            assert "$" not in text, text
            assert _value(text) == pytest.approx(loc, rel=1e-9), (text, loc)
