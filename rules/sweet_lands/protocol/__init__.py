"""The Sweet Lands protocol: the moves put behind the engine protocol. A turn's menu
and its moves (``turn_menu``, ``turn``); the table of pending steps and settling
(``steps``); what a seat sees (``views``, facts only); ``SweetLandsState`` with new,
actors, legal_actions, apply, view, result and resample (``state``); and positions
built for tests and demos without playing up to them (``setup_tools``)."""
