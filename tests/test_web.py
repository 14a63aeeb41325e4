"""``studspec serve`` over real HTTP: the server runs as its own process on a loopback port.

The pages answer what the command line answers (the casebook's rulings, ``next``'s legal
actions); a situation built step by step through the forms reproduces from its link and
exports as a case file ``studspec ruling`` reads and as PHH the PHH reader reads; bad input
(forged, truncated or oversized links, impossible cards, huge bodies, paths) gets a clear
page and a 4xx status, never a 500 or a traceback; a small load on loopback leaves the
server answering and its memory flat.
"""

from __future__ import annotations

import html
import http.client
import re
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import parse_qs, quote, urlencode, urlsplit

import pytest

from studspec.cases import load_case, load_casebook, rule
from studspec.cli.next_cmd import grouped_answers
from studspec.records.phh import parse_phh
from studspec.specdata.profiles import all_profiles
from studspec.web.names import profile_name
from tests.web_server import Server, rss_kib, running_server

DATA = Path(__file__).parent / "data" / "handhistories"
TIE_TABLE = {"game": "high", "ante": "1", "bring_in": "3", "small_bet": "10",
             "big_bet": "20", "name1": "Alice", "stack1": "100", "name2": "Bob",
             "stack2": "100", "name3": "Carol", "stack3": "100"}
TIE_DEAL = {"c1": "7c", "c2": "2d", "c3": "2c"}   # the door cards; the downcards unseen


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with running_server() as running:
        yield running


def fetch(server: Server, path: str, *, method: str = "GET", body: bytes | None = None,
          headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
    """One request on its own connection; redirects are returned, not followed."""
    host = urlsplit(server.url)
    connection = http.client.HTTPConnection(host.hostname, host.port, timeout=30)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return (response.status, {k.lower(): v for k, v in response.getheaders()},
                response.read().decode("utf-8", "replace"))
    finally:
        connection.close()


def follow(server: Server, path: str) -> tuple[str, str]:
    """GET a form's target; it answers 303 to the new situation's link: (link, page)."""
    status, headers, _ = fetch(server, path)
    assert status == 303, (status, path)
    link = headers["location"].split("#")[0]
    status, _, page = fetch(server, link)
    assert status == 200
    return link, page


def text_of(page: str) -> str:
    words = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())
    return re.sub(r" ([,.:;])", r"\1", words)


def under(profiles: list[str] | tuple[str, ...]) -> str:
    """A group's profiles as a page shows them: plain name, then the code."""
    return ", ".join(f"{profile_name(name)} {name}" for name in profiles)


def assert_clear_refusal(status: int, page: str, expected: int, words: str) -> None:
    assert status == expected
    assert 'role="alert"' in page and words in page
    assert "Traceback" not in page and "File \"" not in page


def build_tie(server: Server) -> tuple[str, str]:
    """The casebook's bring-in tie, built through the forms: the table, then the deal."""
    link, _ = follow(server, "/ask/new?" + urlencode(TIE_TABLE))
    state = link.split("?", 1)[1]
    return follow(server, f"/ask/deal?{state}&{urlencode(TIE_DEAL)}")


def test_casebook_lists_every_case_and_searches(server: Server) -> None:
    status, _, page = fetch(server, "/")
    assert status == 200
    assert f"{len(load_casebook())} of {len(load_casebook())} cases" in page
    _, _, found = fetch(server, "/?q=deuces")
    assert 'href="/cases/bring-in-tie-by-suit"' in found
    _, _, by_clause = fetch(server, "/?clause=MISDEAL-09")
    ids = set(re.findall(r'href="/cases/([a-z0-9-]+)"', by_clause))
    assert ids == {c.id for c in load_casebook().values() if "MISDEAL-09" in c.clauses}
    _, _, by_kind = fetch(server, "/?kind=dealer")
    ids = set(re.findall(r'href="/cases/([a-z0-9-]+)"', by_kind))
    assert ids == {c.id for c in load_casebook().values() if c.question.kind.name == "dealer"}
    _, _, by_profile = fetch(server, "/?profile=s002")
    assert 'href="/cases/bring-in-tie-by-suit"' in by_profile   # s002 rules Bob, not Carol
    profiles = [r.profile for r in all_profiles()]
    for case in list(load_casebook().values())[:12]:
        answers = {g.answer.key() for g in rule(case, profiles).groups()
                   if g.answer.applicable}
        assert (f'href="/cases/{case.id}"' in by_profile) == (
            len(answers) > 1 and case.applies_to(profiles[[p.name for p in profiles]
                                                          .index("s002")])), case.id


def test_a_case_page_shows_the_ruling_of_studspec_ruling(server: Server) -> None:
    status, _, page = fetch(server, "/cases/bring-in-tie-by-suit")
    assert status == 200
    case = load_casebook()["bring-in-tie-by-suit"]
    groups = rule(case, [r.profile for r in all_profiles()]).groups()
    words = text_of(page)
    for group in groups:
        assert under(group.profiles) in words
    assert "Carol brings in" in words and "Bob brings in" in words
    # the cards: suit glyph and colour, and the card's name for screen readers
    assert 'class="card suit-clubs" role="img" aria-label="two of clubs, up"' in page
    assert ">2♦<" in page
    # the deciding clauses with the original sentence and the English
    assert "clause-bringin-02" in page and "decidirá el palo" in page


def test_the_bring_in_tie_built_step_by_step(server: Server) -> None:
    link, page = build_tie(server)
    words = text_of(page)
    assert f"Under {under(['roberts', 's000', 'tda-2024'])}:" in words
    assert "Under Robert's Rules roberts, Seed text S000 (Spanish) s000, TDA 2024 tda-2024:" \
        in words
    assert "p3 Carol acts, to bring in" in words
    assert f"Under {under(['s002'])}:" in words and "p2 Bob acts, to bring in" in words
    # each answer leads with the deciding clause and the named result
    assert words.count("Decided by BRINGIN-02") == 2
    assert ("Result: p3 Carol brings in: 2♦ (p2 Bob) and 2♣ (p3 Carol) tie for the lowest "
            "door card; the tie is broken by suit, lowest first: clubs") in words
    assert "Result: p2 Bob brings in" in words and "broken by position" in words
    assert "decidirá el palo" in page   # BRINGIN-02, cited
    # the same answer as `studspec next` gives on the same hand
    record = parse_phh(fetch(server, "/ask/hand.phh?" + link.split("?", 1)[1])[2])
    groups = grouped_answers(record, ["roberts", "s000", "s002", "tda-2024"])
    assert [g["profiles"] for g in groups] == [["roberts", "s000", "tda-2024"], ["s002"]]
    # Carol brings in by clicking the legal action the model offers
    bring_in = re.search(r'href="(/ask\?[^"]+)#answer">p3 Carol: bring-in 3<', page)
    assert bring_in is not None
    status, _, after = fetch(server, bring_in.group(1).replace("&amp;", "&"))
    assert status == 200
    assert "p1 Alice acts, facing 3 (0 in on this street)" in text_of(after)


def test_a_card_dealt_twice_is_a_message_beside_its_field_keeping_the_hand(
        server: Server) -> None:
    link, _ = follow(server, f"/ask/new?{urlencode(TIE_TABLE)}")
    query = link.split("?", 1)[1]
    deal = urlencode({"c1": "7c", "c2": "2d", "c3": "7C"})
    status, _, page = fetch(server, f"/ask/deal?{query}&{deal}")
    assert status == 400
    words = text_of(page)
    assert "7c (seven of clubs) is already dealt: entered for p1 Alice" in words
    # everything entered is kept, in its field; the message sits beside the field
    for field, value in (("c1", "7c"), ("c2", "2d"), ("c3", "7C")):
        assert re.search(f'id="{field}" name="{field}"[^>]* value="{value}"', page)
    assert 'aria-describedby="c3-problem" aria-invalid="true"><span class="field-problem"' \
        in page
    _, page = follow(server, f"/ask/deal?{query}&{urlencode(TIE_DEAL)}")
    assert "p3 Carol acts, to bring in" in text_of(page)


def test_the_card_grid_greys_every_card_on_the_table(server: Server) -> None:
    from studspec.web.presets import preset_state

    state = preset_state("eight-players-seventh-street", 0)   # the community card is next
    status, _, page = fetch(server, f"/ask?{state.query()}")
    assert status == 200 and '<input id="community" name="community"' in page
    greyed = set(re.findall(r'data-card="(..)" aria-label="[^"]+" disabled>', page))
    offered = set(re.findall(r'data-card="(..)" aria-label="[^"]+">', page))
    upcards = {line.split()[-1][-2:] for line in state.actions if line.startswith("d dh")}
    assert greyed == upcards and len(greyed) == 32 and len(offered) == 20


def test_a_link_reproduces_the_situation_and_exports(server: Server, tmp_path: Path) -> None:
    link, page = build_tie(server)
    assert fetch(server, link)[2] == page           # the link alone is the situation
    state = link.split("?", 1)[1]
    status, headers, case_text = fetch(server, "/ask/case.toml?" + state)
    assert status == 200 and "my-dispute.toml" in headers["content-disposition"]
    path = tmp_path / "my-dispute.toml"
    path.write_text(case_text, encoding="utf-8")
    case = load_case(path)
    assert case.question.kind.name == "bring-in"
    ruled = rule(case, [r.profile for r in all_profiles()])
    assert [r.profile.name for r in ruled.disagreements] == ["s002"]
    phh = fetch(server, "/ask/hand.phh?" + state)[2]
    assert parse_phh(phh).events[-1].cards[-1] is not None


def test_an_irregularity_recorded_on_the_page_is_ruled_as_next_rules_it(
        server: Server, tmp_path: Path) -> None:
    """The casebook's out-of-turn call: Ben calls before Ana acts; Ana calls; his call
    binds (MISDEAL-09) — on the page, and from ``studspec next`` on the exported PHH."""
    case = load_casebook()["out-of-turn-call-stands"]
    ask = re.search(r'href="(/ask\?[^"]+)">Open this situation', fetch(server,
                                                                    "/cases/" + case.id)[2])
    assert ask is not None
    link, _ = follow(server, "/ask/irregularity?" + ask.group(1).split("?", 1)[1]
                     .replace("&amp;", "&").replace("&a=p1+cc", "")
                     + "&kind=out-of-turn&player=p2&detail=cc")
    status, _, page = fetch(server, link + "&a=p1+cc")
    assert status == 200
    words = text_of(page)
    assert "Ruling: out-of-turn p2: binding, MISDEAL-09" in words
    assert "p2 Ben acts, facing 2 (0 in on this street)" in words
    phh = tmp_path / "hand.phh"
    phh.write_text(fetch(server, "/ask/hand.phh?" + link.split("?", 1)[1] + "&a=p1+cc")[2],
                   encoding="utf-8")
    from studspec.cli.next_cmd import next_report

    report = next_report(str(phh), "tda-2024", False, None)
    assert "binding" in report.text and "to act: p2 Ben" in report.text


def test_a_whole_hand_played_through_the_pages_own_controls(server: Server) -> None:
    """Heads-up to the showdown: each deal from the deal form (known cards), each action
    the first legal one offered but a fold, each player shows; the hand ends paid."""
    deck = iter(f"{rank}{suit}" for rank in "23456789TJQKA" for suit in "cdhs")
    table = {**TIE_TABLE, "name3": "", "stack3": ""}
    link, page = follow(server, "/ask/new?" + urlencode(table))
    for _ in range(40):
        state = link.split("?", 1)[1]
        if 'action="/ask/deal"' in page:
            fields = re.findall(r'<input id="(c\d+|community)" name=', page)
            count = 3 if "3rd street" in page[page.find('id="deal"'):][:40] else 1
            link, page = follow(server, f"/ask/deal?{state}&" + urlencode(
                {name: " ".join(next(deck) for _ in range(count)) for name in fields}))
        elif 'class="actions"' in page:
            offered = re.findall(r'href="(/ask\?[^"]+)#answer">p\d [A-Za-z]+: ([^<]+)<', page)
            chosen = next(href for href, label in offered if label != "fold")
            link = chosen.replace("&amp;", "&")
            status, _, page = fetch(server, link)
            assert status == 200
        elif 'action="/ask/show"' in page:
            player = re.search(r'name="player" value="(p\d)"', page)
            assert player is not None
            link, page = follow(server, f"/ask/show?{state}&player={player.group(1)}"
                                "&cards=&do=show")
        else:
            break
    words = text_of(page)
    assert "the dealer reads them and pays: paid p" in words, \
        words[words.find("What happens"):][:1500]
    assert "Broken" not in words


def test_a_site_log_hand_opens_and_steps(server: Server) -> None:
    text = (DATA / "stars-hilo-35874576282.txt").read_text(encoding="utf-8")
    status, headers, _ = fetch(server, "/open", method="POST",
                               body=urlencode({"text": text}).encode(),
                               headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 303
    link = headers["location"].split("#")[0]
    params = parse_qs(link.split("?", 1)[1])
    assert params["upto"] == ["0"] and params["game"] == ["hilo"]
    total = len(params["a"])
    status, _, page = fetch(server, link)
    assert status == 200 and f"step 0 of {total}" in page
    forward = re.search(r'href="(/ask\?[^"]+)" rel="next"', page)
    assert forward is not None
    status, _, page = fetch(server, forward.group(1).replace("&amp;", "&"))
    assert status == 200 and f"step 1 of {total}" in page


BAD_LINKS = [
    ("/ask?seat=Alice%3A100", 400, "at least 2 seats"),                     # truncated
    ("/ask?seat=Alice%3A100&seat=Bob", 400, "Name:stack"),
    ("/ask?game=omaha&seat=A%3A1&seat=B%3A1", 400, "high or hilo"),
    ("/ask?seat=A%3A1&seat=B%3A1&a=d+dh+p1+Zz", 400, "unknown suit"),      # no such card
    ("/ask?seat=A%3A1&seat=B%3A1&a=d+dh+p1+Zz", 400, "action line 1 (&#x27;d dh p1 Zz"),
    ("/ask?seat=A%3A100&seat=B%3A100&a=d+dh+p1+AsKsQs&a=d+dh+p2+AsKdQd", 400,
     "impossible cards"),                                                   # As dealt twice
    ("/ask?seat=A%3A100&seat=B%3A100&a=d+dh+p9+AsKsQs", 400, "p9"),
    ("/ask?seat=A%3A100&seat=B%3A100&upto=7", 400, "upto"),
    ("/ask?seat=A%3A100&seat=B%3A100&irr=3+misdeal", 400, "irregularity"),
    ("/ask?seat=A%3A100&seat=B%3A100&profile=..%2F..%2Fetc%2Fpasswd", 400, "no such profile"),
    ("/ask?seat=A%3A100&seat=B%3A100&sneaky=1", 400, "unknown parameter"),
    ("/ask?seat=A%3A100&seat=B%3A100&ante=1e9", 400, "amount"),
    ("/ask?a=zz", 400, "unknown actor"),
    ("/ask?a=p1+xx", 400, "not a stud action"),
    ("/ask/deal?seat=A%3A100&seat=B%3A100&c1=Xx", 400, "not a card"),
    ("/ask/deal?seat=A%3A100&seat=B%3A100&c1=Ah&c2=AH", 400,
     "Ah (ace of hearts) is already dealt: entered for p1 A"),
    ("/ask/show?seat=A%3A100&seat=B%3A100&player=..&do=show", 400, "show form"),
    ("/ask/irregularity?seat=A%3A100&seat=B%3A100&kind=fire", 400, "irregularity"),
    ("/ask/new?name1=A&stack1=100&name2=B", 400, "name and a stack"),
    ("/ask/case.toml?seat=A%3A100&seat=B%3A100", 400, "a case file asks"),
    ("/?kind=nonsense", 400, "question kind"),
    ("/cases/..%2F..%2Fetc%2Fpasswd", 404, "nothing here"),
    ("/cases/spec%2Fcases%2Fbring-in-tie-by-suit.toml", 404, "nothing here"),
    ("/cases/bring-in-tie-by-suit.toml", 404, "no bundled case"),
    ("/cases/%2Fetc%2Fpasswd", 404, "nothing here"),
    ("/static/..%2F..%2F..%2F..%2Fetc%2Fpasswd", 404, "nothing here"),
    ("/nowhere", 404, "nothing here"),
]


@pytest.mark.parametrize(("path", "status", "words"), BAD_LINKS)
def test_bad_links_get_a_clear_page_and_a_4xx(server: Server, path: str, status: int,
                                              words: str) -> None:
    got, _, page = fetch(server, path)
    assert_clear_refusal(got, page, status, words)


def test_requests_are_bounded(server: Server) -> None:
    huge = "/ask?seat=A%3A1&seat=B%3A1&" + "a=" + quote("p1 cc") * 10_000
    status, _, page = fetch(server, huge)
    assert_clear_refusal(status, page, 414, "longer than")
    many = "/ask?" + "&".join(["a=p1+cc"] * 400) + "&seat=A%3A1&seat=B%3A1"
    status, _, page = fetch(server, many)
    assert_clear_refusal(status, page, 400, "at most 300")
    body = b"text=" + b"x" * 300_000
    status, _, page = fetch(server, "/open", method="POST", body=body,
                            headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert_clear_refusal(status, page, 413, "at most")
    status, _, page = fetch(server, "/open", method="POST", body=b"\xff\xfe\x00garbage",
                            headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert_clear_refusal(status, page, 400, "could not be read")
    status, _, page = fetch(server, "/open", method="POST", body=b"text=hello+world",
                            headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert_clear_refusal(status, page, 400, "no readable stud hand")
    status, _, page = fetch(server, "/open", method="POST", body=b"path=%2Fetc%2Fpasswd",
                            headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert_clear_refusal(status, page, 400, "fields text and hand")
    status, _, page = fetch(server, "/ask", method="DELETE")
    assert_clear_refusal(status, page, 405, "not answered")
    # a Content-Length of 5,000 digits: refused (the HTTP layer answers 400 before the
    # app's own bound, which never takes int() of it either), never a 500
    status, _, page = fetch(server, "/open", method="POST", body=None,
                            headers={"Content-Length": "1" * 5000,
                                     "Content-Type": "application/x-www-form-urlencoded"})
    assert status in (400, 413), (status, page)
    # the server is still there after all of it
    assert fetch(server, "/")[0] == 200


LOAD_REQUESTS = 300


def test_a_small_load_leaves_the_server_answering_with_flat_memory(server: Server) -> None:
    """300 requests from four clients at once on loopback (the casebook, searches, case
    pages, every step of a hand on the Ask page, refused links), within 120 s: every one
    answered as it should be, the resident memory after within 25 MB of the memory after
    a warm-up round."""
    link, _ = build_tie(server)
    params = parse_qs(link.split("?", 1)[1])
    steps = [f"{link}&upto={n}" for n in range(len(params["a"]) + 1)]
    cases = [f"/cases/{case_id}" for case_id in list(load_casebook())[:20]]
    requests = [(path, 200) for path in ("/", "/?q=bring-in", "/?kind=dealer", *steps,
                                         *cases)]
    requests += [("/ask?seat=A%3A1", 400), ("/cases/nothing", 404)]
    for path, expected in requests:      # warm-up: imports done, the casebook read
        assert fetch(server, path)[0] == expected
    before = rss_kib(server.pid)
    started = time.monotonic()

    def send(number: int) -> bool:
        path, expected = requests[number % len(requests)]
        return fetch(server, path)[0] == expected and time.monotonic() - started < 120

    with ThreadPoolExecutor(max_workers=4) as clients:     # four clients at once
        answered = sum(clients.map(send, range(LOAD_REQUESTS)))
    assert answered == LOAD_REQUESTS
    after = rss_kib(server.pid)
    print(f"load: {answered} requests in {time.monotonic() - started:.1f} s; server RSS "
          f"{before / 1024:.1f} MiB before, {after / 1024:.1f} MiB after")
    assert after - before < 25 * 1024


def test_serve_without_the_web_extra_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from studspec.cli.main import main

    monkeypatch.setitem(__import__("sys").modules, "uvicorn", None)   # import fails
    assert main(["serve"]) == 2
    error = capsys.readouterr().err
    assert "pip install 'studspec[web]'" in error and "Traceback" not in error


def test_serve_refuses_a_port_out_of_range(capsys: pytest.CaptureFixture[str]) -> None:
    from studspec.cli.main import main

    assert main(["serve", "--port", "70000"]) == 2
    assert "a port is 0..65535" in capsys.readouterr().err
