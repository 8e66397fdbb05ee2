"""Command line: iclr-assistant ingest | papers | stats | search | ask | chat | serve | eval."""

from .main import main

__all__ = ["main"]
