"""The connection guard of ``studspec serve``: deadlines and a bound on open connections.

uvicorn's own guards leave one gap: its keep-alive timeout starts after a first response,
so a connection that sends nothing, or half a request line, is kept forever, and its
``limit_concurrency`` counts open connections, so 63 such sockets made every other client
get ``503`` (bad input W1 of 2026-12-05). ``GuardedH11`` is uvicorn's h11 protocol with
three additions, each a plain asyncio timer or count:

- a **header deadline**: a connection waiting for a request (just opened, or after a
  response) must deliver the whole request head within ``header_timeout`` seconds, counted
  from when it started waiting — bytes trickling in do not extend it — or it is closed
  (``408`` with a one-line reason when it had sent part of a request);
- a **request deadline**: a request whose answer is not complete ``request_timeout``
  seconds after its head arrived (a body sent byte by byte) is closed;
- a **connection bound**: at most ``max_connections`` open at once. A new connection over
  the bound closes the connection that has waited longest without a request in flight, so
  idle sockets can never lock a real client out; only when every open connection is being
  answered is the new one refused, with ``503`` and a sentence saying why.

What a connection does once its request is in (the page, its limits) is the app's
(``studspec.web.app``); the guard only decides how long a socket may hold a seat.
"""

from __future__ import annotations

import asyncio
import resource
import sys
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_TIMEOUT = 10.0      # seconds a connection may take to send a request's head
REQUEST_TIMEOUT = 60.0     # seconds from a request's head to its answer's end
MAX_CONNECTIONS = 1000     # open connections (each one file descriptor)
DESCRIPTOR_MARGIN = 64     # descriptors kept free for files, the listener, logging
WARN_EVERY = 60.0          # seconds between two warnings that the bound was reached


def descriptor_bound(wanted: int) -> int:
    """The connection bound the process's open-file limit allows (raised to its hard
    limit when it can be), at most ``wanted``."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted + DESCRIPTOR_MARGIN:
        target = (wanted + DESCRIPTOR_MARGIN if hard == resource.RLIM_INFINITY
                  else min(hard, wanted + DESCRIPTOR_MARGIN))
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, soft - DESCRIPTOR_MARGIN))


def refusal(reason: str, status: int = 503) -> bytes:
    """A whole HTTP/1.1 response that states ``reason`` and closes the connection."""
    phrase = {408: "Request Timeout", 503: "Service Unavailable"}[status]
    body = f"studspec serve: {reason}\n".encode()
    return (f"HTTP/1.1 {status} {phrase}\r\ncontent-type: text/plain; charset=utf-8\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\nretry-after: 5\r\n\r\n"
            ).encode() + body


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol with a header deadline, a request deadline and a bound on
    open connections (the bound closes the longest-idle connection first)."""

    header_timeout = HEADER_TIMEOUT
    request_timeout = REQUEST_TIMEOUT
    max_connections = MAX_CONNECTIONS
    last_warning = -WARN_EVERY

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.waiting_since = 0.0
        self.received_part = False
        self.deadline: asyncio.TimerHandle | None = None

    @classmethod
    def configured(cls, *, header_timeout: float, request_timeout: float,
                   max_connections: int) -> type[GuardedH11]:
        """The protocol class with these limits (one class per server)."""
        return type("GuardedH11", (cls,), {
            "header_timeout": header_timeout, "request_timeout": request_timeout,
            "max_connections": max_connections, "last_warning": -WARN_EVERY})

    def in_flight(self) -> bool:
        """Whether a request's head has arrived and its answer is not complete."""
        return self.cycle is not None and not self.cycle.response_complete

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._wait_for_request()
        if len(self.connections) > self.max_connections:
            self._over_the_bound()

    def _wait_for_request(self) -> None:
        self.waiting_since = self.loop.time()
        self.received_part = False
        self._arm(self.header_timeout)

    def _arm(self, seconds: float) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
        self.deadline = self.loop.call_later(seconds, self._deadline_passed)

    def _deadline_passed(self) -> None:
        self.deadline = None
        if self.transport.is_closing():
            return
        if self.in_flight():
            self._close(None)  # the request deadline: its answer did not end in time
        elif self.received_part:
            self._close(refusal(f"the request's head did not arrive within "
                                f"{self.header_timeout:g} s", 408))
        else:
            self._close(None)

    def _close(self, response: bytes | None) -> None:
        if response is not None:
            self.transport.write(response)
        self.transport.close()

    def data_received(self, data: bytes) -> None:
        waiting = not self.in_flight()
        if waiting:
            self.received_part = True
        super().data_received(data)
        if waiting and self.in_flight():
            self._arm(self.request_timeout)  # the head is in: the request deadline counts

    def on_response_complete(self) -> None:
        super().on_response_complete()  # may start a pipelined request at once
        if self.transport.is_closing():
            return
        if self.in_flight():
            self._arm(self.request_timeout)
        else:
            self._wait_for_request()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None
        super().connection_lost(exc)

    def _over_the_bound(self) -> None:
        """Close the longest-idle other connection; refuse this one if none is idle."""
        idle = [c for c in self.connections
                if isinstance(c, GuardedH11) and c is not self and not c.in_flight()
                and not c.transport.is_closing()]
        now = self.loop.time()
        cls = type(self)
        if now - cls.last_warning >= WARN_EVERY:
            cls.last_warning = now
            what = ("closing the longest-idle one for each new one" if idle
                    else "every one is being answered, refusing new ones")
            print(f"studspec: {len(self.connections)} connections open, over the bound "
                  f"(--max-connections {self.max_connections}); {what}", file=sys.stderr,
                  flush=True)
        if idle:
            oldest = min(idle, key=lambda c: c.waiting_since)
            oldest._close(None)
            return
        self._close(refusal(f"{self.max_connections} connections are open and each is "
                            "being answered; try again in a few seconds"))
