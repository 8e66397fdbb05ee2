#!/usr/bin/env bash
# Install iclr-assistant into .venv, index the default corpus (your 19 papers) and open the chat UI
# on http://127.0.0.1:7860. Extra arguments go to `iclr-assistant serve` (e.g. --corpus iclr2026).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3.11}"
command -v "$PYTHON" >/dev/null 2>&1 || PYTHON=python3
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check -e .
.venv/bin/iclr-assistant ingest
.venv/bin/iclr-assistant papers
exec .venv/bin/iclr-assistant serve "$@"
