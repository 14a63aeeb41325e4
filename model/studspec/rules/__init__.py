"""The rules, one module per rule area: cards, the deal, the bring-in, betting, ranking, the low,
the showdown, pots and their settlement, irregularities.

Pure, typed functions, each marked with the clause it implements; a rule reads a profile
(``studspec.specdata.profiles``) and never a whole hand (``studspec.play``).
"""
