"""Help texts and messages that name the site formats come from the readers' own tables, so
they list every format the code reads (``convert --help`` once named four sites of ten)."""

from studspec.cli.main import build_parser
from studspec.records.detect import READERS
from studspec.records.site_profiles import SITE_NAMES, site_formats_text
from studspec.records.xmlreader import XML_FORMATS


def test_convert_help_names_every_format_the_readers_read() -> None:
    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command")
    help_text = " ".join(next(a.help for a in commands._choices_actions
                              if a.dest == "convert").split())
    for name in (*READERS, *XML_FORMATS):
        assert SITE_NAMES.get(name, name) in help_text, name
    assert site_formats_text() in help_text
    convert = commands.choices["convert"]
    assert site_formats_text() in " ".join(convert.format_help().split())
