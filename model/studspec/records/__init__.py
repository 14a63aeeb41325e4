"""Recorded hands: one neutral record type, and readers/writers for hand-history formats."""
