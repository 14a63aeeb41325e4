"""``studspec serve`` keeps answering while other sockets hold connections (W1, 2026-12-05).

Idle connections (nothing sent) and half-sent ones (half a request line) are held open
against a real server process; a real client must still get its page, quickly, with
200. The header deadline closes them; the connection bound closes the longest-idle one
first; binding beyond this machine prints a warning.
"""

from __future__ import annotations

import os
import socket
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

import pytest

from studspec.cli.serve_cmd import is_loopback
from tests.web_server import Server, running_server


def address(server: Server) -> tuple[str, int]:
    host, port = server.url.removeprefix("http://").split(":")
    return host, int(port)


@contextmanager
def held_connections(server: Server, count: int) -> Iterator[list[socket.socket]]:
    """``count`` open connections: half send nothing, half send half a request line."""
    with ExitStack() as stack:
        sockets = []
        for n in range(count):
            sock = stack.enter_context(socket.create_connection(address(server), timeout=10))
            if n % 2:
                sock.sendall(b"GET /ask?game=hi")
            sockets.append(sock)
        time.sleep(0.5)
        yield sockets


def page_status(server: Server, path: str = "/") -> tuple[int, str, float]:
    """A real client's request: the status, the page and the seconds it took."""
    started = time.monotonic()
    with urllib.request.urlopen(server.url + path, timeout=10) as response:
        return response.status, response.read().decode(), time.monotonic() - started


def closed_by_server(sock: socket.socket, within: float) -> bytes | None:
    """What the server sent before closing ``sock`` within ``within`` seconds (None: it
    did not close it)."""
    sock.settimeout(within)
    received = b""
    try:
        while chunk := sock.recv(4096):
            received += chunk
    except TimeoutError:
        return None
    except ConnectionResetError:
        pass
    return received


def stderr_so_far(server: Server) -> str:
    """What the server has written to its standard error until now (without waiting)."""
    assert server.process.stderr is not None
    descriptor = server.process.stderr.fileno()
    os.set_blocking(descriptor, False)
    try:
        return (server.process.stderr.read() or b"").decode()
    finally:
        os.set_blocking(descriptor, True)


def test_200_idle_connections_leave_a_client_its_page() -> None:
    with running_server() as server, held_connections(server, 200):
        status, text, seconds = page_status(server)
        assert status == 200 and "The casebook" in text
        assert seconds < 5
        status, text, _ = page_status(server, "/static/style.css")
        assert status == 200


def test_a_connection_that_sends_no_whole_request_head_is_closed() -> None:
    with running_server("--header-timeout", "1") as server:
        with held_connections(server, 2) as (silent, half):
            started = time.monotonic()
            assert closed_by_server(silent, within=5) == b""
            reply = closed_by_server(half, within=5)
            assert reply is not None and reply.startswith(b"HTTP/1.1 408 ")
            assert b"did not arrive within 1 s" in reply
            assert time.monotonic() - started < 4
        # bytes trickling in do not extend the deadline
        with socket.create_connection(address(server), timeout=10) as slow:
            started = time.monotonic()
            with pytest.raises(OSError):       # the server closes it while it trickles
                for char in b"GET / HTTP/1.1\r\nHost: x\r\n" * 4:
                    slow.sendall(bytes([char]))
                    time.sleep(0.1)
            assert time.monotonic() - started < 3
        assert page_status(server)[0] == 200


def test_over_the_bound_the_longest_idle_connection_is_closed() -> None:
    with running_server("--max-connections", "20") as server:
        with held_connections(server, 50) as held:
            status, text, _ = page_status(server)
            assert status == 200 and "The casebook" in text
            # the first ones held are the ones the bound closed
            assert closed_by_server(held[0], within=2) is not None
        assert "over the bound (--max-connections 20)" in stderr_so_far(server)


def test_serving_beyond_this_machine_warns() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.20")
    with running_server("--host", "0.0.0.0") as server:
        port = address(server)[1]
        assert page_status(server)[0] == 200
        warning = stderr_so_far(server)
    assert f"WARNING: --host 0.0.0.0 makes this server reachable from other machines on " \
           f"port {port}" in warning
    assert "no login" in warning


@pytest.mark.parametrize("option, value", [("--header-timeout", "0"),
                                           ("--max-connections", "1")])
def test_serve_refuses_limits_out_of_range(option: str, value: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    from studspec.cli.main import main

    assert main(["serve", option, value]) == 2
    assert option in capsys.readouterr().err
