"""Benchmarks of Muster's speed targets; ``make bench`` runs them and writes BENCHMARKS.md."""
