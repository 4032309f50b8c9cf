"""`scalestudy compare BASE NEW [NEW...]`: the same points measured twice (another software
stack, another site, another day), matched by what was measured, with NEW/BASE ratios and
verdicts, beside what changed between the two environments (docs/compare.md).

    match    inputs -> sides: each results row keyed by what it measured (never by label/id)
    envdiff  the environment captures, job scripts, profile and sweep file, field by field
    analysis ratios with intervals (a point's own units' spread, else the runs' pooled noise),
             verdicts, the three outcomes against a tolerance, the regression gate
    noise    the noise a run shows, pooled over its points; Student's t (no SciPy)
    power    what a sweep's design lets compare see (`scalestudy plan` prints it)
    render   terminal table, compare.md, compare.html, the overlay figures
    cli      the verb
"""
