"""``studspec serve``: the casebook and the Ask page as a local web app (uvicorn).

Binds 127.0.0.1 unless ``--host`` says otherwise (``--host 0.0.0.0`` shares it on a card
room's network). Needs the ``web`` extra: ``pip install 'studspec[web]'``.
"""

from __future__ import annotations

import sys

from studspec.errors import InvalidInputError


def serve(host: str, port: int) -> int:
    """Run the web app until interrupted; returns the exit code."""
    try:
        import uvicorn

        from studspec.web.app import create_app
    except ImportError as error:
        raise InvalidInputError(f"studspec serve needs the web extra ({error.name} is not "
                                "installed): pip install 'studspec[web]'",
                                where="studspec serve") from None
    if not 0 <= port <= 65535:
        raise InvalidInputError("a port is 0..65535", input_text=str(port), where="--port")
    print(f"studspec: serving the casebook and the Ask page on http://{host}:{port}/ "
          "(Ctrl-C stops)", file=sys.stderr, flush=True)
    uvicorn.run(create_app(), host=host, port=port, log_level="warning",
                h11_max_incomplete_event_size=64 * 1024, limit_concurrency=64,
                timeout_keep_alive=5, server_header=False)
    return 0
