"""The web table in a real browser (Playwright driving the system's chromium) against a
uvicorn server on 127.0.0.1: a whole round against bots, a refused move with its clause, a
second device with its own hand only, the winner's rule checked live and added, a tied
vote settled by Roshambo thrown on two devices, the defender the supporters choose when a
rule's creator is away, an old rule brought back at setup, and a reload that keeps the
seat."""

from __future__ import annotations

import re
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from lopti_rules.serve.app import make_app, server_options
from lopti_rules.serve.evening import Evening
from lopti_rules.serve.service import TableService, table_file_for
from tests.serve.helpers import TENS_TAX, lopti_serve

CHROMIUM = shutil.which("chromium")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="the chromium browser is not installed")
ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "examples" / "packs" / "gentle.yaml"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@dataclass
class Served:
    service: TableService
    base: str

    @property
    def host_url(self) -> str:
        return f"{self.base}/?t={self.service.tokens.host}"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    """A table for the gentle pack's four players, its evening in a session file."""
    import uvicorn

    from lopti_rules.cli.play import load_rules_of

    pack, _, names = load_rules_of(str(PACK), None)
    rules = [(names[e.author], e.source.text) for e in pack.entries]
    path = tmp_path / "evening.yaml"
    service = TableService(
        Evening.open(path, names, rules), table_file=table_file_for(path), seed=11
    )
    port = _free_port()
    options: Any = server_options()  # as `lopti serve` runs
    config = uvicorn.Config(make_app(service), host="127.0.0.1", port=port, **options)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started, "the server did not start"
    yield Served(service, f"http://127.0.0.1:{port}")
    server.should_exit = True
    thread.join(10)


def _page(browser: Any, url: str, *, phone: bool = False) -> Any:
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
    page = browser.new_context(viewport=size).new_page()
    page.set_default_timeout(30000)
    page.goto(url)
    page.wait_for_function("() => typeof state !== 'undefined' && state !== null")
    return page


def _seq(page: Any) -> int:
    return int(page.evaluate("() => state.seq"))


def _deal(page: Any, seats: list[str]) -> None:
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-{i}", kind)
    before = _seq(page)
    page.click("#deal-web")
    page.wait_for_function(f"() => state.seq > {before}")
    swap = page.locator("#asks button", has_text="Keep my cards")
    if swap.count():
        before = _seq(page)
        swap.first.click()
        page.wait_for_function(f"() => state.seq > {before}")


def _over(page: Any) -> bool:
    return bool(page.evaluate("() => state.game !== null && state.game.over"))


def _my_move(page: Any, *, keyboard: bool = False) -> None:
    """Make the first legal move (tap, or the key 1) and wait for the table to move on."""
    before = _seq(page)
    if keyboard:
        page.locator("body").press("1")
    else:
        page.locator("#moves button").first.click()
    page.wait_for_function(f"() => state.seq > {before}")


def _wait_my_turn(page: Any) -> None:
    page.wait_for_function("() => state.game && (state.game.over || state.legal.length > 0)")


def test_a_person_plays_a_whole_round_against_three_bots(browser: Any, served: Served) -> None:
    page = _page(browser, served.host_url)
    page.wait_for_selector("#host:not([hidden])")
    _deal(page, ["person", "bot", "bot", "bot"])
    moves = 0
    while not _over(page):
        _wait_my_turn(page)
        if _over(page):
            break
        _my_move(page, keyboard=moves % 2 == 1)
        moves += 1
    status = page.inner_text("#status")
    assert re.search(r"Round 1 is over: \w+ wins\.", status), status
    assert "wins the round" in page.inner_text("#log")
    assert served.service.evening.session.state.rounds[0].finished


def test_a_refused_move_shows_its_clause(browser: Any, served: Served) -> None:
    page = _page(browser, served.host_url)
    _deal(page, ["person", "bot", "bot", "bot"])
    find = """() => {
      const offered = new Set(state.legal.filter(m => m.kind === 'play').map(m => m.rank));
      const value = (r) => ({J: 11, Q: 12, K: 13, A: 14}[r] || Number(r));
      return state.game.hand.findIndex(r => !offered.has(value(r)));
    }"""
    for _ in range(200):
        _wait_my_turn(page)
        assert not _over(page), "the round ended before an illegal play could be tried"
        index = page.evaluate(find)
        if index >= 0 and page.evaluate("() => state.game.pile.length > 0"):
            page.locator("#hand button").nth(index).click()
            page.click("#play-selected")
            page.wait_for_selector("#error:not([hidden])")
            text = page.inner_text("#error")
            assert re.search(r"cannot play .+ \[[A-Z][A-Za-z0-9., ]+\]$", text), text
            return
        _my_move(page)
    pytest.fail("no illegal play came up")


def test_a_second_device_joins_and_sees_only_its_own_hand(browser: Any, served: Served) -> None:
    host = _page(browser, served.host_url)
    host.click("#joins >> xpath=..")  # open the details
    link = host.locator("#joins a").first.get_attribute("href")
    assert link and served.service.tokens.seat[1] in link
    assert host.locator("#joins img").first.get_attribute("alt") == "QR code to join as Ben"
    ben = _page(browser, link, phone=True)
    assert "You are Ben" in ben.inner_text("#who")
    assert ben.locator("#host").is_hidden()
    _deal(host, ["person", "person", "bot", "bot"])
    ben.wait_for_function("() => state.game !== null")
    keep = ben.locator("#asks button", has_text="Keep my cards")
    if keep.count():
        keep.first.click()
    ben.wait_for_function("() => state.asks.length === 0")
    round_ = served.service.round
    assert round_ is not None
    from lopti_rules.engine.cards import RANK_NAMES

    own = [RANK_NAMES[r] for r in round_.game.view(1).hand]
    shown = ben.locator("#hand button").all_inner_texts()
    assert sorted(shown) == sorted(own)
    seen = ben.evaluate("() => JSON.stringify(state)")
    assert served.service.tokens.host not in seen and '"joins"' not in seen
    game = ben.evaluate("() => state.game")
    assert all(isinstance(n, int) for n in game["face_down"]) and len(game["hand"]) == len(own)


def _finish_a_bot_round(page: Any) -> None:
    _deal(page, ["bot", "bot", "bot", "bot"])
    page.wait_for_function("() => state.evening.winner !== null")


def test_the_winners_rule_is_checked_live_and_added(browser: Any, served: Served) -> None:
    page = _page(browser, served.host_url)
    _finish_a_bot_round(page)
    page.wait_for_selector("#write:not([hidden])")
    box = page.locator("#rule-text")
    box.fill("")
    box.type(TENS_TAX.replace("Tens tax", "Ten toll").replace("ten:", "tenn:"), delay=2)
    page.wait_for_function(  # the check of the whole text, after those of its beginnings
        "() => document.getElementById('diagnostics').textContent.includes('LR503')"
    )
    problem = page.inner_text("#diagnostics")
    assert "LR503" in problem and "hint:" in problem and "2:" in problem
    assert page.is_disabled("#add-rule")
    box.fill(TENS_TAX.replace("Tens tax", "Ten toll"))
    box.dispatch_event("input")
    page.wait_for_function(
        "() => document.getElementById('rule-verdict').textContent.includes('accepts')"
    )
    assert "After a ten clears the pile" in page.inner_text("#words")
    page.click("#add-rule")
    page.wait_for_function("() => state.evening.rules.some(r => r.title === 'Ten toll')")
    assert "Ten toll" in page.inner_text("#rules")
    assert page.locator("#write").is_hidden()


def test_a_tied_vote_goes_to_roshambo(browser: Any, served: Served) -> None:
    host = _page(browser, served.host_url)
    ben = _page(browser, f"{served.base}/?t={served.service.tokens.seat[1]}", phone=True)
    rule = next(r for r in served.service.evening.session.rules_in_force() if r.author == "Ben")
    host.select_option("#vote-action", "remove")
    host.fill("#vote-rule", str(rule.id))
    host.click("#vote-propose")
    host.wait_for_selector("#vote-open:not([hidden])")
    for name, yes in (("Ann", True), ("Cat", True), ("Dan", False)):
        host.select_option("#vote-for", name)
        before = _seq_vote(host)
        host.click("#vote-for-yes" if yes else "#vote-for-no")
        host.wait_for_function(f"() => state.evening.vote.voted.length > {before}")
    ben.wait_for_selector("#vote-open:not([hidden])")
    ben.click("#vote-no")
    for page, throw in ((host, "Rock"), (ben, "Scissors")):
        page.wait_for_selector("#asks fieldset")
        assert "Roshambo against" in page.inner_text("#asks")
        button = page.locator("#asks button", has_text=throw)
        for _ in range(31):
            button.click()
        page.locator("#asks button", has_text="Throw").click()
    host.wait_for_function("() => state.evening.vote === null")
    history = host.inner_text("#history")
    assert "Roshambo" in history and "Ann wins" in history
    assert rule.title not in host.inner_text("#rules")


def test_the_supporters_choose_a_defender_when_the_creator_is_away(
    browser: Any, served: Served
) -> None:
    host = _page(browser, served.host_url)
    rule = next(r for r in served.service.evening.session.rules_in_force() if r.author == "Ben")
    host.select_option("#vote-action", "remove")
    host.fill("#vote-rule", str(rule.id))
    host.check("#vote-absent")
    host.click("#vote-propose")
    host.wait_for_selector("#vote-defenders-box:not([hidden])")
    host.locator("#vote-defenders label", has_text="Dan").locator("input").check()
    host.click("#vote-defenders-set")
    host.wait_for_function("() => state.evening.vote.defenders.includes('Dan')")
    assert "Dan" in host.inner_text("#log")
    for name, yes in (("Ann", True), ("Cat", True), ("Dan", False)):
        host.select_option("#vote-for", name)
        before = _seq_vote(host)
        host.click("#vote-for-yes" if yes else "#vote-for-no")
        host.wait_for_function(f"() => state.evening.vote.voted.length > {before}")
    host.click("#vote-close")  # 2 of the 4 players: a tie; Ben is away, Dan defends (K1)
    host.wait_for_function("() => state.evening.vote.roshambo !== null")
    assert "Tied: Ann and Dan play Roshambo" in host.inner_text("#vote-what")
    assert host.locator("#vote-defenders-box").is_hidden()


def test_an_old_rule_comes_back_at_setup(browser: Any, served: Served) -> None:
    host = _page(browser, served.host_url)
    _restore_at_setup(host, TENS_TAX.replace("Tens tax", "Old tax"), "Old tax", "Cat")
    assert "Old tax by Cat" in host.inner_text("#rules")
    assert "comes back" in host.inner_text("#log")
    _deal(host, ["person", "bot", "bot", "bot"])
    assert host.locator("#setup-box").is_hidden()  # only during setup (E3)


def test_a_rule_asks_the_person_to_choose(browser: Any, served: Served) -> None:
    host = _page(browser, served.host_url)
    gift = 'rule "Gift":\n    after play: player gives 1 card to next player\n'
    _restore_at_setup(host, gift, "Gift")
    _deal(host, ["person", "bot", "bot", "bot"])
    for _ in range(40):  # play until a play of Ann's makes the rule ask her
        host.wait_for_function("() => state.legal.length > 0 || state.game.asking === 0")
        if host.evaluate("() => state.game.asking === 0"):
            break
        before = _seq(host)
        plays = host.locator("#moves button", has_text="Play")
        (plays.first if plays.count() else host.locator("#moves button").first).click()
        host.wait_for_function(f"() => state.seq > {before}")
    question = host.locator("#asks fieldset", has_text="Gift: choose 1 card to give to")
    question.wait_for()
    assert "A rule asks you to choose" in host.inner_text("#status")
    before = _seq(host)
    question.locator("button").last.click()
    host.wait_for_function(f"() => state.seq > {before} && state.game.asking !== 0")
    assert host.locator("#asks fieldset", has_text="Gift").count() == 0


def test_lopti_serve_lang_fr_shows_the_page_in_french(browser: Any, tmp_path: Path) -> None:
    args = ["--lang", "fr", "--port", str(_free_port())]
    with lopti_serve(args, tmp_path) as lines:
        page = _page(browser, lines[1].split(": ", 1)[1].strip())
        page.wait_for_function("() => document.documentElement.lang === 'fr'")
        assert page.inner_text("#table-h") == "La table"
        assert page.inner_text("#status") == "Aucune manche n'est encore jouée ici."
        assert "Vous êtes Ann (siège 0), l'hôte." in page.inner_text("#who")
        assert page.inner_text("#deal-web") == "Distribuer une manche ici"
        page.select_option("#lang", "de")  # this device only: another language
        page.wait_for_function("() => document.documentElement.lang === 'de'")
        assert page.inner_text("#table-h") == "Der Tisch"
        assert "Du bist Ann (Sitzplatz 0) und leitest den Tisch." in page.inner_text("#who")


def test_the_table_reports_conduct_with_a_button(browser: Any, served: Served) -> None:
    host = _page(browser, served.host_url)
    swear = (
        'rule "No swearing":\n    conduct swearing "swear at the table"\n'
        "    after caught swearing: player draws 1\n"
    )
    _restore_at_setup(host, swear, "No swearing")
    _deal(host, ["person", "bot", "bot", "bot"])
    host.wait_for_selector("#calls-box:not([hidden])")
    report = host.locator("#calls button", has_text="Report: Ben (swear at the table)")
    assert host.locator("#calls button", has_text="Report: Ann").count() == 0  # not oneself
    before = _seq(host)
    report.click()
    host.wait_for_function(f"() => state.seq > {before}")
    host.wait_for_function("() => document.getElementById('log').innerText.includes('reports Ben')")
    assert "Ann reports Ben" in host.inner_text("#log")


def _restore_at_setup(page: Any, text: str, title: str, author: str = "Ann") -> None:
    """The host brings back an old rule at setup (E3), Ann, Ben and Cat voting for it."""
    page.click("#setup-box summary")
    page.fill("#setup-text", text)
    page.select_option("#setup-author", author)
    for name in ("Ann", "Ben", "Cat"):
        page.locator("#setup-yes label", has_text=name).locator("input").check()
    page.click("#setup-restore")
    page.wait_for_function(f"() => state.evening.rules.some((r) => r.title === {title!r})")


def _seq_vote(page: Any) -> int:
    return int(page.evaluate("() => state.evening.vote ? state.evening.vote.voted.length : 0"))


def test_a_reload_resumes_the_seat(browser: Any, served: Served) -> None:
    ben = _page(browser, f"{served.base}/?t={served.service.tokens.seat[1]}")
    host = _page(browser, served.host_url)
    _deal(host, ["person", "person", "bot", "bot"])
    ben.wait_for_function("() => state.game !== null")
    hand = sorted(ben.locator("#hand button").all_inner_texts())
    ben.reload()
    ben.wait_for_function("() => typeof state !== 'undefined' && state !== null")
    assert "You are Ben" in ben.inner_text("#who")
    assert sorted(ben.locator("#hand button").all_inner_texts()) == hand
    ben.goto(served.base + "/")  # the token is remembered on this device
    ben.wait_for_function("() => typeof state !== 'undefined' && state !== null")
    assert "You are Ben" in ben.inner_text("#who")
