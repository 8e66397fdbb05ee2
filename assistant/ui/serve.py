"""Serving the web UI: refuse a public address without credentials, then launch and block."""

from __future__ import annotations

from ..config import Settings

LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}


def check_bind(host: str, auth: str | None) -> tuple[str, str] | None:
    """Credentials to require, or None on loopback; refuses a public address without them."""
    if auth:
        user, sep, password = auth.partition(":")
        if not (sep and user and password):
            raise ValueError("--auth must look like 'user:password'")
        return user, password
    if host not in LOCAL_HOSTS:
        raise ValueError(
            f"refusing to listen on {host} without authentication: anyone on the network "
            "could use it. Pass --auth user:password (or set ICLR_ASSISTANT_AUTH), "
            "or keep --host 127.0.0.1."
        )
    return None


def serve(
    settings: Settings,
    host: str = "127.0.0.1",
    port: int = 7860,
    auth: str | None = None,
    backend: str | None = None,
) -> int:
    """Start the web UI and block until it is stopped (Ctrl-C)."""
    from .app import build_app

    credentials = check_bind(host, auth)
    app = build_app(settings, backend=backend)
    if credentials:
        print(f"Authentication is on: sign in as '{credentials[0]}'.")
    shown = f"[{host}]" if ":" in host else host
    print(f"Serving on http://{shown}:{port} (Ctrl-C to stop)", flush=True)
    app.launch(
        server_name=host,
        server_port=port,
        share=False,
        auth=credentials,
        show_error=False,
        footer_links=["gradio"],
        quiet=True,
    )
    return 0
