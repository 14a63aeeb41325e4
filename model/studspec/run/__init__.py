"""Running work: a process pool on this machine, or a Dask cluster, with reports merged in a
fixed order so both give the same result.
"""
