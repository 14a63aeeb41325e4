"""Benchmarks: each prints ratios against peers measured in the same run."""
