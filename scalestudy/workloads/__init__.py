"""The workloads a job runs besides the trainer (scalestudy.trainer): probe.py (launch check, no
TensorFlow), mpi_probe.py (an MPI family's own C probe), comm.py (Horovod's collectives, needs
TensorFlow and Horovod) and peak.py (a matmul rate, needs TensorFlow)."""
