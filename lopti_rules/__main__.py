"""`python -m lopti_rules` runs the `lopti` command."""

from lopti_rules.cli.main import run

run()
