"""`scalestudy report`: the results table (and step logs, where present) -> figures, an HTML
report, a Markdown summary. Data flows one way: load -> stats/scaling -> projection -> figures
-> html/markdown. Nothing here imports TensorFlow or Horovod."""
