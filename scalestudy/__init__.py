"""scalestudy: scaling studies of the densified Transformer trainer."""
