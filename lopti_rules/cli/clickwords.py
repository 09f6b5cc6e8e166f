"""click's own messages (a mistyped option, a missing argument, a bad value) in the language
people read.

Takes: the language in use (`lopti_rules.i18n`). click marks its messages with the standard
library's `gettext.gettext` and `gettext.ngettext`, which look a message up in the process's
text domain, in the language the `LANGUAGE` variable names (then `LC_ALL`, `LC_MESSAGES`,
`LANG`). Produces: `speaking()`, which for one run of the command line makes lopti's
catalogue that text domain and `LANGUAGE` the language in use (`follow()` after each choice
of it), then puts both back as they were; and the click messages a person meets, marked here
for the catalogue (`N_`, `Nn_` for the plural ones; a test checks click still says each of
them). Guarantees: click's words come from lopti's catalogues, nothing parses click's English;
a message click says that is not listed here stays English (and so do the words click
translates once, when a command is defined: the `file` of a path's problems, the `integer`
of a number's); outside `speaking()` nothing of
the process's gettext state is changed, so a browser or a child process started after a run
never inherits a language.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager

from lopti_rules.i18n import DOMAIN, LOCALE_DIR, N_, Nn_, current_language

# click's usage errors and the lines around them, word for word as click writes them
CLICK_MESSAGES = (
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("Invalid value: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing {param_type}"),
    N_("Missing parameter: {param_name}"),
    N_("Missing command."),
    N_("No such option {name!r}."),
    N_("No such command {name!r}."),
    N_("Could not open file {filename!r}: {message}"),
    N_("Option {name!r} does not take a value."),
    N_("Argument {name!r} takes {nargs} values."),
    N_("Choose from:\n\t{choices}"),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
)
CLICK_PLURALS = (
    Nn_("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
    Nn_("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
    Nn_("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."),
    Nn_("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
)

_saved: list[tuple[str, str | None]] = []  # the text domain and LANGUAGE before each run


@contextmanager
def speaking() -> Iterator[None]:
    """For the `with` block: click says its messages from lopti's catalogue, in the
    language in use; afterwards the process's text domain and `LANGUAGE` are as before."""
    gettext.bindtextdomain(DOMAIN, str(LOCALE_DIR))
    _saved.append((gettext.textdomain(), os.environ.get("LANGUAGE")))
    gettext.textdomain(DOMAIN)
    follow()
    try:
        yield
    finally:
        domain, language = _saved.pop()
        gettext.textdomain(domain)
        if language is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = language


def follow() -> None:
    """click speaks the language now in use (after `--lang` chose it); outside `speaking()`
    nothing changes."""
    if _saved:
        os.environ["LANGUAGE"] = current_language()
