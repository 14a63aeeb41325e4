"""``studspec serve``: the casebook and the Ask page in a browser (needs the ``web`` extra).

The pages call the same functions as the command line — ``ruling_report`` and ``rule`` for
the casebook, ``grouped_answers`` (``studspec next``) for the Ask page, the PHH reader and
writer and the site-log readers for links, exports and opened hands — and add no rule of
their own.
"""
