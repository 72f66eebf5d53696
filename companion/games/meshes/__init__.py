"""The pure mesh kernel: shapes, pieces and the parametric-model contract that every
game's ``models3d`` builds on, and that printing reads. No Django, no app imports."""
