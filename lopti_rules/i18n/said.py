"""A sentence kept as data: a message id with its named arguments, said in the reader's language.

Takes: a message id (the English text, as `_()` takes it) and its arguments, each a number,
a name or another `Said`. Produces: `told(said)`, the sentence in the language in use
(`told(said, english)`: in English). Guarantees: a file keeps what was said, never in whose
language, so the same session file reads in Italian for one player and in Polish for
another; a plain string (an older file's English sentence, or words people typed) is told as
it is.

    from lopti_rules.i18n.said import Said, told
    told(Said(id="Yes votes: {yes} of {players} players, more than half (V4)",
              args={"yes": 3, "players": 4}))

Words that depend on a number are worded so that no form follows it ("draws: {n}"), since a
kept message has no plural forms.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel, ConfigDict, Field

from lopti_rules.i18n import _


class Said(BaseModel):
    """A message id and its named arguments (an argument may itself be a `Said`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1, description="The message id: the English text.")
    args: dict[str, int | str | Said] = Field(default_factory=dict)


def english(message: str) -> str:
    return message


def told(said: Said | str, translate: Callable[[str], str] | None = None) -> str:
    """`said` in the language in use (or through `translate`, e.g. `english`); a plain string
    as it is."""
    if isinstance(said, str):
        return said
    args = {k: told(v, translate) if isinstance(v, Said) else v for k, v in said.args.items()}
    return (translate or _)(said.id).format(**args)
