"""YAML files read with their line numbers, and their problems said at those lines: the leaf
that the sweep file (scalestudy/sweepfile) and the cluster profiles (profiles.py) share."""
