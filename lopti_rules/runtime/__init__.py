"""The hook runtime: custom rules layered onto the engine's event bus (LANGUAGE.md §4).

Pipeline: rule text -> `parse` -> `check` (all rules together) -> compile (closures) ->
hooks on `game.bus` -> the engine runs them at each event's before/after moment.

Public API (stable; other parts of the project call it):

- `RuleSet.from_sources(entries, *, roster=None, limits=None) -> RuleSet`: entries have
  `.source` (a `Source`) and `.author` (a seat), e.g. `pack.PackEntry` or `RuleEntry`, in the
  order the rules came into force. Raises `RulesRejected(diagnostics)` if the checker finds
  any error: a rejected rule can never be loaded.
- `RuleSet.from_pack(loaded_pack)`, `load_rules(text_or_texts, author=0, *, roster=None)`.
- `ruleset.install(game) -> Runtime` for a built game; `ruleset.attach(bus) -> Runtime`
  before `Game.new(options, seed, bus=bus)` so `round`/`deal`/first `turn` hooks run too.
- `Runtime`: `rule` (title of the rule running now, or None), `fires` (title -> count),
  `trips` (`GuardTrip`s: rule, reason), `limits` (`GuardLimits`).
- `compile_unchecked(text)`: TEST ONLY, forces rules past the checker to test the guard.

docs/runtime.md explains the timing, every action's semantics and the guard.
"""

from lopti_rules.runtime.guard import GuardLimits, GuardTrip
from lopti_rules.runtime.install import Chooser, CompiledHook, Runtime
from lopti_rules.runtime.load import (
    Entry,
    RuleEntry,
    RuleSet,
    RulesRejected,
    compile_unchecked,
    load_rules,
)

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
    "compile_unchecked",
    "load_rules",
]
