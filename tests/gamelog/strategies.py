"""Hypothesis strategies that build any well-formed game log."""

from hypothesis import strategies as st

from games.gamelog import ClaimedResult, GameLog, Seat
from games.gamelog.model import RESERVED_HEADERS, TERMINATIONS

# Text a log may hold: no control, invisible (format) characters or lone surrogates (docs/limits.md).
visible = st.characters(blacklist_categories=("Cc", "Cf", "Cs"))
single_line = st.text(visible, min_size=1, max_size=30).map(str.strip).filter(lambda s: s and len(s.splitlines()) == 1)
move_text = (
    st.text(visible, min_size=1, max_size=12)
    .filter(lambda s: not any(ch.isspace() for ch in s))
    .filter(lambda s: s[0] != "#" and not any(ch in "{};" for ch in s))
    .filter(lambda s: not (s.endswith(".") and s[:-1].isdigit()))
)
json_leaf = (
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=10)
)
json_value = st.recursive(
    json_leaf,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(visible, max_size=6), inner, max_size=4),
    max_leaves=12,
)
meta_key = st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True).filter(lambda k: k not in RESERVED_HEADERS)


@st.composite
def game_logs(draw):
    seat_count = draw(st.integers(1, 6))
    seats = tuple(Seat(name=draw(single_line), player=draw(st.just("") | single_line)) for _ in range(seat_count))
    result = None
    if draw(st.booleans()):
        ranks = tuple(draw(st.integers(1, seat_count)) for _ in range(seat_count))
        scores = draw(st.none() | st.tuples(*[st.integers(-50, 200) | st.floats(-1e6, 1e6)] * seat_count))
        result = ClaimedResult(ranks=ranks, scores=scores, termination=draw(st.sampled_from(TERMINATIONS)))
    return GameLog(
        game=draw(st.from_regex(r"[a-z][a-z0-9_-]{0,12}", fullmatch=True)),
        seats=seats,
        moves=tuple(draw(st.lists(move_text, max_size=20))),
        options=draw(st.dictionaries(st.text(visible, min_size=1, max_size=8), json_leaf, max_size=4)),
        layout=draw(json_value),
        result=result,
        meta=draw(st.dictionaries(meta_key, single_line, max_size=3)),
    )
