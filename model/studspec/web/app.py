"""The web app: a Starlette application served by uvicorn (``studspec serve``).

Starlette is a small, maintained ASGI toolkit: routing, responses and static files and
nothing else, so every page is plain server-rendered HTML with forms that work without
JavaScript, and uvicorn (its usual server) serves it. No template engine, no database, no
session: the situation lives in the URL.

Every request is input like any other. The request line is bounded (``MAX_QUERY``), a body
is bounded (``MAX_BODY``) before it is read, and any bad input answers a page that says
what is wrong with a 4xx status — never a traceback. No request names a file: cases are
looked up by ID among the bundled ones, and static files come from the package's own
folder.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from studspec.errors import InvalidInputError, StudSpecError
from studspec.web import steps
from studspec.web.ask import ask_page
from studspec.web.casebook import case_page, casebook_page
from studspec.web.dealform import DealRefused
from studspec.web.html import error_page, esc, page
from studspec.web.state import parse_state

MAX_QUERY = 32_000        # characters in a URL's query (about 300 action lines)
MAX_BODY = 256_000        # bytes in a request body (a pasted site log of several hands)
MAX_IN_FLIGHT = 64        # requests being answered at once (idle connections never count)
STATIC = Path(__file__).parent / "static"
Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def _params(request: Request) -> dict[str, list[str]]:
    try:
        return parse_qs(request.url.query, keep_blank_values=True, max_num_fields=1000)
    except ValueError:
        raise InvalidInputError("more than 1000 fields in the link", where="the link") from None


def _html(text: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(text, status_code=status,
                        headers={"Content-Security-Policy": "default-src 'self'",
                                 "X-Content-Type-Options": "nosniff"})


def _to_ask(state_query: str) -> RedirectResponse:
    return RedirectResponse(f"/ask?{state_query}#answer", status_code=303)


async def casebook(request: Request) -> Response:
    return _html(casebook_page(_params(request)))


async def case(request: Request) -> Response:
    case_id = str(request.path_params["case_id"])
    try:
        return _html(case_page(case_id))
    except KeyError:
        return _html(error_page(404, "no bundled case by that ID; the casebook lists them",
                                case_id[:80]), 404)


async def ask(request: Request) -> Response:
    params = _params(request)
    state = parse_state(params)
    started = bool(set(params) - {"profile"})
    return _html(ask_page(state, started=started))


async def ask_new(request: Request) -> Response:
    return _to_ask(steps.new_table(_params(request)).query())


async def ask_deal(request: Request) -> Response:
    params = _params(request)
    try:
        return _to_ask(steps.deal(params).query())
    except DealRefused as refused:
        # the page again, the entered cards kept and each reason beside its field
        page_text = ask_page(steps.deal_state(params), started=True, refused=refused)
        return _html(page_text, 400)


async def ask_show(request: Request) -> Response:
    return _to_ask(steps.show(_params(request)).query())


async def ask_irregularity(request: Request) -> Response:
    return _to_ask(steps.irregularity(_params(request)).query())


async def hand_phh(request: Request) -> Response:
    text = steps.phh_export(parse_state(_params(request)))
    return PlainTextResponse(text, headers={
        "Content-Disposition": 'attachment; filename="situation.phh"'})


async def case_toml(request: Request) -> Response:
    text = steps.case_export(parse_state(_params(request)))
    return PlainTextResponse(text, headers={
        "Content-Disposition": f'attachment; filename="{steps.CASE_ID}.toml"'})


OPEN_FORM = """<p>Paste a PHH file or a site hand history (PokerStars, Full Tilt, …; every
format <code>studspec check</code> reads), or choose a file; the hand opens on the Ask page
at its first line, to be stepped through.</p>
<form action="/open" method="post" class="open">
<label for="hand-file">A file</label>
<input id="hand-file" type="file" accept=".phh,.txt,.xml,text/plain">
<label for="hand-text">The hand's text</label>
<textarea id="hand-text" name="text" rows="12" cols="60" spellcheck="false"></textarea>
<label for="hand-id">Hand ID (when the log holds several; optional)</label>
<input id="hand-id" name="hand" autocomplete="off">
<button type="submit">Open</button>
</form>
<script src="/static/open.js"></script>"""


async def open_form(request: Request) -> Response:
    return _html(page("Open a hand", OPEN_FORM, here="/open"))


async def open_post(request: Request) -> Response:
    body = await request.body()
    try:
        fields = parse_qs(body.decode("utf-8"), keep_blank_values=True, max_num_fields=10)
    except (UnicodeDecodeError, ValueError):
        return _html(error_page(400, "the form could not be read (not UTF-8 form data)"), 400)
    if set(fields) - {"text", "hand"} or any(len(v) != 1 for v in fields.values()):
        return _html(error_page(400, "the form has the fields text and hand, once each"), 400)
    hand = fields.get("hand", [""])[0].strip().lstrip("#") or None
    records, problems = steps.open_hand(fields.get("text", [""])[0], hand)
    if len(records) == 1:
        return _to_ask(steps.hand_state(records[0]).query())
    items = "".join(f'<li><a href="/ask?{esc(steps.hand_state(r).query())}">hand '
                    f"{esc(r.origin.hand_id or n + 1)}</a></li>"
                    for n, r in enumerate(records))
    notes = "".join(f"<li>{esc(p)}</li>" for p in problems[:20])
    return _html(page("Choose a hand", f"<ul>{items}</ul>"
                      + (f"<p>The reader noted:</p><ul>{notes}</ul>" if notes else "")))


async def bad_input(request: Request, error: Exception) -> Response:
    """A request studspec cannot answer: the reason, 400."""
    if isinstance(error, InvalidInputError):
        reason = (f"{error.input_text!r}: {error.reason}" if error.input_text is not None
                  else error.reason)
        return _html(error_page(400, reason, error.where), 400)
    return _html(error_page(400, str(error)), 400)


async def http_error(request: Request, error: Exception) -> Response:
    status = error.status_code if isinstance(error, HTTPException) else 500
    reason = {404: "nothing here: the casebook and the Ask page are linked above",
              405: "this page is not answered for that method"}.get(status, str(error))
    return _html(error_page(status, reason), status)


async def internal_error(request: Request, error: Exception) -> Response:
    """A bug of studspec's: a short page asking for a report; no traceback is shown."""
    return _html(error_page(500, f"internal error, a bug of studspec's — please report it "
                                 f"with the link that caused it ({type(error).__name__})"),
                 500)


class Limits:
    """Refuse an over-long query (414) or body (413) before the app reads it, and a
    request over ``MAX_IN_FLIGHT`` being answered at once (503, saying so)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.in_flight = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.in_flight >= MAX_IN_FLIGHT:
            await _refuse(send, 503, f"studspec is answering {MAX_IN_FLIGHT} requests at "
                                     "once; try again in a few seconds")
            return
        self.in_flight += 1
        try:
            await self._bounded(scope, receive, send)
        finally:
            self.in_flight -= 1

    async def _bounded(self, scope: Scope, receive: Receive, send: Send) -> None:
        if len(scope.get("query_string", b"")) > MAX_QUERY:
            await _refuse(send, 414, f"the link is longer than {MAX_QUERY} characters")
            return
        headers = dict(scope.get("headers", []))
        length = headers.get(b"content-length", b"0")
        # A length of more digits than MAX_BODY has is over it (and never reaches int(),
        # which refuses numbers of over 4,300 digits).
        if (not length.isdigit() or len(length) > len(str(MAX_BODY))
                or int(length) > MAX_BODY):
            await _refuse(send, 413, f"a request body is at most {MAX_BODY} bytes")
            return
        received = 0

        async def bounded() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > MAX_BODY:
                raise HTTPException(413, f"a request body is at most {MAX_BODY} bytes")
            return message

        await self.app(scope, bounded, send)


async def _refuse(send: Send, status: int, reason: str) -> None:
    body = error_page(status, reason).encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/html; charset=utf-8"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


def create_app() -> ASGIApp:
    """The ASGI application (casebook, case pages, Ask, Open, exports, static files)."""
    app = Starlette(routes=[
        Route("/", casebook),
        Route("/cases/{case_id}", case),
        Route("/ask", ask),
        Route("/ask/new", ask_new),
        Route("/ask/deal", ask_deal),
        Route("/ask/show", ask_show),
        Route("/ask/irregularity", ask_irregularity),
        Route("/ask/hand.phh", hand_phh),
        Route("/ask/case.toml", case_toml),
        Route("/open", open_form, methods=["GET"]),
        Route("/open", open_post, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ], exception_handlers={
        StudSpecError: bad_input, HTTPException: http_error, Exception: internal_error,
    })
    return Limits(app)
