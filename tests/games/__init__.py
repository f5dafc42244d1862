"""Games that live only in the test suite, registered by ``tests/conftest.py`` through
the same discovery as the games in ``rules/`` (``rules.discover``). Each package here
is a game package like ``rules/<game>/``: it declares ``SPECS`` and ``BOTS``."""
