"""Conformance scenarios: the base rules (and custom rules) stated as data, and their runner.

`loader` finds and validates scenario files (`model`), `runner` plays them against the engine.
The format is the contract in spec/CONFORMANCE.md; docs/conformance.md explains how to write
and run scenarios. The corpus that states RULES.md lives in tests/conformance/.
"""

from lopti_rules.conformance.loader import Loaded, discover, load_all, load_file
from lopti_rules.conformance.model import Scenario
from lopti_rules.conformance.runner import (
    REAL_ENGINE,
    RUNTIME_MISSING,
    Engine,
    Result,
    run_loaded,
    run_paths,
    run_scenario,
)

__all__ = [
    "REAL_ENGINE",
    "RUNTIME_MISSING",
    "Engine",
    "Loaded",
    "Result",
    "Scenario",
    "discover",
    "load_all",
    "load_file",
    "run_loaded",
    "run_paths",
    "run_scenario",
]
