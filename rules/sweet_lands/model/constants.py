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


class Op:
    """The names of the pending steps: a frame's "op", which the view's "pending"
    carries too (screens compare with these, never with strings of their own)."""

    # steps that wait for a seat's choice
    AID_MOVE = "aid_move"
    AUTOMATE = "automate"
    BASIC = "basic"
    CAPITAL = "capital"
    CHOOSE_AID = "choose_aid"
    CHOOSE_CHAR = "choose_char"
    CHOOSE_MAP = "choose_map"
    COLUMN = "column"
    COPY = "copy"
    DISCARD_ONE = "discard1"
    DRAFT = "draft"
    FREE_AUTO = "free_auto"
    HAND = "hand"
    INCOME_ANY = "income_any"
    INDUSTRY = "industry"
    KEEP = "keep"
    LEAST_COLOUR = "least_colour"
    LOTUS_FLIP = "lotus_flip"
    ORDER = "order"
    PAYBASIC = "paybasic"
    PLACE = "place"
    PROPERTY = "property"
    PROSPERITY = "prosperity"
    RABBIT = "rabbit"
    ROAD = "road"
    SAKURA_SEARCH = "sakura_search"
    SKILL = "skill"
    TERRAIN = "terrain"
    TERRAIN_ROAD = "tr"
    # steps that run at once (steps.AUTOMATIC)
    ACTION_START = "action_start"
    BEGIN = "begin"
    DRAFT_DEAL = "draft_deal"
    END_TURN = "end_turn"
    FX = "fx"
    IBONUS_NOW = "ibonus_now"
    INCOME = "income"
    NEXT_ROUND = "next_round"
    PASS_SCORE = "pass_score"
