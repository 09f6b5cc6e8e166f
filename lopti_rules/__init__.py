"""lopti-rules: author, validate and play house rules for the card game Lopti.

The package is a pipeline, one stage per module or sub-package:

    grammar/lopti.lark -> parse (syntax) -> ast -> check -> runtime (hooks on the bus)
    -> engine -> cli

`source` carries a rule file's text and path and collects the diagnostics of every stage.
"""

__version__ = "0.1.0"
