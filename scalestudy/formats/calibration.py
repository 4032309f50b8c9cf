"""calibration.json: what `scalestudy collect` writes for a `workload: comm` sweep (the fitted
collectives of cost_models/comm_fit.py) and what the report's projection reads back (--calibration,
or found under the results roots). Its name and schema string live here, once."""

from __future__ import annotations

FILE = "calibration.json"
SCHEMA = "scalestudy.calibration/1"
