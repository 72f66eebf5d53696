"""The catalogues of every game: models, the loader, browsing pages, API and homebrew."""
