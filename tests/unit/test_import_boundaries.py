import subprocess
import sys


def test_harness_side_imports_without_tensorflow():
    code = (
        "import sys\n"
        "import scalestudy.contract.point_config, scalestudy.contract.step_log\n"
        "import scalestudy.contract.comm_model, scalestudy.trainer.data, scalestudy.launchers\n"
        "import scalestudy.measure.ompi_monitoring, scalestudy.trainer.schedule\n"
        "heavy = [m for m in ('tensorflow', 'horovod', 'keras') if m in sys.modules]\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
