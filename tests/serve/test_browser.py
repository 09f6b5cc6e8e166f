"""The web table in a real browser (Playwright driving the system's chromium) against a
uvicorn server on 127.0.0.1 (the card table itself - a whole round at phone size, the six
languages, a leaver - is test_browser_table.py): a second device with its own hand only,
the winner's rule checked live and added, a tied vote settled by Roshambo thrown on two
devices, the defender the supporters choose when a rule's creator is away, an old rule
brought back at setup, and a reload that keeps the seat."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.serve.browsing import CHROMIUM, Served, free_port, launched, open_page, served_table
from tests.serve.helpers import TENS_TAX, lopti_serve

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="the chromium browser is not installed")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched() as running:
        yield running


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    with served_table(tmp_path) as table:
        yield table


def _page(browser: Any, url: str, *, phone: bool = False) -> Any:
    return open_page(browser, url, phone=phone)


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
    assert sorted(_hand(ben)) == sorted(own)
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
        page.wait_for_selector("#roshambo button")  # beside the vote
        assert "Roshambo against" in page.inner_text("#roshambo")
        button = page.locator("#roshambo button", has_text=throw)
        for _ in range(31):
            button.click()
        page.locator("#roshambo button", has_text="Throw").click()
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
    args = ["--lang", "fr", "--port", str(free_port())]
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


def _hand(page: Any) -> list[str]:
    """The ranks of the cards in the page's hand, as the server named them."""
    ranks = page.locator("#hand button").evaluate_all("(bs) => bs.map((b) => b.dataset.rank)")
    return [str(r) for r in ranks]


def _seq_vote(page: Any) -> int:
    return int(page.evaluate("() => state.evening.vote ? state.evening.vote.voted.length : 0"))


def test_a_reload_resumes_the_seat(browser: Any, served: Served) -> None:
    ben = _page(browser, f"{served.base}/?t={served.service.tokens.seat[1]}")
    host = _page(browser, served.host_url)
    _deal(host, ["person", "person", "bot", "bot"])
    ben.wait_for_function("() => state.game !== null")
    hand = sorted(_hand(ben))
    ben.reload()
    ben.wait_for_function("() => typeof state !== 'undefined' && state !== null")
    assert "You are Ben" in ben.inner_text("#who")
    assert sorted(_hand(ben)) == hand
    ben.goto(served.base + "/")  # the token is remembered on this device
    ben.wait_for_function("() => typeof state !== 'undefined' && state !== null")
    assert "You are Ben" in ben.inner_text("#who")
