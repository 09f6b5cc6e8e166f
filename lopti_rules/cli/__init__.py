"""The `lopti` command line: one module per command, loaded only when that command runs."""
