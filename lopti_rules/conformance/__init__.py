"""Conformance scenarios: the base rules (and custom rules) stated as data, and their runner.

`loader` finds and validates scenario files (`model`), `runner` plays them against the engine.
The format is the contract in spec/CONFORMANCE.md; docs/conformance.md explains how to write
and run scenarios. The corpus that states RULES.md lives in tests/conformance/.
"""

from lopti_rules.conformance.loader import Loaded, discover, load_all, load_file
from lopti_rules.conformance.model import Scenario
from lopti_rules.conformance.runner import RUNTIME_MISSING, Result, run_paths, run_scenario

__all__ = [
    "RUNTIME_MISSING",
    "Loaded",
    "Result",
    "Scenario",
    "discover",
    "load_all",
    "load_file",
    "run_paths",
    "run_scenario",
]
