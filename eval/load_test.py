"""Load test of the web UI: N concurrent chat sessions against `iclr-assistant serve` on 127.0.0.1
for S seconds, extractive answerer. Each session has its own gradio_client.Client (so its own
session hash and gr.State), asks about its own seed paper, then a follow-up that must stay on it.

    python eval/load_test.py [--sessions 20] [--seconds 120] [--port P] [--vectorstore DIR] [--url URL]

Prints a JSON summary (requests, errors, cross-talk, p50/p95 answer latency, requests/s, the
server's peak RSS) and exits 1 if any request failed or any answer left its own paper. Bounded: at
most --max-requests questions, a hard stop at S + 60 s, and the server it started is always stopped.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

# Before gradio_client is imported: no telemetry, no Hugging Face calls, no proxy for loopback.
os.environ["GRADIO_ANALYTICS_ENABLED"] = "False"
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["HF_HUB_DISABLE_TELEMETRY"] = "1"
os.environ["NO_PROXY"] = os.environ["no_proxy"] = "127.0.0.1,localhost"

from gradio_client import Client  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SEED_JSONL = ROOT / "assistant" / "data" / "iclr2026_seed.jsonl"
LOOPBACK = {"127.0.0.1", "localhost"}
FOLLOW_UP = "What dataset or benchmark did they use?"
GRACE = 60.0  # seconds after --seconds before everything is stopped, answered or not
LOCAL = urllib.request.build_opener(urllib.request.ProxyHandler({}))


@dataclass(frozen=True)
class SeedPaper:
    id: str
    title: str
    short: str  # "Rex-Thinker" for "Rex-Thinker: Grounded Object Referring via ...", else the title

    @property
    def question(self) -> str:
        return f"What does {self.short} propose?"


@dataclass
class Tally:
    """What all sessions observed; every method is safe to call from the session threads."""

    max_requests: int
    reserved: int = 0  # questions taken from the budget
    asked: int = 0
    clears: int = 0
    latencies: dict[str, list[float]] = field(
        default_factory=lambda: {"first": [], "follow_up": []}
    )
    errors: list[dict[str, Any]] = field(default_factory=list)
    violations: list[dict[str, Any]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def take(self, n: int) -> bool:
        """Reserve n questions from the budget; False once it is spent."""
        with self.lock:
            if self.reserved + n > self.max_requests:
                return False
            self.reserved += n
            return True

    def add(self, kind: str, item: Any) -> None:
        with self.lock:
            getattr(self, kind).append(item)


def load_papers(path: Path = SEED_JSONL) -> list[SeedPaper]:
    papers = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            record = json.loads(line)
            title = " ".join(record["title"].split())
            head = title.split(":", 1)[0]
            short = head if ":" in title and len(head.split()) <= 6 else title
            papers.append(SeedPaper(record["id"], title, short))
    return papers


def loopback_url(url: str) -> str:
    """The URL if it points at this machine's loopback; ValueError for anything else."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or parts.hostname not in LOOPBACK:
        raise ValueError(
            f"refusing {url!r}: only http(s)://127.0.0.1 or localhost URLs are allowed"
        )
    return url if url.endswith("/") else url + "/"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# -- the server ------------------------------------------------------------------------------------
def start_server(port: int, vectorstore: Path, log: Path) -> subprocess.Popen[bytes]:
    """`iclr-assistant serve` on 127.0.0.1 in its own process group (so its children stop with it)."""
    cmd = [
        sys.executable,
        "-m",
        "assistant.cli",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--corpus",
        "seed",
        "--vectorstore",
        str(vectorstore),
        "--backend",
        "extractive",
    ]
    with log.open("wb") as out:
        return subprocess.Popen(
            cmd,
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
            env=dict(os.environ),
        )


def wait_ready(
    url: str, proc: subprocess.Popen[bytes] | None, timeout: float, log: Path | None
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise SystemExit(
                f"the server exited ({proc.returncode}) before answering:\n{tail(log)}"
            )
        try:
            with LOCAL.open(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.5)
    raise SystemExit(f"{url} did not answer within {timeout:.0f} s\n{tail(log)}")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    """Ctrl-C, then SIGTERM, then SIGKILL, to the process group of the server this script started."""
    for sig, wait in ((signal.SIGINT, 20), (signal.SIGTERM, 10), (signal.SIGKILL, 10)):
        if proc.poll() is not None:
            return
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            continue


def tail(log: Path | None, lines: int = 30) -> str:
    if log is None or not log.exists():
        return ""
    return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])


# -- memory ----------------------------------------------------------------------------------------
def listener_pid(port: int) -> int | None:
    """The pid of the (same-user) process listening on a TCP port, from /proc; None if not found."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            cols = row.split()
            if cols[3] == "0A" and int(cols[1].rsplit(":", 1)[1], 16) == port:  # 0A: LISTEN
                inodes.add(f"socket:[{cols[9]}]")
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            if any(os.readlink(fd) in inodes for fd in (proc / "fd").iterdir()):
                return int(proc.name)
        except OSError:
            continue
    return None


def process_tree(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(stat.parent.name))
    tree, todo = [], [root]
    while todo:
        pid = todo.pop()
        tree.append(pid)
        todo += children.get(pid, [])
    return tree


def sample_peaks(root: int | None, peaks: dict[int, tuple[str, int]]) -> None:
    """Record VmHWM (peak resident set, kB) of the server and each of its children."""
    for pid in process_tree(root) if root else []:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        hwm = re.search(r"^VmHWM:\s+(\d+) kB", status, re.M)
        name = re.search(r"^Name:\s+(.*)$", status, re.M)
        if hwm:
            kb = max(int(hwm.group(1)), peaks.get(pid, ("", 0))[1])
            peaks[pid] = (name.group(1) if name else "?", kb)


# -- the sessions ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Run:
    url: str
    end: float  # no new conversation starts after this (time.monotonic())
    hard_end: float  # no call waits beyond this
    all_ids: frozenset[str]  # every seed paper
    taken: frozenset[str]  # the papers some session asks about


def reply_text(chat: list[Any]) -> str:
    content = chat[-1]["content"] if chat else ""
    if isinstance(content, list):
        return " ".join(str(part.get("text", "")) for part in content if isinstance(part, dict))
    return str(content)


def mentions(paper: SeedPaper, reply: str, sources: str) -> bool:
    lowered = reply.lower()
    return (
        paper.id in reply + sources
        or paper.short.lower() in lowered
        or paper.title.lower() in lowered
    )


def call(client: Client, run: Run, **kwargs: Any) -> Any:
    job = client.submit(**kwargs)
    try:
        return job.result(timeout=max(1.0, run.hard_end - time.monotonic()))
    except BaseException:
        job.cancel()
        raise


def ask(
    client: Client,
    run: Run,
    question: str,
    history: list[Any],
    kind: str,
    session: int,
    tally: Tally,
) -> tuple[list[Any], str] | None:
    """One /ask: (chat messages, sources HTML), or None after recording the error."""
    began = time.monotonic()
    with tally.lock:
        tally.asked += 1
    try:
        _, chat, sources = call(
            client, run, message=question, history=history, backend="extractive", api_name="/ask"
        )
    except Exception as err:  # every failure is counted; none stops the run
        tally.add("errors", failure(session, kind, err))
        return None
    with tally.lock:
        tally.latencies[kind].append((time.monotonic() - began) * 1000)
    return list(chat), str(sources)


def failure(session: int, kind: str, err: BaseException) -> dict[str, Any]:
    return {"session": session, "kind": kind, "error": f"{type(err).__name__}: {err}"[:300]}


def check(
    kind: str, session: int, paper: SeedPaper, run: Run, chat: list[Any], sources: str, tally: Tally
) -> None:
    """The answer must be about the session's paper; a follow-up must name no other paper."""
    reply = reply_text(chat)
    problems = [] if mentions(paper, reply, sources) else [f"{kind}_misses_own_paper"]
    if kind == "follow_up":
        problems += [
            ("cross_talk:" if pid in run.taken else "other_paper:") + pid
            for pid in sorted(run.all_ids - {paper.id})
            if pid in reply + sources
        ]
    for problem in problems:
        tally.add(
            "violations",
            {"session": session, "paper": paper.short, "problem": problem, "reply": reply[:200]},
        )


def run_session(session: int, paper: SeedPaper, run: Run, tally: Tally) -> None:
    """Until run.end: clear, ask about the paper, ask the follow-up (one conversation per cycle)."""
    try:
        client = Client(
            run.url,
            verbose=False,
            analytics_enabled=False,
            download_files=False,
            max_workers=2,
            httpx_kwargs={"trust_env": False},
        )
    except Exception as err:
        tally.add("errors", failure(session, "connect", err))
        return
    try:
        while time.monotonic() < run.end and tally.take(2):
            try:
                call(client, run, api_name="/clear")
                with tally.lock:
                    tally.clears += 1
            except Exception as err:
                tally.add("errors", failure(session, "clear", err))
                continue
            first = ask(client, run, paper.question, [], "first", session, tally)
            if first is None:
                continue
            check("first", session, paper, run, *first, tally)
            follow = ask(client, run, FOLLOW_UP, first[0], "follow_up", session, tally)
            if follow is not None:
                check("follow_up", session, paper, run, *follow, tally)
    finally:
        client.close()


def load(
    url: str,
    papers: list[SeedPaper],
    sessions: int,
    seconds: float,
    max_requests: int,
    root: int | None,
) -> dict[str, Any]:
    """Run the sessions in threads, sampling the server's memory until they end or time is up."""
    mine = [papers[i % len(papers)] for i in range(sessions)]
    began = time.monotonic()
    run = Run(
        url,
        began + seconds,
        began + seconds + GRACE,
        frozenset(p.id for p in papers),
        frozenset(p.id for p in mine),
    )
    tally = Tally(max_requests)
    peaks: dict[int, tuple[str, int]] = {}
    threads = [
        threading.Thread(
            target=run_session, args=(i, p, run, tally), daemon=True, name=f"session-{i}"
        )
        for i, p in enumerate(mine)
    ]
    for thread in threads:
        thread.start()
    while any(t.is_alive() for t in threads) and time.monotonic() < run.hard_end:
        sample_peaks(root, peaks)
        next(t for t in threads if t.is_alive()).join(timeout=1.0)
    sample_peaks(root, peaks)
    elapsed = time.monotonic() - began
    for i, thread in enumerate(threads):
        if thread.is_alive():
            tally.add(
                "errors",
                {"session": i, "kind": "hung", "error": f"still running after {elapsed:.0f} s"},
            )
    return summarize(tally, sessions, elapsed, peaks)


def percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile (None for no values)."""
    ordered = sorted(values)
    return round(ordered[max(0, math.ceil(q * len(ordered)) - 1)], 1) if ordered else None


def summarize(
    tally: Tally, sessions: int, elapsed: float, peaks: dict[int, tuple[str, int]]
) -> dict[str, Any]:
    with tally.lock:
        every = [ms for values in tally.latencies.values() for ms in values]
        by_kind = {
            kind: {"n": len(v), "p50": percentile(v, 0.5), "p95": percentile(v, 0.95)}
            for kind, v in tally.latencies.items()
        }
        answered = len(every)
        return {
            "sessions": sessions,
            "elapsed_s": round(elapsed, 1),
            "requests": tally.asked,
            "answered": answered,
            "clears": tally.clears,
            "request_cap_reached": tally.reserved + 2 > tally.max_requests,
            "errors": len(tally.errors),
            "violations": len(tally.violations),
            "cross_talk": sum(v["problem"].startswith("cross_talk") for v in tally.violations),
            "latency_ms": {
                "p50": percentile(every, 0.5),
                "p95": percentile(every, 0.95),
                "max": round(max(every), 1) if every else None,
            },
            "latency_ms_by_question": by_kind,
            "requests_per_s": round(answered / elapsed, 2) if elapsed else 0.0,
            "server_peak_rss_mb": round(sum(kb for _, kb in peaks.values()) / 1024, 1)
            if peaks
            else None,
            "server_processes": [
                {"pid": pid, "name": name, "vmhwm_mb": round(kb / 1024, 1)}
                for pid, (name, kb) in sorted(peaks.items())
            ],
            "error_samples": tally.errors[:5],
            "violation_samples": tally.violations[:5],
        }


# -- main ------------------------------------------------------------------------------------------
def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sessions", type=int, default=20, help="concurrent chat sessions")
    parser.add_argument(
        "--seconds", type=float, default=120.0, help="how long new questions are asked"
    )
    parser.add_argument(
        "--port", type=int, help="port for the server started here (default: a free one)"
    )
    parser.add_argument(
        "--vectorstore",
        type=Path,
        default=Path("vectorstore"),
        help="index directory for the server started here (relative to the repository)",
    )
    parser.add_argument(
        "--url", help="attach to a running server instead (127.0.0.1/localhost only)"
    )
    parser.add_argument(
        "--max-requests", type=int, default=5000, help="cap on questions asked in all"
    )
    parser.add_argument(
        "--startup-timeout", type=float, default=300.0, help="seconds to wait for the server"
    )
    args = parser.parse_args()
    if not (1 <= args.sessions <= 200 and 0 < args.seconds <= 3600 and args.max_requests >= 2):
        parser.error("need 1-200 sessions, 0-3600 seconds and --max-requests >= 2")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so `finally` stops the server
    papers = load_papers()
    proc, log = None, None
    if args.url:
        try:
            url = loopback_url(args.url)
        except ValueError as err:
            parser.error(str(err))
    else:
        port = args.port or free_port()
        url = f"http://127.0.0.1:{port}/"
        log = Path(tempfile.mkstemp(prefix="load_test_server_", suffix=".log")[1])
        proc = start_server(port, args.vectorstore, log)
    try:
        wait_ready(url, proc, args.startup_timeout, log)
        root = proc.pid if proc else listener_pid(urlsplit(url).port or 80)
        summary = {
            "url": url,
            **load(url, papers, args.sessions, args.seconds, args.max_requests, root),
        }
    finally:
        if proc is not None:
            stop_server(proc)
    failed = bool(summary["errors"] or summary["violations"])
    if log is not None:
        if failed:
            summary["server_log"] = str(log)
        else:
            log.unlink(missing_ok=True)
    print(json.dumps(summary, indent=1, ensure_ascii=False), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    code = main()
    if any(t.name.startswith("session-") for t in threading.enumerate()):
        os._exit(
            code
        )  # a session stuck in a call past the hard stop must not keep the process alive
    sys.exit(code)
