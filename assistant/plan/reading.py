"""The question as it is read before anything else reads it: normalised, its typos and misspelt
names corrected, and an elliptical follow-up of a set question asked in full (continued.py),
with the history the question it stands for had."""

from __future__ import annotations

from ..schema import Turn
from ..store.papers import PaperTable
from ..text.language import language
from ..text.messages import say
from .continued import continued
from .count import form_asked
from .instead import instead, swapped
from .returned import went_back
from .spelling import misnamed, normalise, spelled


def read(
    question: str, history: list[Turn], table: PaperTable, multilingual: bool
) -> tuple[str, list[Turn], tuple[str, ...]]:
    """The question as it is read: normalised, its typos corrected, an elliptical follow-up of a
    set question asked in full ("And generalization?" -> "Which papers study generalization?"),
    with the history the earlier question had (口头报告呢？ after 其中被录用的有几篇？ is asked of
    the list that one was); one going back to an earlier topic, asked of the history it had
    ("back to the RL papers: which use LLMs?"), or again with one thing in place of another
    ("what about ExpVid instead of SCUBA?"); one leaving the conversation's papers for a subject
    of its own ("what about LLM papers instead?"), with none; and the notes that say so."""
    question, fixed = spelled(normalise(question), table.words.doc_freq)
    question, renamed = misnamed(question, table.single_names, table.words.doc_freq)
    fixed += renamed
    lang = language(question) if multilingual else "en"
    notes = (
        [say(lang, "spelling", words=", ".join(f"{a} -> {b}" for a, b in fixed))] if fixed else []
    )
    if back := went_back(question, history, lang):  # "back to the RL papers: which use LLMs?"
        question, history = back.question, back.history
        notes.append(say(lang, "went_back", question=back.earlier))
    elif back := swapped(question, history, lang):  # "what about ExpVid instead of SCUBA?"
        question, history = back.question, back.history
        notes.append(say(lang, "read_as", question=question))
    question, form = form_asked(question)  # "... — just give me the count"
    again = continued(question, history, lang, table)
    if again is None and history and (new := instead(question, lang)):  # "what about LLM
        return new + form, [], (*notes, say(lang, "read_as", question=new))  # papers instead?"
    if again is None:
        return question + form, history, tuple(notes)
    again += ("." if form and again[-1:] not in "?.!。？" else "") + form  # "... LLMs. Give me 5"
    return again, _before_root(history, lang), (*notes, say(lang, "read_as", question=again))


def _before_root(history: list[Turn], lang: str) -> list[Turn]:
    """The history before the question a chain of elliptical follow-ups continues ("其中被录用
    的有几篇？" of 口头报告呢？ and then 那海报呢？): what that question itself followed."""
    asked = [i for i, t in enumerate(history) if t.role == "user"]
    while len(asked) > 1 and continued(history[asked[-1]].content, history[: asked[-1]], lang):
        asked.pop()
    return history[: asked[-1]] if asked else []
