"""pydantic's schema errors, in the reader's language.

Takes one error of a pydantic `ValidationError` (`exc.errors()[i]`); produces what is wrong
with the value as a phrase ("should be a whole number"), for the one-sentence problems of a
pack, a session file, a scenario or a web message, which add where it is. pydantic writes
its own words in English, so the errors a person editing a file meets (a missing or unknown
key, a value of the wrong type, out of range, too long, not one of the allowed words) are
said from the catalogue by their type, with the limits pydantic reports; an error a model's
own validator raised (`value_error`) is already one of lopti's translated sentences; any
other keeps pydantic's words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from lopti_rules.i18n import N_, Nn_, _, ngettext

_SAID = {
    "missing": N_("missing, and it is required"),
    "extra_forbidden": N_("not a key allowed here"),
    "string_type": N_("should be text"),
    "int_type": N_("should be a whole number"),
    "int_parsing": N_("should be a whole number"),
    "int_from_float": N_("should be a whole number"),
    "float_type": N_("should be a number"),
    "float_parsing": N_("should be a number"),
    "bool_type": N_("should be true or false"),
    "bool_parsing": N_("should be true or false"),
    "list_type": N_("should be a list"),
    "tuple_type": N_("should be a list"),
    "dict_type": N_("should be a mapping of keys to values"),
    "model_type": N_("should be a mapping of keys to values"),
    "model_attributes_type": N_("should be a mapping of keys to values"),
    "literal_error": N_("should be one of {expected}"),
    "enum": N_("should be one of {expected}"),
    "greater_than_equal": N_("should be at least {ge}"),
    "greater_than": N_("should be more than {gt}"),
    "less_than_equal": N_("should be at most {le}"),
    "less_than": N_("should be less than {lt}"),
}
# (type, its limit in ctx): a plural phrase by the limit
_COUNTED = {
    "string_too_long": (
        "max_length",
        Nn_("should be at most {n} character long", "should be at most {n} characters long"),
    ),
    "string_too_short": (
        "min_length",
        Nn_("should be at least {n} character long", "should be at least {n} characters long"),
    ),
    "too_long": (
        "max_length",
        Nn_("should hold at most {n} item", "should hold at most {n} items"),
    ),
    "too_short": (
        "min_length",
        Nn_("should hold at least {n} item", "should hold at least {n} items"),
    ),
}
_QUOTED = re.compile(r"'([^']*)'")


def schema_words(error: Mapping[str, Any]) -> str:
    """What is wrong, in the language in use (pydantic's own words for a rarer error)."""
    kind = str(error["type"])
    ctx: Mapping[str, Any] = error.get("ctx") or {}
    counted = _COUNTED.get(kind)
    if counted is not None and isinstance(ctx.get(counted[0]), int):
        n = int(ctx[counted[0]])
        return ngettext(*counted[1], n).format(n=n)
    said = _SAID.get(kind)
    if said is None:
        return str(error["msg"]).removeprefix("Value error, ")
    values = {key: str(value) for key, value in ctx.items()}
    if "expected" in values:  # pydantic's "'a', 'b' or 'c'": the words, without its "or"
        words = _QUOTED.findall(values["expected"]) or [values["expected"]]
        values["expected"] = ", ".join(f"`{w}`" for w in words)
    try:
        return _(said).format(**values)
    except (KeyError, IndexError):  # a limit pydantic did not report: its own words
        return str(error["msg"])
