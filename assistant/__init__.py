"""iclr-assistant: cited question answering over the papers of ICLR 2026."""

__version__ = "0.1.0"
