"""The five games as pure-Python packages; see ``registry``."""
