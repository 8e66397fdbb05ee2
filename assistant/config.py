"""Settings: one pydantic-settings object, env prefix ICLR_ASSISTANT_, passed explicitly everywhere."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

DATA_DIR = Path(__file__).parent / "data"
BUILTIN_CORPORA = {
    "seed": DATA_DIR / "iclr2026_seed.jsonl",
    "iclr2026": DATA_DIR / "iclr2026.jsonl.gz",
}


class Settings(BaseSettings):
    """Everything the assistant can be told; CLI flags override environment variables."""

    model_config = SettingsConfigDict(env_prefix="ICLR_ASSISTANT_", extra="forbid", frozen=True)

    corpus: str = Field(
        "seed", description="Corpus: 'seed' (19 papers), 'iclr2026' (19,638) or a file path."
    )
    vectorstore: Path = Field(
        Path("vectorstore"),
        description="Directory of the embedded Chroma data, BM25 caches and manifests.",
    )
    chroma_url: str | None = Field(
        None,
        description="URL of a Chroma server (chroma run); when set, Chroma data lives there instead of under `vectorstore`.",
    )
    embed_batch_size: int = Field(
        4, ge=1, le=256, description="Texts per ONNX call (length-sorted, unpadded)."
    )
    embed_threads: int = Field(2, ge=1, le=64, description="onnxruntime intra-op threads.")
    chunk_tokens: int = Field(
        128, ge=32, le=256, description="Upper bound on tokens per chunk, title included."
    )
    shipped_vectors: bool = Field(
        True,
        description="Ingest takes the vectors shipped with the package (all of ICLR 2026) for every text whose hash of text, model and chunker matches, after re-embedding a sample to check them; false embeds everything.",
    )
    multilingual: bool = Field(
        True,
        description="Ingest keeps a multilingual vector per paper (USE-multilingual), by which questions in Chinese and other languages find papers; without them such questions are matched by their Latin-letter words only.",
    )
    top_k: int = Field(8, ge=1, le=100, description="Papers retrieved per question.")
    backend: Literal["extractive", "openai"] = Field(
        "extractive",
        description="Answerer: grounded extractive (offline) or an OpenAI-compatible LLM.",
    )
    llm_model: str | None = Field(
        None,
        description="Chat model name for the openai backend; by default the first model the server lists at /v1/models (gpt-4o-mini on OpenAI itself).",
    )
    llm_base_url: str | None = Field(
        None,
        validation_alias=AliasChoices("ICLR_ASSISTANT_LLM_BASE_URL", "OPENAI_BASE_URL"),
        description="OpenAI-compatible endpoint (vLLM, llama.cpp server, Ollama, OpenAI).",
    )
    llm_api_key: SecretStr | None = Field(
        None,
        validation_alias=AliasChoices("ICLR_ASSISTANT_LLM_API_KEY", "OPENAI_API_KEY"),
        description="API key for the LLM endpoint; never printed.",
    )
    llm_timeout: float = Field(
        60.0, gt=0, description="Seconds of silence from the LLM server before a request fails."
    )
    llm_deadline: float = Field(
        300.0,
        gt=0,
        description="Seconds for one whole LLM reply, keep-alive pings or not, before it is given up.",
    )
    llm_max_tokens: int = Field(
        700, ge=16, le=32768, description="Longest LLM reply, in tokens (sent as max_tokens)."
    )
    llm_prompt_tokens: int | None = Field(
        None,
        ge=256,
        le=1_000_000,
        description="Tokens of prompt per LLM call (sources, history, question): by default 1,600 for a server on this machine or a private network (a 2-core CPU reads ~100 tokens/s) and 12,000 for a remote one.",
    )
    llm_retries: int = Field(
        3,
        ge=0,
        le=10,
        description="Retries on 429/5xx/timeouts before falling back to the extractive answer.",
    )
    llm_judge: bool | None = Field(
        None,
        description="Whether the LLM judges which papers a set question keeps (batched, each yes checked by its quote); by default only for a remote server: the local 1.5B model said yes to 8 of 19 seed papers for 'reinforcement learning', where 2 are.",
    )
    auth: str | None = Field(
        None, description="'user:password' required by `serve` when it listens beyond 127.0.0.1."
    )
