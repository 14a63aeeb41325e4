"""Views of the variant profiles that stay readable as profiles multiply.

With two dozen profiles the parameters × profiles grid is too wide to read. The default
view shows each profile as what it changes: the parameters whose value differs from the
profile it extends (or from a chosen base profile), next to that profile's value. One
parameter across every profile, one profile in full, and the full grid are views on
request. The CLI (``studspec variants``) and the docs' matrix page both use these.
"""

from __future__ import annotations

from dataclasses import dataclass

from studspec.specdata.profiles import PARAMETERS, ResolvedProfile, all_profiles


@dataclass(frozen=True)
class Difference:
    """One parameter a profile sets to another value than the profile it is compared with."""

    parameter: str
    value: str
    source: str
    compared_value: str
    compared_source: str


@dataclass(frozen=True)
class ProfileDifferences:
    """A profile seen as its differences from another (its parent, or a chosen base)."""

    profile: ResolvedProfile
    compared_with: str | None
    differences: tuple[Difference, ...]


def profiles_by_name() -> dict[str, ResolvedProfile]:
    """Every profile, by name, in the spec's order."""
    return {profile.name: profile for profile in all_profiles()}


def differences(profiles: dict[str, ResolvedProfile], base: str | None = None
                ) -> list[ProfileDifferences]:
    """Each profile against its parent (or against ``base`` when given); a root profile,
    compared with nothing, has no differences listed."""
    views = []
    for profile in profiles.values():
        other_name = base if base is not None else profile.extends
        if other_name is None or other_name == profile.name:
            views.append(ProfileDifferences(profile, None, ()))
            continue
        other = profiles[other_name]
        rows = tuple(
            Difference(name, profile.values[name].value, profile.values[name].source,
                       other.values[name].value, other.values[name].source)
            for name in PARAMETERS if profile.values[name].value != other.values[name].value)
        views.append(ProfileDifferences(profile, other_name, rows))
    return views


def parameter_view(profiles: dict[str, ResolvedProfile], parameter: str
                   ) -> list[tuple[str, str, str, str | None]]:
    """One parameter across every profile: (profile, value, source, inherited from)."""
    if parameter not in PARAMETERS:
        raise KeyError(parameter)
    return [(name, profile.values[parameter].value, profile.values[parameter].source,
             profile.values[parameter].defined_in if profile.is_inherited(parameter) else None)
            for name, profile in profiles.items()]


def profile_view(profile: ResolvedProfile) -> list[tuple[str, str, str, str | None]]:
    """Every parameter of one profile: (parameter, value, source, inherited from)."""
    return [(name, value.value, value.source,
             value.defined_in if profile.is_inherited(name) else None)
            for name, value in profile.values.items()]
