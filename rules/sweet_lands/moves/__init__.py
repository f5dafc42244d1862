"""The Sweet Lands moves: the rules that change a game a step at a time. Pending steps
and the ``Step`` base class (``frames``); the characters' registry with their hooks
and their free actions (``characters``, ``character_steps``); the effect table and
what placing a piece triggers (``effects``); the round's phases (``phases``); the
rulebook variants (``variants``); every condition and refusal of a turn's move
(``turn_checks``); the kinds of pending step that ask for a choice or a place on the
map (``choice_steps``, ``map_steps``)."""
