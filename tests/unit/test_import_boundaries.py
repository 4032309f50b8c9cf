import subprocess
import sys


def test_harness_side_imports_without_tensorflow():
    code = (
        "import sys\n"
        "import scalestudy.contract.point_config, scalestudy.contract.step_log\n"
        "import scalestudy.contract.comm_model, scalestudy.trainer.data, scalestudy.launchers\n"
        "import scalestudy.measure.ompi_monitoring, scalestudy.trainer.schedule\n"
        "import scalestudy.report.build, scalestudy.report.cli, scalestudy.collect\n"
        "import scalestudy.contract.comm_fit, scalestudy.workloads.comm\n"
        "heavy = [m for m in ('tensorflow', 'horovod', 'keras') if m in sys.modules]\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_report_verb_imports_no_pandas_or_matplotlib_until_it_runs():
    # scalestudy/cli.py imports the report's argument parser at start-up: keep --help fast
    code = (
        "import sys\n"
        "import scalestudy.report.cli\n"
        "heavy = [m for m in ('pandas', 'matplotlib', 'numpy') if m in sys.modules]\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
