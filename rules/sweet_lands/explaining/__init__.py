"""The Sweet Lands explanations: what a move or a thing costs, gives and why it is
refused, asked for one thing at a time (``explainer``, ``SweetLandsExplainer``, on the
rule work in ``explain``); the words the look-up finds things by (``lookup_words``);
the glossary (``glossary.toml``, read from the explainer's package)."""
