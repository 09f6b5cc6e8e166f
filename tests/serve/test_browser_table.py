"""The card table in a real browser, at phone size: a whole round played by tapping cards,
with the moves paced, the turn shown (bar, title, highlight), an illegal play refused in
place with its clauses once, the page never wider than the phone, no console error, no 404
and no serious accessibility violation (axe-core); the page in all six languages fitting a
phone through a round and a Roshambo; a person who leaves played by a bot and given the
seat back; moves blocked while the connection is down. The phone and desktop pictures of
docs/web.md are drawn here (`LOPTI_WEB_SHOTS=docs/img` writes them there)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from lopti_rules.i18n import LANGUAGES
from lopti_rules.i18n.rulebook import load as load_rulebook
from tests.serve.browsing import (
    CHROMIUM,
    DESKTOP,
    PHONE,
    SMALL_PHONE,
    Served,
    free_port,
    launched,
    open_page,
    served_table,
)
from tests.serve.helpers import lopti_serve

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="the chromium browser is not installed")
SHOTS = os.environ.get("LOPTI_WEB_SHOTS")  # a folder: the pictures go there too


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched() as running:
        yield running


class Watch:
    """What went wrong on a page: console errors, uncaught exceptions, failed requests."""

    def __init__(self, page: Any) -> None:
        self.problems: list[str] = []
        page.on("console", lambda m: self.problems.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.problems.append(str(e)))
        page.on(
            "response",
            lambda r: self.problems.append(f"{r.status} {r.url}") if r.status >= 400 else None,
        )


def fits(page: Any) -> None:
    """The page is never wider than the screen."""
    wide = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert wide[0] <= wide[1], f"the page is {wide[0]} px wide on a {wide[1]} px screen"


def accessible(page: Any) -> None:
    """axe-core (shipped in axe-playwright-python, no network) finds no serious or critical
    violation."""
    from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]

    found = Axe().run(page).response["violations"]
    bad = [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]
    assert not bad, bad


def shot(page: Any, name: str, tmp: Path) -> None:
    page.screenshot(path=str(tmp / name))
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / name))


def deal(page: Any, seats: list[str]) -> None:
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-{i}", kind)
    page.click("#deal-web")
    page.wait_for_function("() => state.game !== null")


def keep_cards(page: Any) -> None:
    page.wait_for_function("() => state.game !== null")
    keep = page.locator("#asks button.primary")  # "Keep my cards", in any language
    if keep.count():
        keep.first.click()
    page.wait_for_function("() => !state.asks.some((a) => a.kind === 'swap')")


def my_turn_or_over(page: Any) -> bool:
    """Wait until it is this page's turn (True) or the round is over (False); a rule's
    question to this page on the way is answered with its first answer."""
    while True:
        page.wait_for_function(
            "() => state.game && (state.game.over || state.legal.length > 0"
            " || state.asks.some((a) => a.kind === 'choice'))"
        )
        if not page.evaluate("() => state.asks.some((a) => a.kind === 'choice')"):
            return not page.evaluate("() => state.game.over")
        before = page.evaluate("() => state.seq")
        page.locator("#asks button").first.click()
        page.wait_for_function(f"() => state.seq > {before}")


ILLEGAL = """() => {
  const offered = new Set(state.legal.filter((m) => m.kind === 'play').map((m) => m.rank));
  const value = (r) => ({J: 11, Q: 12, K: 13, A: 14}[r] || Number(r));
  const hand = state.game.hand;
  return state.game.pile.length ? hand.findIndex((r) => !offered.has(value(r))) : -1;
}"""


def tap_a_move(page: Any) -> None:
    """Make a legal move as a person does: tap the cards of a play and Play, or Pick up,
    or tap a face-down card."""
    before = page.evaluate("() => state.seq")
    plays = page.evaluate("() => state.legal.filter((m) => m.kind === 'play')")
    if plays:
        chosen = plays[-1]
        name = {11: "J", 12: "Q", 13: "K", 14: "A"}.get(chosen["rank"], str(chosen["rank"]))
        cards = page.locator(f'#mine button[data-rank="{name}"]')  # the hand, or face-up
        for i in range(chosen["count"]):
            cards.nth(i).click()
        page.click("#play-selected")
    elif page.locator("#pickup:not([hidden])").count():
        page.click("#pickup")
    else:
        page.locator("#my-down button").first.click()
    page.wait_for_function(f"() => state.seq > {before}")


def test_a_round_on_a_phone_is_played_at_a_card_table(browser: Any, tmp_path: Path) -> None:
    with served_table(tmp_path, beat=0.05) as table:
        page = open_page(browser, table.host_url, size=PHONE)
        watch = Watch(page)
        fits(page)
        deal(page, ["person", "bot", "bot", "bot"])
        keep_cards(page)
        refused = keyed = False
        turns = 0
        while my_turn_or_over(page):
            turns += 1
            fits(page)
            assert "mine" in (page.get_attribute("#turnbar", "class") or "")
            assert page.title().startswith("●") and "turn" in page.inner_text("#turnbar")
            assert page.locator("#mine.turn").count() == 1  # the current player, lit
            assert page.locator("#table .seat.turn").count() == 0
            index = page.evaluate(ILLEGAL)
            if not refused and index >= 0:
                page.locator("#hand button").nth(index).click()
                page.click("#play-selected")
                page.wait_for_selector("#refusal:not([hidden])")
                said = page.inner_text("#refusal")
                found = re.fullmatch(r"[^()]+ \(rulebook: ([A-Z0-9., ]+)\)", said)
                assert found, said  # the rule in words, its clauses once
                ids = found.group(1).split(", ")
                book = load_rulebook("en")
                assert len(set(ids)) == len(ids) and all(book.find(i) for i in ids), said
                assert page.locator('#hand button[aria-pressed="true"]').count() == 0
                refused = True
                fits(page)
            if turns == 2:
                accessible(page)
                shot(page, "web-phone.png", tmp_path)
            if not keyed and turns == 3:
                before = page.evaluate("() => state.seq")
                page.locator("body").press("1")  # the keyboard plays the first move
                page.wait_for_function(f"() => state.seq > {before}")
                keyed = True
                continue
            tap_a_move(page)
            # while a bot is to act, its seat is lit (waited for: the page draws each state
            # as it comes, and the bots may have moved on meanwhile)
            page.wait_for_function(
                "() => state.game.over || state.game.to_act === 0"
                " || document.querySelectorAll('#table .seat.turn').length === 1"
            )
        assert turns >= 3 and refused
        page.wait_for_selector("#summary:not([hidden])")
        summary = page.inner_text("#summary")
        assert re.search(r"Round 1 is over: \w+ wins\.", summary), summary
        assert "Tens tax" in summary  # what each house rule did
        assert page.locator("#summary-places li").count() == 4
        fits(page)
        accessible(page)
        assert watch.problems == [], watch.problems


def test_the_table_on_a_laptop(browser: Any, tmp_path: Path) -> None:
    with served_table(tmp_path) as table:
        page = open_page(browser, table.host_url, size=DESKTOP)
        watch = Watch(page)
        deal(page, ["person", "bot", "bot", "bot"])
        keep_cards(page)
        for _ in range(2):
            if my_turn_or_over(page):
                tap_a_move(page)
        my_turn_or_over(page)
        assert page.locator("#table .seat").count() == 3
        if not page.evaluate("() => state.game.over"):  # the keyboard selects a card
            page.locator("#hand button").first.focus()
            page.keyboard.press("Enter")
            assert page.locator("#hand button").first.get_attribute("aria-pressed") == "true"
            focused = page.evaluate("() => document.activeElement.dataset.rank")
            assert focused == page.evaluate("() => state.game.hand[0]")  # the focus stays
            page.keyboard.press("Enter")
        assert page.locator("#hand svg.card").count() == page.evaluate("state.game.hand.length")
        fits(page)
        accessible(page)
        shot(page, "web-desktop.png", tmp_path)
        for path in ("/static/manifest.json", "/static/favicon.svg", "/static/icon-192.png"):
            assert page.request.get(table.base + path).ok, path
        icons = page.request.get(table.base + "/static/manifest.json").json()["icons"]
        assert all(page.request.get(table.base + icon["src"]).ok for icon in icons)
        assert watch.problems == [], watch.problems


def _vote_to_a_tie(host: Any, table: Served) -> None:
    """The host proposes to remove Ben's rule and enters votes: 2 against 2, Roshambo."""
    rule = next(r for r in table.service.evening.session.rules_in_force() if r.author == "Ben")
    host.select_option("#vote-action", "remove")
    assert host.locator("#vote-text").is_hidden() and host.locator("#vote-option").is_hidden()
    host.fill("#vote-rule", str(rule.id))
    host.click("#vote-propose")
    host.wait_for_selector("#vote-open:not([hidden])")
    for name, yes in (("Ann", True), ("Ben", False), ("Cat", True), ("Dan", False)):
        voted = host.evaluate("() => state.evening.vote.voted.length")
        host.select_option("#vote-for", name)
        host.click("#vote-for-yes" if yes else "#vote-for-no")
        host.wait_for_function(
            f"() => !state.evening.vote || state.evening.vote.voted.length > {voted}"
        )


def test_every_language_fits_a_phone(browser: Any, tmp_path: Path) -> None:
    """One device switches its language (the page's labels) at each step of a round and
    of a Roshambo, on the smallest phone; the slow tier does it per server language."""
    codes = list(LANGUAGES)
    assert len(codes) == 6
    with served_table(tmp_path) as table:
        page = open_page(browser, table.host_url, size=SMALL_PHONE)
        watch = Watch(page)

        def every_language() -> None:
            for code in codes:
                page.select_option("#lang", code)
                page.wait_for_function(f"() => document.documentElement.lang === '{code}'")
                fits(page)
                if code == "fr" and page.evaluate("() => state.game !== null"):
                    # the French rulebook's letters, V, D, R (S2)
                    shown = page.evaluate(
                        "() => [...document.querySelectorAll('#table svg.card text'),"
                        " ...document.querySelectorAll('#moves button')].map((n) => n.textContent)"
                    )
                    assert not any(re.search(r"\b[JQK]\b", text) for text in shown), shown
                    assert any(re.fullmatch(r"[VDR]", text) for text in shown), shown

        every_language()
        deal(page, ["person", "bot", "bot", "bot"])
        keep_cards(page)
        moves = 0
        while my_turn_or_over(page) and moves < 2:
            every_language()
            tap_a_move(page)
            moves += 1
        page.select_option("#lang", "en")
        page.wait_for_function("() => document.documentElement.lang === 'en'")
        page.click("#abandon")
        page.click("#abandon-yes")  # the host abandons the round: no winner
        page.wait_for_function("() => state.game.over && state.game.stalled")
        _vote_to_a_tie(page, table)
        page.wait_for_selector("#roshambo button")
        page.click("#to-vote")  # from the bar at the top to the throws, beside the vote
        assert page.inner_text("#to-vote") == "Go to your Roshambo throws"
        assert page.locator("#roshambo").is_visible()
        top = page.evaluate("() => document.getElementById('roshambo').getBoundingClientRect().top")
        assert 0 <= top < SMALL_PHONE["height"]  # on screen
        rock = page.locator("#roshambo button", has_text="Rock")
        for _ in range(60):
            rock.click()
        assert "(60 of at most 60)" in page.inner_text("#roshambo output")
        assert rock.is_disabled()  # no tap past the limit (K3)
        page.locator("#roshambo button", has_text="Undo").click()
        assert "(59 of at most 60)" in page.inner_text("#roshambo output")
        every_language()
        assert watch.problems == [], watch.problems


def test_a_person_who_leaves_is_played_by_a_bot_and_gets_the_seat_back(
    browser: Any, tmp_path: Path
) -> None:
    with served_table(tmp_path, away_after=0.5) as table:
        host = open_page(browser, table.host_url, size=DESKTOP)
        ben = open_page(browser, table.seat_url(1), size=PHONE)
        deal(host, ["person", "person", "bot", "bot"])
        keep_cards(host)
        keep_cards(ben)
        ben.context.close()  # Ben's phone dies
        host.wait_for_function("() => state.game.standins.includes(1) || state.game.over")
        log = host.inner_text("#log")
        assert "A bot plays for Ben until they are back." in log
        seat = host.locator('#table [data-seat="1"]')
        assert "a bot plays meanwhile" in seat.inner_text()
        if my_turn_or_over(host):  # the round goes on with Ben's seat played by a bot
            tap_a_move(host)
        ben = open_page(browser, table.seat_url(1), size=PHONE)  # Ben is back
        host.wait_for_function("() => !state.game.standins.includes(1)")
        assert "Ben is back and plays again." in host.inner_text("#log")
        if not host.evaluate("() => state.game.over"):
            host.click("text=A bot plays for Ben now")  # the host, at once
            ben.wait_for_selector("#seat-back:not([hidden])")
            ben.click("#seat-back")
            host.wait_for_function("() => !state.game.standins.includes(1)")


def test_moves_made_while_the_connection_is_down_are_blocked_and_said(
    browser: Any, tmp_path: Path
) -> None:
    with served_table(tmp_path) as table:
        page = open_page(browser, table.host_url, size=PHONE)
        deal(page, ["person", "bot", "bot", "bot"])
        keep_cards(page)
        my_turn_or_over(page)
        page.evaluate("() => { retry = 600000; ws.close(); }")  # the connection drops
        page.wait_for_selector("#turnbar.offline")
        assert "reconnecting" in page.inner_text("#turnbar")
        assert page.evaluate("() => document.getElementById('main').inert")
        sent = page.evaluate("() => send({type: 'move', seq: state.seq, move: state.legal[0]})")
        assert sent is False
        assert "nothing was sent" in page.inner_text("#error")
        page.evaluate("() => connect()")
        page.wait_for_selector("#turnbar:not(.offline)")
        assert not page.evaluate("() => document.getElementById('main').inert")


def test_the_winners_rule_box_starts_empty_and_the_table_sees_the_draft(
    browser: Any, tmp_path: Path
) -> None:
    with served_table(tmp_path) as table:
        host = open_page(browser, table.host_url, size=PHONE)
        cat = open_page(browser, table.seat_url(2), size=PHONE)
        deal(host, ["bot", "bot", "bot", "bot"])
        host.wait_for_selector("#write:not([hidden])")
        assert host.input_value("#rule-text") == ""
        assert host.is_disabled("#add-rule")
        host.locator("#examples button").first.click()  # an example, on purpose
        host.wait_for_function("() => !document.getElementById('add-rule').disabled")
        host.fill("#rule-text", 'rule "Skipper":\n    after play: skip next player\n')
        host.dispatch_event("#rule-text", "input")
        winner = host.evaluate("() => state.evening.winner")
        if winner != "Cat":
            cat.wait_for_function("() => state.draft && state.draft.text.includes('Skipper')")
            cat.wait_for_selector("#draft:not([hidden])")
            assert "LR102" in cat.inner_text("#draft")
            assert f"{winner} is writing" in cat.inner_text("#draft")
        host.wait_for_function("() => document.getElementById('add-rule').disabled")


@pytest.mark.slow
@pytest.mark.parametrize("size", [SMALL_PHONE, PHONE], ids=["360x640", "390x844"])
@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_whole_evening_fits_the_phone_in_each_server_language(
    browser: Any, tmp_path: Path, lang: str, size: dict[str, int]
) -> None:
    """`lopti serve --lang LANG`: a whole round played by tapping, then a tied vote's
    Roshambo thrown, the page never wider than the phone at any step."""
    port = free_port()
    args = ["--lang", lang, "--port", str(port), "--beat", "0", "--seed", "5"]
    args += ["--pack", str(Path(__file__).resolve().parents[2] / "examples/packs/gentle.yaml")]
    with lopti_serve(args, tmp_path) as lines:
        url = lines[1].split(": ", 1)[1].strip()
        page = open_page(browser, url, size=size)
        watch = Watch(page)
        fits(page)
        deal(page, ["person", "bot", "bot", "bot"])
        keep_cards(page)
        while my_turn_or_over(page):
            fits(page)
            tap_a_move(page)
        page.wait_for_selector("#summary:not([hidden])")
        fits(page)
        accessible(page)
        page.evaluate(
            "() => send({type: 'vote_open', action: 'base', option: 'places', value: true})"
        )
        page.wait_for_selector("#vote-open:not([hidden])")
        names = page.evaluate("() => state.names")
        for name, yes in zip(names, (True, False, True, False), strict=False):
            page.evaluate(f"() => send({{type: 'ballot', yes: {str(yes).lower()}, for: '{name}'}})")
        ben_url = page.evaluate("() => location.origin + '/?t=' + state.joins[0].token")
        ben = open_page(browser, ben_url, size=size)
        for device in (page, ben):
            device.wait_for_selector("#roshambo .throws button")
            for _ in range(40):
                device.locator("#roshambo .throws button").first.click()
            fits(device)
            device.locator("#roshambo .throws button.primary").click()
        page.wait_for_function("() => state.log.some((l) => l.includes('Roshambo'))")
        fits(page)
        fits(ben)
        accessible(page)
        assert watch.problems == [], watch.problems
