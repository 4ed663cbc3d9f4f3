//! The words an Encore sheet prints: keys of the catalogues
//! (`lang/<code>.toml`, [`crate::lang`]).

crate::keys! {
    /// A turn, under the title (`{column}`).
    TURN = "encore.turn";
    /// Over the start column.
    START_MARK = "encore.start_mark";
    /// The start column (`{column}`).
    START = "encore.start";
    /// What an open star costs (`{points}`).
    STAR_PENALTY = "encore.star_penalty";
    /// What a joker costs and earns.
    JOKERS_RULE = "encore.jokers_rule";
    /// The first player's row of column points.
    FIRST = "encore.first";
    /// Everyone else's row.
    LATER = "encore.later";
    /// The colour bonus row.
    COLOUR_BONUS = "encore.colour_bonus";
    /// The joker boxes.
    JOKERS = "encore.jokers";
    /// The solo game's roll boxes (`{rolls}`).
    SOLO = "encore.solo";
    /// The score strip: the colours' points.
    SCORE_COLOURS = "encore.score.colours";
    /// The score strip: the columns' points.
    SCORE_COLUMNS = "encore.score.columns";
    /// The score strip: jokers left.
    SCORE_JOKERS = "encore.score.jokers";
    /// The score strip: open stars.
    SCORE_STARS = "encore.score.stars";
    /// The score strip: the total.
    SCORE_TOTAL = "encore.score.total";
    /// Rules page: the dice (`{colours}`, `{numbers}`, `{faces}`).
    RULES_DICE = "encore.rules.dice";
    /// Rules page: the jokers (`{boxes}`).
    RULES_JOKERS = "encore.rules.jokers";
    /// Rules page: who chooses which dice.
    RULES_CHOOSE = "encore.rules.choose";
    /// Rules page: crossing (`{most}`, `{column}`).
    RULES_CROSS = "encore.rules.cross";
    /// Rules page: scoring (`{stars}`).
    RULES_SCORE = "encore.rules.score";
    /// Rules page: the end.
    RULES_END = "encore.rules.end";
    /// Rules page: the solo game (`{rolls}`, `{dice}`).
    RULES_SOLO = "encore.rules.solo";
}
