"""Z3 proof obligations of studspec, one module per area; run by ``studspec prove``."""
