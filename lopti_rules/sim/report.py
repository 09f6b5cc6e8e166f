"""`lopti vet --html`: one self-contained page with the verdicts, the numbers and plots.

Takes a `Comparison` (compare.py), the records of both arms and a few words about the run.
Produces an HTML page with no external reference at all (inline CSS, every figure a PNG
embedded as a `data:` URI), which a browser opens from a file or an e-mail attachment:

- the verdict lines, warnings first, and the side-by-side table of `Comparison.text`;
- "Round length": the distribution of turns per round with and without the rule (step
  histograms on the same bins, means marked);
- "Win rate by seat": each seat's win rate with and without the rule, with Wilson 95%
  intervals, the author's seat named and the fair share 1/N drawn;
- "Fire rate": the share of rounds each rule fired in (Wilson intervals), the proposed
  rule highlighted, its fires per round written beside it.

Figures are drawn with matplotlib's Agg backend (no display needed); matplotlib is the
optional extra `report` and `MatplotlibMissing` says how to install it. `figures()` returns
the PNG bytes by name, so tests and the docs can use the figures on their own.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence
from typing import TYPE_CHECKING

from lopti_rules.i18n import N_, _, current_language
from lopti_rules.i18n.numbers import decimal
from lopti_rules.sim.compare import Comparison
from lopti_rules.sim.play import GameRecord

if TYPE_CHECKING:
    from matplotlib.figure import Figure

INSTALL_HINT = N_(
    "install it with `pip install 'lopti-rules[report]'` (from a checkout of the project: "
    "`pip install '.[report]'`)"
)
WITHOUT_COLOUR = "#7f8c8d"
WITH_COLOUR = "#d35400"


class MatplotlibMissing(RuntimeError):
    """matplotlib, which draws the report's plots, is not installed."""


def require_matplotlib() -> None:
    """Raise `MatplotlibMissing` (one sentence) unless matplotlib can be imported."""
    try:
        import matplotlib
    except ImportError:
        said = _("--html needs matplotlib to draw its plots: {hint}")
        raise MatplotlibMissing(said.format(hint=_(INSTALL_HINT))) from None
    matplotlib.use("Agg")


def _png(fig: Figure) -> bytes:
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=110, bbox_inches="tight", metadata={"Software": None})
    import matplotlib.pyplot as plt

    plt.close(fig)
    return out.getvalue()


def length_figure(without: Sequence[GameRecord], with_: Sequence[GameRecord]) -> bytes:
    import matplotlib.pyplot as plt

    a = [r.turns for r in without]
    b = [r.turns for r in with_]
    low, top = min([*a, *b]), max([*a, *b])
    step = max(1, (top - low) // 40)
    bins = list(range(low - low % step, top + 2 * step, step))
    fig, ax = plt.subplots(figsize=(7, 3.4))
    ax.hist(a, bins=bins, histtype="step", linewidth=2, color=WITHOUT_COLOUR, label=_("without"))
    ax.hist(b, bins=bins, histtype="step", linewidth=2, color=WITH_COLOUR, label=_("with the rule"))
    for xs, colour in ((a, WITHOUT_COLOUR), (b, WITH_COLOUR)):
        ax.axvline(sum(xs) / len(xs), color=colour, linestyle="--", linewidth=1)
    ax.set_xlabel(_("turns per round (dashed: mean)"))
    ax.set_ylabel(_("rounds"))
    ax.legend(frameon=False)
    return _png(fig)


def seats_figure(comparison: Comparison, names: Sequence[str]) -> bytes:
    import matplotlib.pyplot as plt

    n = len(comparison.seats)
    fig, ax = plt.subplots(figsize=(7, 3.4))
    width = 0.38
    for offset, summary, colour, label in (
        (-width / 2, comparison.without, WITHOUT_COLOUR, _("without")),
        (width / 2, comparison.with_, WITH_COLOUR, _("with the rule")),
    ):
        values = [100 * w.value for w in summary.wins]
        errors = [
            [100 * (w.value - w.low) for w in summary.wins],
            [100 * (w.high - w.value) for w in summary.wins],
        ]
        xs = [i + offset for i in range(n)]
        ax.bar(xs, values, width, yerr=errors, capsize=3, color=colour, label=label)
    fair = _("fair share (1/{n})").format(n=n)
    ax.axhline(100 / n, color="black", linestyle=":", linewidth=1, label=fair)
    role = "\n" + (_("(proposer)") if comparison.base_change else _("(author)"))
    labels = [f"{s} {names[s]}" + (role if s == comparison.author else "") for s in range(n)]
    ax.set_xticks(range(n), labels)
    ax.set_ylabel(_("win rate, % (95% CI)"))
    ax.legend(
        frameon=False, fontsize="small", loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=3
    )
    return _png(fig)


def fires_figure(comparison: Comparison) -> bytes:
    return _png(fires_plot(comparison))


def fires_plot(comparison: Comparison) -> Figure:
    """The fire-rate figure: a share of rounds, so its axis runs from 0 to 100%; each
    rule's fires per round are written to the right of the axes."""
    import matplotlib.pyplot as plt

    rules = comparison.with_.rules
    proposed = len(rules) - len(comparison.titles)
    fig, ax = plt.subplots(figsize=(7, 0.9 + 0.45 * len(rules)))
    ys = list(range(len(rules)))[::-1]
    values = [100 * r.rounds.value for r in rules]
    errors = [
        [100 * (r.rounds.value - r.rounds.low) for r in rules],
        [100 * (r.rounds.high - r.rounds.value) for r in rules],
    ]
    colours = [WITH_COLOUR if i >= proposed else WITHOUT_COLOUR for i in range(len(rules))]
    ax.barh(ys, values, xerr=errors, capsize=3, color=colours)
    beside = ax.get_yaxis_transform()  # x in axes fractions, y in data
    for y, rule in zip(ys, rules, strict=True):
        label = _("{n}/round").format(n=decimal(rule.per_round.value, 2))
        ax.text(1.02, y, label, va="center", fontsize="small", transform=beside)
    ax.set_yticks(ys, [r.title for r in rules])
    ax.set_xlim(0, 100)
    ax.set_xticks([0, 25, 50, 75, 100])
    ax.set_xlabel(_("rounds in which the rule fired, % (95% CI); the proposed rule in orange"))
    return fig


def figures(
    comparison: Comparison,
    without: Sequence[GameRecord],
    with_: Sequence[GameRecord],
    names: Sequence[str],
) -> dict[str, bytes]:
    """The report's figures as PNG bytes, by name."""
    require_matplotlib()
    return {
        _("Round length"): length_figure(without, with_),
        _("Win rate by seat"): seats_figure(comparison, names),
        _("Fire rate"): fires_figure(comparison),
    }


CSS = """
body { font-family: system-ui, sans-serif; max-width: 56rem; margin: 2rem auto; padding: 0 1rem;
       color: #222; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
ul.findings { list-style: none; padding: 0; }
ul.findings li { padding: .3rem .6rem; margin: .2rem 0; border-left: .3rem solid #27ae60; }
ul.findings li.warning { border-color: #c0392b; background: #fdf2f0; }
p.verdict { font-weight: bold; font-size: 1.1rem; }
pre { background: #f6f6f6; padding: .8rem; overflow-x: auto; font-size: .85rem; }
img { max-width: 100%; }
"""


def html_page(
    comparison: Comparison,
    without: Sequence[GameRecord],
    with_: Sequence[GameRecord],
    names: Sequence[str],
    heading: str,
    details: str,
) -> str:
    """The whole page, as text."""
    pictures = figures(comparison, without, with_, names)
    findings = sorted(comparison.findings, key=lambda f: not f.warning)
    items = "\n".join(
        f'<li class="{"warning" if f.warning else "fine"}">{html.escape(f.shown())}</li>'
        for f in findings
    )
    table = "\n".join(comparison.text(names).splitlines()[: -len(findings) - 2])
    sections = "\n".join(
        f"<h2>{html.escape(title)}</h2>\n"
        f'<img alt="{html.escape(title)}" src="data:image/png;base64,'
        f'{base64.b64encode(png).decode("ascii")}">'
        for title, png in pictures.items()
    )
    numbers = _("The numbers")  # outside the f-string, where `pybabel extract` finds it
    return f"""<!DOCTYPE html>
<html lang="{current_language()}">
<head>
<meta charset="utf-8">
<title>{html.escape(heading)}</title>
<style>{CSS}</style>
</head>
<body>
<h1>{html.escape(heading)}</h1>
<p>{html.escape(details)}</p>
<p class="verdict">{html.escape(comparison.verdict(_))}</p>
<ul class="findings">
{items}
</ul>
<h2>{html.escape(numbers)}</h2>
<pre>{html.escape(table)}</pre>
{sections}
</body>
</html>
"""
