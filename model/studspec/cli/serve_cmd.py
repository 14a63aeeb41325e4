"""``studspec serve``: the casebook and the Ask page as a local web app (uvicorn).

Binds 127.0.0.1 unless ``--host`` says otherwise. The app has no login and no encryption:
binding beyond this machine (``--host 0.0.0.0`` or a network address) lets every machine
that can reach the port use it, so ``serve`` warns when it does. Connections are guarded
(``studspec.web.guard``): a request's head must arrive within ``--header-timeout``
seconds, and at most ``--max-connections`` are open, the longest-idle closed first. Needs
the ``web`` extra: ``pip install 'studspec[web]'``.
"""

from __future__ import annotations

import ipaddress
import sys

from studspec.errors import InvalidInputError

LOOPBACK_NAMES = ("localhost", "ip6-localhost", "ip6-loopback")


def is_loopback(host: str) -> bool:
    """Whether an address (or name) the server binds reaches this machine only."""
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def beyond_localhost_warning(host: str, port: int) -> str:
    """The warning printed when the server is reachable from other machines."""
    return (f"studspec: WARNING: --host {host} makes this server reachable from other "
            f"machines on port {port}. It has no login and no encryption: anyone who can "
            "reach the port can use it. Serve a card room's network only on a network you "
            "trust (or put it behind a proxy with a login); the default, 127.0.0.1, is this "
            "machine only.")


def serve(host: str, port: int, *, header_timeout: float = 10.0,
          max_connections: int = 1000) -> int:
    """Run the web app until interrupted; returns the exit code."""
    try:
        import uvicorn

        from studspec.web.app import create_app
        from studspec.web.guard import REQUEST_TIMEOUT, GuardedH11, descriptor_bound
    except ImportError as error:
        raise InvalidInputError(f"studspec serve needs the web extra ({error.name} is not "
                                "installed): pip install 'studspec[web]'",
                                where="studspec serve") from None
    if not 0 <= port <= 65535:
        raise InvalidInputError("a port is 0..65535", input_text=str(port), where="--port")
    if not 0.1 <= header_timeout <= 600:
        raise InvalidInputError("a header timeout is 0.1..600 seconds",
                                input_text=str(header_timeout), where="--header-timeout")
    if not 2 <= max_connections <= 100_000:
        raise InvalidInputError("a connection bound is 2..100000",
                                input_text=str(max_connections), where="--max-connections")
    bound = descriptor_bound(max_connections)
    if bound < max_connections:
        print(f"studspec: at most {bound} connections (the open-file limit allows no more "
              f"than that, not {max_connections})", file=sys.stderr, flush=True)
    if not is_loopback(host):
        print(beyond_localhost_warning(host, port), file=sys.stderr, flush=True)
    print(f"studspec: serving the casebook and the Ask page on http://{host}:{port}/ "
          "(Ctrl-C stops)", file=sys.stderr, flush=True)
    protocol = GuardedH11.configured(header_timeout=header_timeout,
                                     request_timeout=max(REQUEST_TIMEOUT, header_timeout),
                                     max_connections=bound)
    # limit_concurrency stays off: it counts open connections, idle ones too (W1); the
    # guard bounds connections and the app bounds requests being answered.
    uvicorn.run(create_app(), host=host, port=port, log_level="warning", http=protocol,
                h11_max_incomplete_event_size=64 * 1024, timeout_keep_alive=5,
                server_header=False)
    return 0
