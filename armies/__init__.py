"""Army lists: building and validating armies against each game's build rules."""
