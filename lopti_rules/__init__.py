"""lopti-rules: author, validate and play house rules for the card game Lopti.

The package is a pipeline, one stage per module or sub-package:

    grammar/lopti.lark -> parse (syntax) -> ast -> check -> runtime (hooks on the bus)
    -> engine -> cli

Folders: `language/` (text -> AST), `diagnostics/` (sources, codes, rendering), `check/`,
`packs/`, `runtime/` (hooks), `engine/` (the game, its bus and observers), `bots/`, `sim/`,
`session/`, `conformance/`, and a thin `cli/`; `api.py` is where the stages are wired.
"""

__version__ = "0.1.0"
