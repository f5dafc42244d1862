"""Names shared by the engine modules: phases and the colour links between boards."""

SETUP, INCOME, ACTION, CLEANUP, OVER = "setup", "income", "action", "cleanup", "over"
# the most players a game has (the spec's max_players; tables by seat are this long)
MAX_SEATS = 4
# the Industry marker that takes the bonuses of spaces of its colour
MARKER_COLOUR = {"carriage": "orange", "loco": "green"}
# the column a card's industry tag automates into
COLUMN_OF_TAG = {"agricultural": "orange", "forestry": "green", "mining": "grey"}
# the property type whose count raises a column's limit
PROPERTY_OF_COLUMN = {"orange": "tent", "green": "house", "grey": "building"}

# The solo lines to beat, highest first: (more than this many VP, title, what it means).
SOLO_LINES = (
    (300, "history", "your name goes into Sweet Lands history"),
    (250, "expert", "a Sweet Lands expert"),
)
