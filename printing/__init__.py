"""Printable files (PDF, PNG, STL) made by background jobs."""
