"""Developer tools run from the command line and by the tests (python -m tools.<name>)."""
