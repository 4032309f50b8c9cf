-- A module for the tests of the job scripts' setup (tests/unit/test_job_setup.py): loading it
-- sets one variable, so a test can tell it was loaded in the job's shell.
whatis("scalestudy's test module")
setenv("SCALESTUDY_TEST_MODULE", "1.0")
