"""Checking the specification: the Z3 proof obligations, the agreement of their encodings with
the model, the traceability of every clause and the ties of observed behaviour to cases.
"""
