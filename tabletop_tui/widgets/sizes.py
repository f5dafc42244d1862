"""The terminal sizes the screens are laid out for (no imports: every widget may use it)."""

MIN_WIDTH, MIN_HEIGHT = 80, 24  # the full layout of every screen
# A screen with a narrow (portrait) layout, as on a phone, works under 80 columns from this
NARROW_WIDTH, NARROW_HEIGHT = 40, 30
