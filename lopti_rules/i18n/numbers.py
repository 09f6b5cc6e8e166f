"""Numbers as each language writes them: decimal commas, the percent sign's spacing, signs.

Takes: a number (a share as a fraction for a percentage) and how many decimals to show.
Produces: the text in the language in use, or in a language named (`"en"` for the English
of JSON output), from the CLDR data Babel ships: Italian "18,7%", German and French
"18,7 %" (with a no-break space), English "18.7%". `Number` keeps a number unformatted inside
a message kept as data (a vetting finding), so it is written when the message is said, in
the reader's language. Guarantees: Babel is imported on first use only, so a command that
shows no figures (`lopti check`) never loads it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from lopti_rules.i18n import current_language

if TYPE_CHECKING:
    from babel import Locale
    from babel.numbers import NumberPattern


@cache
def _locale(lang: str) -> Locale:
    from babel import Locale

    return Locale.parse(lang)  # `pt` is Brazilian Portuguese in CLDR, as the rulebook is


@cache
def _pattern(lang: str, percent: bool, digits: int) -> NumberPattern:
    from babel.numbers import parse_pattern

    loc = _locale(lang)
    formats = loc.percent_formats if percent else loc.decimal_formats
    pattern = parse_pattern(formats[None].pattern)
    pattern.frac_prec = (digits, digits)
    return pattern


@dataclass(frozen=True, slots=True)
class Number:
    """A number to write later: `percent` (a fraction, shown as a percentage), `signed`
    (always a sign: "+2.5"), `plusminus` (a half-width: "±5.2")."""

    value: float
    digits: int = 1
    percent: bool = False
    signed: bool = False
    plusminus: bool = False

    def shown(self, lang: str | None = None) -> str:
        """The number in `lang` (default: the language in use), rounded as Python rounds
        (`f"{x:.1f}"`), so every language shows the same digits."""
        from decimal import Decimal

        lang = lang or current_language()
        scaled = 100 * self.value if self.percent else self.value
        rounded = f"{scaled:+.{self.digits}f}"  # the sign, then the digits
        size = Decimal(rounded[1:]) / (100 if self.percent else 1)
        text: str = _pattern(lang, self.percent, self.digits).apply(size, _locale(lang))
        if self.plusminus:
            return "±" + text
        return rounded[0] + text if self.signed else ("-" if rounded[0] == "-" else "") + text


def decimal(value: float, digits: int = 1, *, signed: bool = False) -> str:
    """`value` with `digits` decimals in the language in use ("63,9")."""
    return Number(value, digits, signed=signed).shown()


def percent(share: float, digits: int = 1, *, signed: bool = False) -> str:
    """A share (0.187) as a percentage in the language in use ("18,7%", "18,7 %")."""
    return Number(share, digits, percent=True, signed=signed).shown()
