"""Engine adapters: drive a poker engine under test through one small protocol."""
