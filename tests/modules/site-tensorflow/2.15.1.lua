-- A stand-in for a site's TensorFlow module (tests/unit/test_packaging_site.py): a Python 3.11
-- and a folder of TensorFlow 2.15.1 and its dependencies on PYTHONPATH, as EasyBuild's
-- modules expose theirs. The test names both folders (the project's .venv's TensorFlow,
-- without Horovod or scalestudy) in SCALESTUDY_TEST_SITE_PYTHON and SCALESTUDY_TEST_SITE_TF.
whatis("TensorFlow 2.15.1 (scalestudy's stand-in for a site module)")
prepend_path("PATH", os.getenv("SCALESTUDY_TEST_SITE_PYTHON"))
prepend_path("PYTHONPATH", os.getenv("SCALESTUDY_TEST_SITE_TF"))
