"""Rule a case under every profile: the model's answer per profile, the expectation that
applies, whether they agree, and the profiles grouped by the answer they give."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from studspec.cases.answers import answer
from studspec.cases.domains import parameter_names, show_value
from studspec.cases.expect import Answer, Expectation, disagreement
from studspec.cases.kinds import show_answer
from studspec.cases.schema import Case
from studspec.specdata.profiles import Profile


@dataclass(frozen=True)
class ProfileRuling:
    """One profile's answer and how it compares with the casebook's expectation."""

    profile: Profile
    answer: Answer
    expectation: Expectation | None
    problem: str | None     # how the model's answer differs from the expectation

    @property
    def agrees(self) -> bool:
        """Whether the model does not contradict the case (no expectation: nothing to check)."""
        return self.problem is None

    @property
    def unexpected(self) -> bool:
        """Whether the case applies but gives no expectation for this profile's values (an
        open parameter's value it does not name)."""
        return self.answer.applicable and self.expectation is None


@dataclass(frozen=True)
class Group:
    """Profiles that give the same answer, and the parameter values they share."""

    answer: Answer
    rulings: tuple[ProfileRuling, ...]
    shared: dict[str, str]   # depends_on parameter -> the value every profile here has

    @property
    def profiles(self) -> tuple[str, ...]:
        """The profile names, in order."""
        return tuple(ruling.profile.name for ruling in self.rulings)


@dataclass(frozen=True)
class Ruling:
    """A case ruled under a list of profiles."""

    case: Case
    rulings: tuple[ProfileRuling, ...]

    @property
    def disagreements(self) -> list[ProfileRuling]:
        """The profiles under which the model and the case differ."""
        return [ruling for ruling in self.rulings if not ruling.agrees]

    def groups(self) -> list[Group]:
        """The profiles grouped by answer, in the order the answers first appear.

        Each group names the values its profiles share of the parameters the case depends
        on; when the case names none yet and the answers differ, of the parameters that
        could explain the difference (one value within each group, not the same in all:
        the candidates for ``depends_on``).
        """
        by_answer: dict[object, list[ProfileRuling]] = {}
        for ruling in self.rulings:
            by_answer.setdefault(ruling.answer.key(), []).append(ruling)
        names = list(self.case.depends_on)
        if not names and len(by_answer) > 1:
            names = [name for name in parameter_names()
                     if len({show_value(getattr(r.profile, name)) for r in self.rulings}) > 1
                     and all(len({show_value(getattr(r.profile, name)) for r in members}) == 1
                             for members in by_answer.values())]
        groups = []
        for members in by_answer.values():
            shared = {}
            for name in names:
                values = {show_value(getattr(r.profile, name)) for r in members}
                if len(values) == 1:
                    shared[name] = values.pop()
            groups.append(Group(members[0].answer, tuple(members), shared))
        return groups


def rule_under(case: Case, profile: Profile) -> ProfileRuling:
    """The model's answer under one profile, checked against the case's expectation."""
    given = answer(case, profile)
    if not given.applicable:
        return ProfileRuling(profile, given, None, None)
    expected = case.expectation_for(profile)
    if expected is None:
        return ProfileRuling(profile, given, None, None)
    return ProfileRuling(profile, given, expected,
                         disagreement(expected, given, case.question.kind))


def rule(case: Case, profiles: Sequence[Profile]) -> Ruling:
    """Rule the case under each profile."""
    return Ruling(case, tuple(rule_under(case, profile) for profile in profiles))


def answer_words(case: Case, answer: Answer) -> str:
    """An answer in words: the kind's sentence, the refusal (it starts with the clause),
    or why the case does not apply."""
    if not answer.applicable:
        return f"not applicable: {answer.reason}"
    if answer.refused is not None:
        return f"refused — {answer.reason}"
    assert answer.fields is not None
    return show_answer(case.question.kind, answer.fields)
