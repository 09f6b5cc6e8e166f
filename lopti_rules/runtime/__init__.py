"""The hook runtime: custom rules layered onto the engine's event bus (LANGUAGE.md §4).

Pipeline: rule text -> `parse` -> `check` (all rules together) -> compile (this stage) ->
hooks on `game.bus` -> the engine runs them at each event's before/after moment. The first
three steps are wired in `lopti_rules.api` (the runtime never parses or checks).

Public API (stable; other parts of the project call it):

- `api.ruleset_from_sources(entries, *, roster=None, limits=None) -> RuleSet` (and
  `api.ruleset_from_pack`, `api.load_rules`): parse, check all together, compile, or raise
  `RulesRejected(diagnostics)`; entries have `.source` (a `Source`) and `.author` (a seat),
  e.g. `pack.PackEntry` or `RuleEntry`, in the order the rules came into force.
- `compile_rules(units, *, limits=None, warnings=())`: checked `ast.File`s with their
  authors' seats -> a `RuleSet` (what the api calls after the checker).
- `ruleset.install(game) -> Runtime` for a built game; `ruleset.attach(bus) -> Runtime`
  before `Game.new(options, seed, bus=bus)` so `round`/`deal`/first `turn` hooks run too.
- `Runtime`: `rule` (title of the rule running now, or None), `fires` (title -> count),
  `trips` (`GuardTrip`s: rule, reason), `limits` (`GuardLimits`).
- `api.compile_unchecked(text)`: TEST ONLY, forces rules past the checker to test the guard.

docs/runtime.md explains the timing, every action's semantics and the guard.
"""

from lopti_rules.engine.asks import Chooser
from lopti_rules.runtime.guard import GuardLimits, GuardTrip
from lopti_rules.runtime.install import CompiledHook, Runtime
from lopti_rules.runtime.load import Entry, RuleEntry, RuleSet, RulesRejected, compile_rules

__all__ = [
    "Chooser",
    "CompiledHook",
    "Entry",
    "GuardLimits",
    "GuardTrip",
    "RuleEntry",
    "RuleSet",
    "RulesRejected",
    "Runtime",
    "compile_rules",
]
