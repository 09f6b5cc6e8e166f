"""Rule packs: a table's YAML file of rules, roster and options, read safely and validated.

`yamlsafe` loads YAML with line and column for every node (safe loader only); `pack` is the
pydantic model of a pack and turns its entries into `Source`s for the checker; `files` reads
data files within bounds and writes them atomically (packs, sessions, `lopti fmt`).
"""
