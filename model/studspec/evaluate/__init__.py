"""Evaluators: the fast hand evaluator (held equal to the declarative ranking) and the
enumeration of outcomes over unseen cards.
"""
