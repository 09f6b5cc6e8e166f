"""Diagnostics shared by every stage: sources and spans, the code registry, rendering.

`source` carries a file's text and path and collects `Diagnostic`s; `codes` is the one table of
stable codes; `spell` gives "did you mean"; `render` and `sarif` turn per-file results into the
concise, full, JSON and SARIF formats. Nothing here knows the rule language or the game.
"""
