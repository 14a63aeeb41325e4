"""``studspec serve`` driven in a real headless Chromium, by clicks and typing (Playwright).

The server runs as its own process on a free loopback port; the browser is the system's
Chromium (``/usr/bin/chromium``, or ``STUDSPEC_CHROMIUM``): Playwright's driver talks to
it, no browser is downloaded. The flows: the casebook's bring-in tie built by clicking on
the Ask page and its ruling read; a case opened by search; a shared link followed in a
fresh browser; a phone-sized screen; the keyboard alone. Screenshots of the key pages go to
``docs/_build/screenshots/`` (a CI artefact); with ``STUDSPEC_UPDATE_DOC_IMAGES=1`` they
also replace the guide's images in ``docs/images/serve/``.

Runs only with ``-m browser`` (CI does).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web_server import Server, running_server

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "docs" / "_build" / "screenshots"
DOC_IMAGES = ROOT / "docs" / "images" / "serve"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--no-first-run"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1,
         "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1280, "height": 900}}


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with running_server() as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    executable = os.environ.get("STUDSPEC_CHROMIUM") or shutil.which("chromium") \
        or "/usr/bin/chromium"
    if not Path(executable).exists():
        pytest.fail("Chromium is not installed (apt-get install chromium)")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable,
                                              args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


GUIDE_IMAGES = ("ask-bring-in-tie", "case-bring-in-tie", "phone-ask", "phone-deal-grid",
                "phone-dispute-short-all-in")
"""The screenshots the guide shows (docs/at-the-table.rst)."""


def shot(page: Any, name: str, *, full_page: bool = True) -> None:
    """A screenshot of the page, kept for CI (and for the guide when asked)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    target = SHOTS / f"serve-{name}.png"
    page.screenshot(path=str(target), full_page=full_page)
    assert target.stat().st_size > 5_000
    if name in GUIDE_IMAGES and os.environ.get("STUDSPEC_UPDATE_DOC_IMAGES") == "1":
        DOC_IMAGES.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(target, DOC_IMAGES / target.name)


def build_the_tie_by_clicking(page: Any, server: Server) -> None:
    """Alice 7♣, Bob 2♦, Carol 2♣ showing: the table typed in, the door cards picked."""
    page.goto(server.url + "/")
    page.get_by_role("link", name="Ask").click()
    for number, name in ((1, "Alice"), (2, "Bob"), (3, "Carol")):
        page.get_by_label(f"p{number} name").fill(name)
        page.get_by_label(f"p{number} stack").fill("100")
    for number in range(4, 11):
        page.get_by_label(f"p{number} name").fill("")
        page.get_by_label(f"p{number} stack").fill("")
    page.get_by_label("Ante").fill("1")
    page.get_by_label("Bring-in").fill("3")
    page.get_by_label("Small bet").fill("10")
    page.get_by_label("Big bet").fill("20")
    page.get_by_role("button", name="Start the hand").click()
    for door in ("seven of clubs", "two of diamonds", "two of clubs"):   # the grid
        page.get_by_role("button", name=door, exact=True).click()
    page.get_by_role("button", name="Deal these cards").click()


def test_the_bring_in_tie_built_by_clicking(browser: Any, server: Server) -> None:
    page = browser.new_page(**LAPTOP)
    build_the_tie_by_clicking(page, server)
    answer = page.locator("#answer + div").inner_text()
    assert "Under Robert's Rules roberts, Seed text S000 (Spanish) s000, TDA 2024 tda-2024:" \
        in answer
    assert "p3 Carol acts, to bring in" in answer
    assert "Under Seed text S002 (Italian) s002:" in answer and "p2 Bob acts, to bring in" in answer
    assert page.get_by_role("img", name="two of clubs, up").count() == 1
    assert "decidirá el palo" in page.locator(".clauses").inner_text()  # BRINGIN-02
    shot(page, "ask-bring-in-tie")
    page.get_by_role("link", name="p3 Carol: bring-in 3").click()
    assert "p1 Alice acts, facing 3 (0 in on this street)" in \
        page.locator("#answer + div").inner_text()
    page.close()


def test_a_case_opened_by_search(browser: Any, server: Server) -> None:
    page = browser.new_page(**LAPTOP)
    page.goto(server.url + "/")
    shot(page, "casebook")
    page.get_by_label("Words").fill("deuces")
    page.get_by_role("button", name="Search").click()
    found = page.get_by_role("status").inner_text()
    assert found.endswith(" cases") and int(found.split()[0]) < int(found.split()[2])
    page.get_by_role("link", name="Two deuces showing: who brings in?").click()
    assert page.url.endswith("/cases/bring-in-tie-by-suit")
    groups = page.locator(".group").all_inner_texts()
    assert any("Carol brings in" in g for g in groups)
    assert any("Bob brings in" in g and "s002" in g for g in groups)
    assert page.locator("#clause-bringin-02").count() == 1
    assert "decidirá el palo" in page.locator("#clause-bringin-02 ~ blockquote").first \
        .inner_text() or "decidirá el palo" in page.content()
    shot(page, "case-bring-in-tie")
    page.close()


def test_a_shared_link_reproduces_the_situation(browser: Any, server: Server) -> None:
    page = browser.new_page(**LAPTOP)
    build_the_tie_by_clicking(page, server)
    link = page.get_by_label("The link reproduces it exactly:").input_value()
    table = page.locator("table.seats").inner_text()
    answer = page.locator("#answer + div").inner_text()
    page.close()
    fresh = browser.new_context(**LAPTOP)  # another browser: no history, no cookies
    other = fresh.new_page()
    other.goto(server.url + link)
    assert other.locator("table.seats").inner_text() == table
    assert other.locator("#answer + div").inner_text() == answer
    fresh.close()


def test_a_phone_sized_screen(browser: Any, server: Server) -> None:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    for path, name in (("/", "phone-casebook"), ("/cases/bring-in-tie-by-suit",
                                                  "phone-case")):
        page.goto(server.url + path)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{path} is {width} px wide on a 390 px screen"
        shot(page, name, full_page=False)
    build_the_tie_by_clicking(page, server)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    button = page.get_by_role("link", name="p3 Carol: bring-in 3").bounding_box()
    assert button is not None and button["height"] >= 40   # a finger can hit it
    page.locator("#act").scroll_into_view_if_needed()
    shot(page, "phone-ask", full_page=False)
    context.close()


CONTRAST = """(selector) => {
  const rgb = (text) => text.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => {
    const [R, G, B] = [r, g, b].map((v) => { v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * R + 0.7152 * G + 0.0722 * B; };
  return [...document.querySelectorAll(selector)].map((el) => {
    let back = el, bg = "rgba(0, 0, 0, 0)";
    while (back && (bg = getComputedStyle(back).backgroundColor) === "rgba(0, 0, 0, 0)")
      back = back.parentElement;
    const [a, b] = [lum(rgb(getComputedStyle(el).color)),
                    lum(rgb(bg === "rgba(0, 0, 0, 0)" ? "rgb(255, 255, 255)" : bg))];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}"""


def test_text_and_cards_have_readable_contrast(browser: Any, server: Server) -> None:
    """Every card, answer, note and link reaches WCAG AA contrast (4.5:1) on its
    background; a suit is told by its glyph and its name as well as its colour."""
    page = browser.new_page(**LAPTOP)
    page.goto(server.url + "/cases/bring-in-tie-by-suit")
    for selector in (".card", ".answer", ".profiles", ".note", ".english", "a", "caption",
                     "footer p", "header a"):
        ratios = page.evaluate(CONTRAST, selector)
        assert ratios and min(ratios) >= 4.5, (selector, min(ratios or [0]))
    glyphs = page.locator(".card.suit-clubs").all_inner_texts()
    assert glyphs and all(text.endswith("♣") for text in glyphs)
    page.close()


def test_keyboard_alone(browser: Any, server: Server) -> None:
    page = browser.new_page(**LAPTOP)
    page.goto(server.url + "/")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to the content"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "search-q":
            break
    assert page.evaluate("document.activeElement.id") == "search-q"
    page.keyboard.type("deuces")
    page.keyboard.press("Enter")
    page.wait_for_url("**/?q=deuces**")
    target = "/cases/bring-in-tie-by-suit"
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.getAttribute('href')") == target:
            break
    page.keyboard.press("Enter")
    page.wait_for_url("**" + target)
    # the focused element is always visibly outlined
    page.keyboard.press("Tab")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("none", "")
    # on the case page, the situation opens on the Ask page, and Carol brings in by keys
    for _ in range(60):
        page.keyboard.press("Tab")
        if "Ask page" in page.evaluate("document.activeElement.textContent"):
            break
    page.keyboard.press("Enter")
    page.wait_for_url("**/ask?**")
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent") == "p3 Carol: bring-in 3":
            break
    page.keyboard.press("Enter")
    page.wait_for_url("**a=p3+pb**")
    assert "p1 Alice acts, facing 3 (0 in on this street)" in \
        page.locator("#answer + div").inner_text()
    page.close()


def test_the_page_loads_while_200_connections_are_held(browser: Any, server: Server) -> None:
    """W1: idle and half-sent connections never keep a browser from its page."""
    from tests.test_web_connections import held_connections

    with held_connections(server, 200):
        page = browser.new_page(**PHONE)
        response = page.goto(server.url + "/")
        assert response is not None and response.status == 200
        assert page.get_by_role("heading", name="The casebook").count() == 1
        page.close()


class Counted:
    """A page whose clicks, fills, key presses and page loads are counted: the interactions
    a floor person makes."""

    def __init__(self, page: Any) -> None:
        self.page, self.count = page, 0

    def goto(self, url: str) -> None:
        self.count += 1
        self.page.goto(url)

    def click(self, locator: Any) -> None:
        self.count += 1
        locator.click()


def lines_of(text: str) -> list[str]:
    """A group's lines, blank ones left out (the first names the profiles)."""
    return [line.strip() for line in text.splitlines() if line.strip()]


def answer_groups(page: Any) -> list[str]:
    return page.locator("#answer + div .group").all_inner_texts()


@pytest.fixture()
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(**PHONE)
    yield context.new_page()
    context.close()


def fits_the_phone(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_dispute_a_bring_in_tie_on_a_phone(phone: Any, server: Server) -> None:
    page = Counted(phone)
    page.goto(server.url + "/ask")
    page.click(phone.get_by_role("button", name="Start the hand"))
    for door in ("seven of clubs", "two of diamonds", "two of clubs"):
        page.click(phone.get_by_role("button", name=door, exact=True))
    # each tap filled the chosen seat's field, then chose the next seat; taken cards greyed
    assert [phone.get_by_label(f"p{n} {name}: down, down, up").input_value()
            for n, name in ((1, "Alice"), (2, "Bob"), (3, "Carol"))] == ["7c", "2d", "2c"]
    assert phone.get_by_role("button", name="two of clubs", exact=True).is_disabled()
    fits_the_phone(phone)
    phone.locator("#deal").scroll_into_view_if_needed()
    shot(phone, "phone-deal-grid", full_page=False)
    page.click(phone.get_by_role("button", name="Deal these cards"))
    first, second = answer_groups(phone)
    assert lines_of(first)[1].startswith("Decided by BRINGIN-02")
    assert "decidirá el palo" in first
    assert ("Result: p3 Carol brings in: 2♦ (p2 Bob) and 2♣ (p3 Carol) tie for the lowest "
            "door card; the tie is broken by suit, lowest first: clubs") in first
    assert "Result: p2 Bob brings in" in second and "by position" in second
    assert page.count < 15, page.count
    fits_the_phone(phone)
    phone.locator("#answer").scroll_into_view_if_needed()
    shot(phone, "phone-dispute-bring-in-tie", full_page=False)


def test_dispute_a_short_all_in_on_a_phone(phone: Any, server: Server) -> None:
    page = Counted(phone)
    page.goto(server.url + "/ask")
    page.click(phone.get_by_role("link", name="A short all-in raise on 5th street"))
    page.click(phone.get_by_role("link", name="p2 Bob: raise to 25 (all-in)"))
    page.click(phone.get_by_role("link", name="p3 Carol: call 25"))
    (group,) = answer_groups(phone)
    assert lines_of(group)[1].startswith("Decided by BET-11")
    assert ("Result: p1 Alice may fold, call 25; no raise: an all-in for less than a full "
            "raise does not reopen the betting") in group
    assert page.count < 15, page.count
    fits_the_phone(phone)
    phone.locator("#answer").scroll_into_view_if_needed()
    shot(phone, "phone-dispute-short-all-in", full_page=False)


def test_dispute_an_odd_chip_in_hilo_on_a_phone(phone: Any, server: Server) -> None:
    page = Counted(phone)
    page.goto(server.url + "/ask")
    page.click(phone.get_by_role("link", name="Stud/8: a pot of 27"))
    for _ in range(2):       # each player shows the cards the table knows
        page.click(phone.get_by_role("button", name="Show", exact=True).first)
    (group,) = answer_groups(phone)
    assert lines_of(group)[1].startswith("Decided by POT-04")
    assert ("Result: Main pot 27: high p1 Ann 14; low p2 Ben 13. The pot of 27 does not "
            "halve exactly: the odd chip goes to the high half, so to p1 Ann") in group
    assert page.count < 15, page.count
    fits_the_phone(phone)
    phone.locator("#answer").scroll_into_view_if_needed()
    shot(phone, "phone-dispute-hilo-odd-chip", full_page=False)


def test_dispute_eight_players_on_seventh_street_on_a_phone(phone: Any,
                                                           server: Server) -> None:
    page = Counted(phone)
    page.goto(server.url + "/ask")
    page.click(phone.get_by_role("link", name="Eight players reach 7th street"))
    page.click(phone.get_by_role("link", name="p8 Hal: check"))
    groups = answer_groups(phone)
    assert len(groups) == 3               # three procedures, never grouped as one
    assert all(lines_of(g)[1].startswith("Decided by DECK-04") for g in groups)
    by_profiles = {lines_of(g)[0]: g for g in groups}
    tda = next(g for head, g in by_profiles.items() if "TDA 2024" in head)
    assert "scramble stub and burns; burn 1; turn up one community card" in tda
    s002 = next(g for head, g in by_profiles.items() if "S002" in head)
    assert "scramble" not in s002.split("Result:")[1]
    assert page.count < 15, page.count
    fits_the_phone(phone)
    phone.locator("#answer").scroll_into_view_if_needed()
    shot(phone, "phone-dispute-eight-players", full_page=False)
