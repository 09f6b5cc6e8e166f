"""The rule language's front end: text in, a typed AST (or syntax diagnostics) out.

`grammar/lopti.lark` is loaded once (`parse`); `transform` shapes Lark's tree into the frozen
nodes of `ast`; `syntax_report` classifies a parse failure against the example table of
`syntax_errors`; `fmt` prints an AST back in canonical form; `catalog` holds the language's
vocabulary (events, actors, fields, actions) as data for every later stage.
"""
