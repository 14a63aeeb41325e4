"""Differential conformance: hands played in lock-step through the model and an engine."""
