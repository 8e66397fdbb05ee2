#!/usr/bin/env bash
# Install iclr-assistant with its test tools into .venv, make sure Debian's chromium is there for
# the browser tests, check lint, format and types (ruff, mypy), and run the whole suite (real
# Chroma, real model, real browser).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3.11}"
command -v "$PYTHON" >/dev/null 2>&1 || PYTHON=python3
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check -e '.[test]'
if [ ! -x /usr/bin/chromium ]; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq chromium >/dev/null
fi
# lint, format and types first: a few seconds, and they name the file and line
.venv/bin/ruff check assistant tests eval scripts
.venv/bin/ruff format --check assistant tests eval scripts
.venv/bin/mypy assistant
exec .venv/bin/python -m pytest "$@"
