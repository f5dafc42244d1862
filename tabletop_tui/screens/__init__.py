"""App-level screens: title, setup, resume, end."""
