"""The action board's shape, shared by the rules and the words (pure)."""

# arrow -> ("col" | "row", index): the 2x3 grid's columns slide from the top,
# its rows from the left.
ARROWS = [("col", 0), ("col", 1), ("col", 2), ("row", 0), ("row", 1)]
