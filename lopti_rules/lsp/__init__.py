"""`lopti lsp`: the language server for rule files and the inline rules of packs.

Everything it says comes from the same code as the CLI: diagnostics from `lopti_rules.api`
(the codes, messages and ranges of `lopti check`), formatting from `lopti fmt`'s
`format_file`, completion and hover from the language catalogue and the grammar. The pieces:

- `table`: which pack the workspace's table plays (`lopti.toml` or a client setting);
- `diagnose`: a document's text in, `lopti check`'s diagnostics out (with a pack's rules);
- `convert`: those diagnostics as LSP ones, in the client's (UTF-16) columns, with quick fixes;
- `words`, `complete`, `hover`: what the cursor is on, what may be written there, what it means;
- `server`: the pygls server wiring them to the protocol (`lopti lsp` runs it over stdio);
- `client`: a minimal client of the server, for tests, benchmarks and scripts.

Only `server` (and `convert`) import pygls; it is the `lsp` extra.
"""
