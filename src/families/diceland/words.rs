//! The words a Diceland sheet prints: keys of the catalogues
//! (`lang/<code>.toml`, [`crate::lang`]).

crate::keys! {
    /// A turn, under the title.
    TURN = "diceland.turn";
    /// The box for a colour crossed completely.
    COLOUR_DONE = "diceland.colour_done";
    /// The star tally.
    STARS = "diceland.stars";
    /// How to win (`{stars}`, `{colours}`).
    WIN = "diceland.win";
    /// The stars to win (`{n}`).
    WIN_STARS = "diceland.win_stars";
    /// The colours to win (`{n}`).
    WIN_COLOURS = "diceland.win_colours";
    /// What a star does.
    STAR_RULE = "diceland.star_rule";
    /// Rules page: rolling (`{dice}`).
    RULES_ROLL = "diceland.rules.roll";
    /// Rules page: crossing.
    RULES_CROSS = "diceland.rules.cross";
    /// Rules page: stars (`{bonus}`).
    RULES_STARS = "diceland.rules.stars";
    /// Rules page: the goal (`{stars}`, `{colours}`).
    RULES_GOAL = "diceland.rules.goal";
}
