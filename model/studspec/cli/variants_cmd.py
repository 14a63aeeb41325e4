"""``studspec variants``: the profiles as differences from their parents by default, one
parameter or one profile on request, and the full parameters × profiles grid with
``--full`` (see :mod:`studspec.specdata.variant_views`)."""

from __future__ import annotations

from typing import Any

from studspec.cli.render import table
from studspec.cli.reports import Report, variants_report
from studspec.specdata.variant_views import (
    differences,
    parameter_view,
    profile_view,
    profiles_by_name,
)


def variants_cmd(*, diff: list[str] | None = None, parameter: str | None = None,
                 profile: str | None = None, full: bool = False,
                 base: str | None = None) -> Report:
    """The view the options ask for; an unknown profile or parameter raises KeyError."""
    if diff or full:
        return variants_report(diff)
    profiles = profiles_by_name()
    for name in (profile, base):
        if name is not None and name not in profiles:
            raise KeyError(name)
    if parameter is not None:
        return _parameter_report(profiles, parameter)
    if profile is not None:
        return _profile_report(profiles, profile)
    return _differences_report(profiles, base)


def _origin(source: str, inherited_from: str | None) -> str:
    return f"{source}, inherited from {inherited_from}" if inherited_from else source


def _parameter_report(profiles: dict[str, Any], parameter: str) -> Report:
    rows = parameter_view(profiles, parameter)
    data = [{"profile": name, "value": value, "source": source, "inherited_from": inherited}
            for name, value, source, inherited in rows]
    text = f"{parameter}: its value in every profile\n\n" + table(
        ["profile", "value", "source"],
        [[name, value, _origin(source, inherited)] for name, value, source, inherited in rows])
    return Report({"view": "parameter", "parameter": parameter, "profiles": data}, text)


def _profile_report(profiles: dict[str, Any], name: str) -> Report:
    profile = profiles[name]
    rows = profile_view(profile)
    data = [{"parameter": parameter, "value": value, "source": source,
             "inherited_from": inherited} for parameter, value, source, inherited in rows]
    header = f"{name}: {profile.title}" + (f" (extends {profile.extends})"
                                           if profile.extends else " (the root profile)")
    text = header + "\n\n" + table(
        ["parameter", "value", "source"],
        [[parameter, value, _origin(source, inherited)]
         for parameter, value, source, inherited in rows])
    return Report({"view": "profile", "profile": name, "title": profile.title,
                   "extends": profile.extends, "parameters": data}, text)


def _differences_report(profiles: dict[str, Any], base: str | None) -> Report:
    blocks, data = [], {}
    for view in differences(profiles, base):
        name = view.profile.name
        data[name] = {"title": view.profile.title, "compared_with": view.compared_with,
                      "differences": {d.parameter: {"value": d.value, "source": d.source,
                                                    "compared_value": d.compared_value,
                                                    "compared_source": d.compared_source}
                                      for d in view.differences}}
        if view.compared_with is None:
            blocks.append(f"{name}: {view.profile.title}\n  the root profile: every parameter "
                          f"is set here (studspec variants --profile {name})")
            continue
        if not view.differences:
            blocks.append(f"{name}: {view.profile.title}\n  the same values as "
                          f"{view.compared_with}")
            continue
        rows = [[d.parameter, f"{d.value} ({d.source})",
                 f"{d.compared_value} ({d.compared_source})"] for d in view.differences]
        blocks.append(f"{name}: {view.profile.title}\n"
                      + _indent(table(["parameter", name, view.compared_with], rows)))
    intro = ("each profile as its differences from " + (f"{base}" if base else
             "the profile it extends") + "; --parameter P, --profile P or --full for more")
    return Report({"view": "differences", "base": base, "profiles": data},
                  intro + "\n\n" + "\n\n".join(blocks))


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.splitlines())
