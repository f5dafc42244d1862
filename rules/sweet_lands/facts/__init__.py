"""The Sweet Lands facts: what a position says, and the smallest changes every rule
makes. Costs, counts, milestone tests and a character's traits (``queries``); the Map
Board's cities, network and free spots (``map_queries``); a purse, paying and what it
lacks (``economy``); skill-tile hooks (``skills``); an income rise, a card draw, a
tile flip (``primitives``); whether an area's or a flip's effect could act now
(``effect_checks``); final scoring (``scoring``); Mio's share of a solo draw
(``solo``). Nothing here puts a pending step on the stack."""
