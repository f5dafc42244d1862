"""The Sweet Lands model: what a game is made of, with no rule in it. The state record
(``fields``, what every rule function takes, with the copy-on-write helpers) and one
seat's record (``player``); the printed components read from ``data/*.toml``
(``data``, on a hex grid from ``hexgrid``); the names of phases and pending steps
(``constants``), each pending step's frame as a typed record (``frame_types``); the
menu's kept board facts (``board_part``); the log's phrases (``story``); the records
a seat's view is made of (``view_types``)."""
