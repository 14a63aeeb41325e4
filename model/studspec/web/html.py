"""HTML for the web app's pages: the layout, cards, tables of seats, answers and clauses.

Every value a page shows is escaped here (``esc``); nothing a request carries reaches the
page unescaped. Cards are shown as rank and suit glyph, each suit in its own colour *and*
shape, with the card's name in words for screen readers (``7♣``, "seven of clubs").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

from studspec import __version__

SUITS = {"c": ("♣", "clubs"), "d": ("♦", "diamonds"), "h": ("♥", "hearts"),
         "s": ("♠", "spades")}
RANKS = {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
         "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king",
         "A": "ace"}
RANK_SHOWN = {"T": "10"}
NAV = (("/", "Casebook"), ("/ask", "Ask"), ("/open", "Open a hand"))


def esc(value: object) -> str:
    """Text made safe for HTML, quotes included."""
    return escape(str(value), quote=True)


def card_name(text: str) -> str:
    """A card in words (``7c``: seven of clubs); ``??`` is an unknown card."""
    if len(text) == 2 and text[0] in RANKS and text[1] in SUITS:
        return f"{RANKS[text[0]]} of {SUITS[text[1]][1]}"
    return "unknown card"


def card(text: str, *, face: str = "") -> str:
    """One card: rank and suit glyph, coloured by suit, named for screen readers."""
    if len(text) == 2 and text[0] in RANKS and text[1] in SUITS:
        glyph, suit = SUITS[text[1]]
        shown = f"{RANK_SHOWN.get(text[0], text[0])}{glyph}"
        css = f"card suit-{suit}"
    else:
        shown, css = "?", "card unknown"
    label = card_name(text) + (f", {face}" if face else "")
    return (f'<span class="{css}" role="img" aria-label="{esc(label)}" '
            f'title="{esc(label)}">{esc(shown)}</span>')


def cards(texts: Iterable[str], face: str = "") -> str:
    """Cards side by side."""
    return " ".join(card(text, face=face) for text in texts) or '<span class="none">—</span>'


def split_cards(text: str) -> list[str]:
    """``????7c`` (PHH's cards run together) as ``['??', '??', '7c']``."""
    return [text[i:i + 2] for i in range(0, len(text), 2)]


def seat_table(names: Sequence[str], stacks: Sequence[object], down: Mapping[int, list[str]],
               up: Mapping[int, list[str]], folded: Mapping[int, int],
               community: str | None, *, caption: str, acting: int | None = None) -> str:
    """The table: each seat (p1 at the dealer's left), stack, down cards, up cards."""
    rows = []
    for seat, name in enumerate(names):
        state = f"folded on street {folded[seat]}" if seat in folded else ""
        if acting == seat:
            state = "to act"
        css = ' class="acting"' if acting == seat else ""
        rows.append(f"<tr{css}><th scope=\"row\">p{seat + 1} {esc(name)}</th>"
                    f"<td>{esc(stacks[seat])}</td>"
                    f"<td>{cards(down.get(seat, []), 'down')}</td>"
                    f"<td>{cards(up.get(seat, []), 'up')}</td><td>{esc(state)}</td></tr>")
    shared = (f'<p>Community card: {card(community, face="up, shared")}</p>'
              if community else "")
    return (f'<div class="scroll"><table class="seats"><caption>{esc(caption)}</caption>'
            "<thead><tr><th scope=\"col\">Seat</th><th scope=\"col\">Stack</th>"
            "<th scope=\"col\">Down</th><th scope=\"col\">Up</th><th scope=\"col\">"
            "</th></tr></thead><tbody>" + "".join(rows) + f"</tbody></table></div>{shared}")


def profiles_label(profiles: Sequence[str]) -> str:
    """The profiles of a group by their plain names, each with its code as a detail."""
    from studspec.web.names import profile_name

    return ", ".join(f'{esc(profile_name(name))} <code class="code">{esc(name)}</code>'
                     for name in profiles)


def citation(data: Mapping[str, Any]) -> str:
    """One source citation: the original sentence with its English beside it, or a
    paraphrase; the source by its plain name, its key as a detail."""
    from studspec.web.names import source_name

    key = str(data["source"])
    source = (f'<span class="source">{esc(source_name(key))}'
              + (f' <code class="code">{esc(key)}</code>' if source_name(key) != key else "")
              + "</span>")
    if "quote" in data:
        language = "es" if key in ("S000", "S001", "S003") else "it" if key == "S002" else ""
        lang = f' lang="{language}"' if language else ""
        return (f'<blockquote class="quote"><p class="source-line">{source}</p>'
                f'<p class="original"{lang}>{esc(data["quote"])}</p>'
                f'<p class="english" lang="en">{esc(data.get("english") or "")}</p>'
                "</blockquote>")
    return (f'<blockquote><p class="source-line">{source} '
            f'{esc(data.get("locator") or "")}</p>'
            f'<p class="paraphrase">{esc(data.get("paraphrase") or "")}</p></blockquote>')


def clause_block(clause_id: str, title: str, citations: Iterable[Mapping[str, Any]]) -> str:
    """A deciding clause: its ID and title, then every sentence it stands on."""
    return (f'<section class="clause" aria-label="clause {esc(clause_id)}">'
            f'<h3 id="clause-{esc(clause_id.lower())}"><code>{esc(clause_id)}</code> '
            f"{esc(title)}</h3>" + "".join(citation(c) for c in citations) + "</section>")


def page(title: str, body: str, *, here: str = "") -> str:
    """A whole page: skip link, navigation, the body in ``main``, the footer."""
    links = "".join(
        f'<li><a href="{href}"{" aria-current=page" if href == here else ""}>{name}</a></li>'
        for href, name in NAV)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(title)} — studspec</title>
<link rel="stylesheet" href="/static/style.css">
</head>
<body>
<a class="skip" href="#main">Skip to the content</a>
<header><nav aria-label="main"><span class="brand">studspec</span><ul>{links}</ul></nav>
</header>
<main id="main" tabindex="-1">
<h1>{esc(title)}</h1>
{body}
</main>
<footer><p>studspec {esc(__version__)}: Seven Card Stud rules, cited, executable, proved.
Every answer here comes from the same functions as <code>studspec ruling</code> and
<code>studspec next</code>.</p></footer>
</body>
</html>
"""


def error_page(status: int, reason: str, where: str | None = None) -> str:
    """The page for a request studspec cannot answer: what is wrong and where."""
    heading = {400: "This request cannot be answered", 404: "Not found",
               405: "Not allowed", 413: "Too large", 414: "Link too long",
               500: "Internal error", 503: "Busy"}.get(status, "Cannot answer")
    place = f"<p>Where: <code>{esc(where)}</code></p>" if where else ""
    return page(heading, f'<div class="problem" role="alert"><p>{esc(reason)}</p>{place}'
                '</div><p><a href="/">Back to the casebook</a> · <a href="/ask">Start a new '
                "situation</a></p>")
