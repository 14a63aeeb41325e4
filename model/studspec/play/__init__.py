"""The whole hand: the state machine over the rules (``Hand``), the replay of a record, the
irregularities of a hand in progress and the evidence of a log (its claims).
"""
