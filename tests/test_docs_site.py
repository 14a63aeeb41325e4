"""The built documentation, opened in a real headless Chromium: a clause page, the variant
matrix and the search page render and contain what they should.

Runs only with ``-m browser`` and ``STUDSPEC_DOCS_HTML`` pointing at a built site (CI does
this after building the docs); screenshots are kept beside the site as CI artefacts.
"""

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def site() -> Path:
    html = os.environ.get("STUDSPEC_DOCS_HTML")
    if not html or not (Path(html) / "index.html").is_file():
        pytest.fail("set STUDSPEC_DOCS_HTML to a built site (sphinx-build -b html docs DIR)")
    return Path(html).resolve()


@pytest.fixture(scope="module")
def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        pytest.fail("Chromium is not installed (apt-get install chromium)")
    return found


def render(chromium: str, url: str, *extra: str) -> str:
    """The DOM of a page after its scripts ran, as Chromium sees it."""
    with tempfile.TemporaryDirectory() as profile:
        result = subprocess.run(
            [chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}",
             "--virtual-time-budget=5000", *extra, "--dump-dom", url],
            capture_output=True, text=True, timeout=120, check=True)
    return result.stdout


def screenshot(chromium: str, url: str, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run([chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}",
                        "--window-size=1280,1600", f"--screenshot={target}", url],
                       capture_output=True, timeout=120, check=True)
    assert target.stat().st_size > 10_000


def test_clause_page_shows_source_translation_and_proof(site: Path, chromium: str) -> None:
    url = (site / "generated" / "areas" / "bringin.html").as_uri()
    dom = render(chromium, url)
    assert 'id="clause-bringin-02"' in dom
    assert "decidirá el palo" in dom and "the suit decides" in dom
    assert "PROVED" in dom
    assert "studspec.rules.bringin.break_bring_in_tie" in dom
    screenshot(chromium, url, site.parent / "screenshots" / "clause-bringin.png")


def test_variant_matrix_lists_every_profile(site: Path, chromium: str) -> None:
    url = (site / "generated" / "variants.html").as_uri()
    dom = render(chromium, url)
    for profile in ("s000", "s001", "s002", "s003", "roberts", "tda-2024"):
        assert f"<code class=\"docutils literal notranslate\"><span class=\"pre\">{profile}" \
            in dom, profile
    assert "position" in dom
    screenshot(chromium, url, site.parent / "screenshots" / "variants.png")


def test_search_finds_the_bring_in_page(site: Path, chromium: str) -> None:
    dom = render(chromium, (site / "search.html").as_uri() + "?q=bring-in")
    assert 'href="generated/areas/bringin.html' in dom


def test_every_internal_link_resolves(site: Path) -> None:
    """Each relative href in the built site points at an existing page and anchor."""
    import re
    from html.parser import HTMLParser

    class Collector(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.ids: set[str] = set()
            self.hrefs: list[str] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            values = dict(attrs)
            if values.get("id"):
                self.ids.add(str(values["id"]))
            if tag == "a" and values.get("href"):
                self.hrefs.append(str(values["href"]))

    pages: dict[Path, Collector] = {}
    for page in site.rglob("*.html"):
        collector = Collector()
        collector.feed(page.read_text(encoding="utf-8"))
        pages[page.resolve()] = collector
    broken, checked = [], []
    for page, collector in pages.items():
        for href in collector.hrefs:
            if re.match(r"^[a-z]+:", href) or href == "#":
                continue
            checked.append(href)
            path_part, _, anchor = href.partition("#")
            target = (page.parent / path_part).resolve() if path_part else page
            if target.suffix != ".html":
                if not target.exists():
                    broken.append(f"{page.relative_to(site)} -> {href}")
                continue
            if target not in pages or (anchor and anchor not in pages[target].ids):
                broken.append(f"{page.relative_to(site)} -> {href}")
    assert broken == []
    assert sum("#clause-" in href for href in checked) >= len(pages)  # not a vacuous pass


def test_every_clause_anchor_is_on_its_area_page_and_in_the_rules_index(site: Path) -> None:
    from studspec.specdata.clauses import load_clauses

    index = (site / "generated" / "areas" / "index.html").read_text(encoding="utf-8")
    for clause_id, clause in load_clauses().items():
        anchor = f"clause-{clause_id.lower()}"
        page = site / "generated" / "areas" / f"{clause.area.lower()}.html"
        assert f'id="{anchor}"' in page.read_text(encoding="utf-8"), clause_id
        assert f'href="{clause.area.lower()}.html#{anchor}"' in index, clause_id


def test_the_pictures_render(site: Path, chromium: str) -> None:
    for page, picture in (("deal", "svg-deal"), ("deck", "svg-deck"), ("pots", "svg-pot")):
        url = (site / "generated" / f"{page}.html").as_uri()
        dom = render(chromium, url)
        assert f'id="{picture}"' in dom and "<title" in dom, page
    screenshot(chromium, (site / "generated" / "deal.html").as_uri(),
               site.parent / "screenshots" / "deal.png")
