"""bench/read_throughput.py still runs (one run, one repeat); no timing is asserted."""

from bench.read_throughput import LOCAL, corpus, main


def test_the_read_benchmark_covers_every_local_format_and_runs() -> None:
    formats = set(corpus(LOCAL))
    assert {"pokerstars", "fulltilt", "partypoker", "ongame", "winamax", "everleaf",
            "winning", "absolute", "merge"} <= formats
    results = main(["--runs", "1", "--repeat", "1"])
    assert all(row["site_hands_per_second"] > 0 and row["ratio"] > 0
               for row in results.values())
