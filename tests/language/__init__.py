"""Tests of the rule language front-end: grammar, parser, syntax errors, formatter, CLI."""
