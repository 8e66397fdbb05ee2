"""The shared vocabulary: Paper, Chunk, Filters, hits, Turn, Citation, Answer (frozen values, no I/O)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from .text.latex import clean_latex

CHUNKER_VERSION = "sentences-v1"  # recorded in the manifest: change it when chunking changes
ACCEPTED_STATUSES = ("Oral", "Poster", "ConditionalOral", "ConditionalPoster")
REJECTED_STATUSES = ("Reject", "Desk Rejected", "Not accepted")


MAX_LABEL = 60  # characters of a paper's name shown in an answer


CONFERENCE_YEAR = 2026  # the year of a paper whose corpus states none (ICLR 2026's submissions)


@dataclass(frozen=True)
class Paper:
    """One paper as read from a corpus file; only `abstract` is required by readers."""

    id: str
    title: str
    abstract: str
    authors: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    primary_area: str = ""
    status: str = ""
    year: int | None = None
    venue: str = ""
    url: str = ""
    tldr: str = ""

    @property
    def year_or_default(self) -> int:
        """The paper's year; a paper that states none is of the conference this tool serves."""
        return self.year or CONFERENCE_YEAR

    @property
    def short_name(self) -> str:
        """The name before a colon in the title ("RepSpec: ..." -> "RepSpec"), else the title."""
        head = self.title.split(":", 1)[0].strip()
        return head if head and len(head) < len(self.title) else self.title

    @property
    def display_name(self) -> str:
        """The short name as answers show it, LaTeX read: cut at a word boundary, with "…", when
        long."""
        name = clean_latex(self.short_name)
        if len(name) > MAX_LABEL:
            name = name[: MAX_LABEL - 2].rsplit(" ", 1)[0].rstrip(" ,;:-") + "…"
        return name


@dataclass(frozen=True)
class Chunk:
    """A piece of one abstract, at most about 128 tokens, carrying its paper's title."""

    id: str
    paper_id: str
    number: int
    text: str

    def embed_text(self, title: str) -> str:
        return f"{title}. {self.text}" if title else self.text


@dataclass(frozen=True)
class Filters:
    """Restrictions on which papers may be returned; empty tuples mean no restriction."""

    statuses: tuple[str, ...] = ()
    areas: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    years: tuple[int, ...] = ()
    description: tuple[str, ...] = ()
    # papers already given, left out ("Are there other papers on X?" after an answer about X)
    besides: frozenset[str] = frozenset()

    def is_empty(self) -> bool:
        return not (self.statuses or self.areas or self.keywords or self.years or self.besides)


@dataclass(frozen=True)
class ChunkHit:
    chunk_id: str
    text: str
    score: float


@dataclass(frozen=True)
class PaperHit:
    """A retrieved paper with its fused score and the chunks that matched best."""

    paper: Paper
    score: float
    chunks: tuple[ChunkHit, ...] = ()
    named: bool = False


@dataclass(frozen=True)
class Turn:
    """One message of a conversation; an assistant turn keeps the ids of the papers it cited, in
    citation-number order ([5] and [6] may be one paper: "Summarize [6]" reads it by number)."""

    role: str
    content: str
    paper_ids: tuple[str, ...] = ()
    # every paper of the set the answer stood for, when it showed only some of them (a listing's
    # first 100 by title): "How many of them are about RL?" asks about all of them
    members: tuple[str, ...] = ()
    # an answer that found nothing (not one saying what an abstract leaves out): the papers it
    # names are the closest, or those of the earlier answer, not a set of its own
    abstained: bool = False
    # an answer citing papers like the ones asked about: those, which "it" still means
    asked: tuple[str, ...] = ()


@dataclass(frozen=True)
class Citation:
    n: int
    paper: Paper
    evidence: str
    supported: bool = True


@dataclass(frozen=True)
class Answer:
    question: str
    text: str
    citations: tuple[Citation, ...] = ()
    papers: tuple[PaperHit, ...] = ()
    abstained: bool = False
    notes: tuple[str, ...] = field(default_factory=tuple)
    kind: str = "facts"
    lang: str = "en"  # the language the question was asked in, and the answer framed in
    written_by: str = "extractive"  # or "llm:<model>" when a language model wrote the text
    prompt_tokens: tuple[int, ...] = ()  # estimated prompt tokens of each LLM call made
    # every paper of the set it answers about when it shows only some (a listing's first 100)
    members: tuple[str, ...] = ()
    # the papers it names without citing them, in order (an abstention's closest papers)
    named: tuple[str, ...] = ()


def replied(question: str, answer: Answer) -> list[Turn]:
    """A question and its answer as turns of the conversation a follow-up reads: the papers the
    answer cited, in number order ([5] and [6] may be one paper), and every paper of its set."""
    cited = tuple(c.paper.id for c in answer.citations) or answer.named
    like = tuple(h.paper.id for h in answer.papers if h.named) if answer.kind == "similar" else ()
    said = Turn("assistant", answer.text, cited, answer.members, answer.kind == "abstain", like)
    return [Turn("user", question), said]


def last_asked(history: Sequence[Turn]) -> str:
    """The last question of a conversation ("" before any)."""
    return next((t.content for t in reversed(history) if t.role == "user"), "")


STREAM_PIECE = 48  # characters per streamed piece of an extractive answer


def pieces(answer: Answer) -> Iterator[str | Answer]:
    """An answer written whole, streamed: its text in pieces, then the Answer."""
    for start in range(0, len(answer.text), STREAM_PIECE):
        yield answer.text[start : start + STREAM_PIECE]
    yield answer
