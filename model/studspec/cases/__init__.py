"""The casebook: rules disputes as data (``spec/cases/*.toml``), each answered by the model
under every profile and checked against the answers the case expects.

``load_case`` / ``load_casebook`` read and validate case files; ``answer`` asks the model;
``rule`` answers under a list of profiles, compares and groups. The case format is
documented in ``docs/casebook-format.rst``; another implementation can use the bundled
cases as a conformance kit.
"""

from studspec.cases.answers import answer
from studspec.cases.book import casebook_dir, cases_citing, find_case, load_casebook
from studspec.cases.expect import Answer, Expectation
from studspec.cases.ruling import Group, ProfileRuling, Ruling, rule, rule_under
from studspec.cases.schema import Case, load_case

__all__ = ["Answer", "Case", "Expectation", "Group", "ProfileRuling", "Ruling", "answer",
           "casebook_dir", "cases_citing", "find_case", "load_case", "load_casebook", "rule",
           "rule_under"]
