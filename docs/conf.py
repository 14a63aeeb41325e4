"""Sphinx configuration for the studspec documentation.

Every page about the rules is generated from spec/, the code and the proof results by the
local extension ``_ext/studspec_docs.py``; nothing about a clause is copied by hand.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "studspec"
author = "the studspec developers"
copyright = "2026, the studspec developers"
extensions = ["sphinx.ext.autodoc", "studspec_docs", "studspec_navigation", "studspec_casebook"]
exclude_patterns = ["_build"]
nitpicky = True
# Furo: a maintained theme many Python projects use (pip, attrs, urllib3, Black...): a
# wide, readable content column, a collapsible sidebar on phones, a dark mode, no
# JavaScript framework and no CDN (everything ships in the wheel).
html_theme = "furo"
html_title = "studspec"
html_static_path = ["_static"]
html_css_files = ["studspec.css"]
html_theme_options = {"sidebar_hide_name": False, "navigation_with_keys": True}
autodoc_typehints = "description"
autodoc_member_order = "bysource"
autodoc_default_options = {"undoc-members": True}
# No network, so no intersphinx: the standard-library types that appear in the API's
# annotations cannot be linked. They are listed here one by one (anything else that does
# not resolve is a real broken reference and fails the build).
nitpick_ignore = [("py:class", name) for name in (
    "collections.abc.Callable", "collections.abc.Iterable", "collections.abc.Iterator",
    "collections.abc.Sequence", "collections.abc.Mapping", "collections.abc.Collection",
    "pathlib.Path", "re.Pattern",
    "xml.etree.ElementTree.Element", "hypothesis.strategies.SearchStrategy",
)]
