"""The HTML report of `vet`: its figures are real PNG images with content, the page embeds
all of them and references nothing outside itself; when Debian's chromium is installed, the
page is also rendered in it, headless, and the screenshot is checked to hold the plots."""

from __future__ import annotations

import base64
import io
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from lopti_rules.sim import GameRecord, Table, compare, simulate
from lopti_rules.sim.compare import Comparison
from lopti_rules.sim.report import figures, fires_plot, html_page

from .sim_helpers import CROWN, TENS_TAX, table

if TYPE_CHECKING:
    from numpy.typing import NDArray

image = pytest.importorskip("matplotlib.image")

NAMES = ["Ann", "Ben", "Cat", "Dan"]

# a comparison and the records of its two arms (without, with the proposed rule)
Vetted = tuple[Comparison, list[GameRecord], list[GameRecord]]


@pytest.fixture(scope="module")
def vetted() -> Vetted:
    without, with_ = simulate([table(TENS_TAX), table(TENS_TAX, CROWN)], 80, 2)
    c = compare(
        without, with_, players=4, titles_in_force=["Tens tax"], proposed=["Crown"], author=1
    )
    return c, without, with_


def pixels(png: bytes) -> NDArray[Any]:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    pixels: NDArray[Any] = image.imread(io.BytesIO(png), format="png")
    return pixels


def test_every_figure_is_a_png_with_a_plot_in_it(vetted: Vetted) -> None:
    pictures = figures(*vetted, NAMES)
    assert list(pictures) == ["Round length", "Win rate by seat", "Fire rate"]
    for name, png in pictures.items():
        img = pixels(png)
        height, width = img.shape[:2]
        assert width > 300 and height > 100, name
        assert img.std() > 0.05, f"{name} is blank"


def test_the_fire_rate_axis_stops_at_100_percent(vetted: Vetted) -> None:
    import matplotlib.pyplot as plt

    fig = fires_plot(vetted[0])
    (axes,) = fig.axes
    assert axes.get_xlim() == (0.0, 100.0)
    assert max(axes.get_xticks()) == 100
    plt.close(fig)


class _Refs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.images: list[str] = []
        self.refs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for key, value in attrs:
            if key in ("src", "href") and value is not None:
                (self.images if tag == "img" else self.refs).append(value)


def test_the_page_is_self_contained(vetted: Vetted) -> None:
    page = html_page(*vetted, NAMES, "Vetting 'Crown'", "80 paired rounds")
    parser = _Refs()
    parser.feed(page)
    assert len(parser.images) == 3 and parser.refs == []
    for src in parser.images:
        assert src.startswith("data:image/png;base64,")
        pixels(base64.b64decode(src.removeprefix("data:image/png;base64,")))
    assert "http://" not in page and "https://" not in page and "<script" not in page
    assert "Verdict:" in page and "Vetting &#x27;Crown&#x27;" in page


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(_chromium() is None, reason="chromium is not installed")
def test_the_page_renders_in_headless_chromium(vetted: Vetted, tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    page.write_text(html_page(*vetted, NAMES, "Vetting", "details"), encoding="utf-8")
    shot = tmp_path / "shot.png"
    browser = _chromium()
    assert browser is not None
    subprocess.run(
        [
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--window-size=1000,2000",
            f"--screenshot={shot}",
            page.as_uri(),
        ],
        check=True,
        capture_output=True,
        timeout=90,
    )
    img = pixels(shot.read_bytes())
    # the plots draw orange bars and lines (WITH_COLOUR #d35400): find them in the screenshot
    orange = (
        (abs(img[..., 0] - 0xD3 / 255) < 0.06)
        & (abs(img[..., 1] - 0x54 / 255) < 0.06)
        & (abs(img[..., 2]) < 0.06)
    )
    assert orange.sum() > 2000


def test_a_two_player_table_gets_every_figure() -> None:
    without, with_ = simulate([Table(2), table(CROWN, players=2)], 30, 0)
    c = compare(without, with_, players=2, titles_in_force=[], proposed=["Crown"], author=0)
    assert len(figures(c, without, with_, ["Ann", "Ben"])) == 3
