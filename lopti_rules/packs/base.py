"""The `--base` option: base variants written `skip=8,reverse=J` on the command line.

`parse_base(text, start)` reads comma-separated `NAME=VALUE` pairs (a bare NAME means `on`)
onto `start` (a pack's `base:`, or RULES.md) and validates the result exactly as a pack's
`base:` is validated. Any mistake is a ValueError of one sentence naming the pair at fault.
"""

from __future__ import annotations

from pydantic import ValidationError

from lopti_rules.diagnostics.schema import schema_words
from lopti_rules.diagnostics.spell import did_you_mean
from lopti_rules.i18n import _
from lopti_rules.packs.pack import BaseVariants


def parse_base(text: str, start: BaseVariants | None = None) -> BaseVariants:
    """`start` with the `NAME=VALUE` pairs of `text` applied; ValueError on a mistake."""
    values: dict[str, object] = (start or BaseVariants()).model_dump()
    known = list(BaseVariants.model_fields)
    for pair in (p.strip() for p in text.split(",")):
        if not pair:
            continue
        name, _equals, value = pair.partition("=")
        key = name.strip().lower().replace("-", "_")
        if key not in BaseVariants.model_fields:
            hint = did_you_mean(key, known)
            said = (
                _("`{name}` is not a base variant; {hint}")
                if hint
                else _("`{name}` is not a base variant (known: {known})")
            )
            raise ValueError(said.format(name=name.strip(), hint=hint, known=", ".join(known)))
        values[key] = value.strip() if value else "on"
    return validated(values)


def validated(values: dict[str, object]) -> BaseVariants:
    """`BaseVariants(**values)`; ValueError of one sentence naming the first bad field."""
    try:
        return BaseVariants.model_validate(values)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(p) for p in error["loc"])
        message = schema_words(error)
        got = error.get("input")
        if not where:
            raise ValueError(message) from None
        said = (
            _("base variant `{where}`: {message}")
            if isinstance(got, dict)
            else _("base variant `{where}`: {message} (got {got})")
        )
        raise ValueError(said.format(where=where, message=message, got=repr(got))) from None
