-- A stand-in for a site's Open MPI module (tests/unit/test_packaging_site.py): Debian's Open MPI
-- wrappers and launcher by their plain names first on PATH (SCALESTUDY_TEST_SITE_MPI, a folder
-- of links the test makes), whatever Debian's alternatives point mpicc/mpirun at.
whatis("Open MPI 4.1 (scalestudy's stand-in for a site module)")
prepend_path("PATH", os.getenv("SCALESTUDY_TEST_SITE_MPI"))
