//! The words a Rolling sheet prints: keys of the catalogues
//! (`lang/<code>.toml`, [`crate::lang`]).

crate::keys! {
    /// Beside the round track.
    ROUND = "rolling.round";
    /// The rule under the title.
    RULE = "rolling.rule";
    /// Before the dice key.
    DICE = "rolling.dice";
    /// A region's die named as its region is (`{colour}`).
    DIE = "rolling.die";
    /// A region's die and the region's name (`{colour}`, `{region}`).
    DIE_NAMED = "rolling.die_named";
    /// The wild die (`{colour}`).
    WILD_DIE = "rolling.wild_die";
    /// Beside the box for the X count.
    NUMBER_OF_X = "rolling.number_of_x";
    /// The legend of a dashed box.
    LEGEND_IMMUNE = "rolling.legend_immune";
    /// The legend of a dashed link on a diagram.
    LEGEND_LINK = "rolling.legend_link";
    /// The legend of a dashed link over water.
    LEGEND_WATER = "rolling.legend_water";
    /// The first power.
    COLOR_CHANGE = "rolling.power.color_change";
    /// The second power.
    GUARD = "rolling.power.guard";
    /// The third power.
    DUPE = "rolling.power.dupe";
    /// Rules page: the bag (`{bag}`, `{wild}`, `{faces}`).
    RULES_BAG = "rolling.rules.bag";
    /// Rules page: rounds and turns (`{rounds}`, `{turn}`, `{round}`).
    RULES_ROUNDS = "rolling.rules.rounds";
    /// Rules page: writing a number (`{wild}`).
    RULES_WRITE = "rolling.rules.write";
    /// Rules page: an X.
    RULES_CROSS = "rolling.rules.cross";
    /// Rules page: a power (`{power}`, `{count}`, `{what}`).
    RULES_POWER = "rolling.rules.power";
    /// Rules page: the end and the score.
    RULES_END = "rolling.rules.end";
    /// Rules page: what Color Change does.
    RULES_COLOR_CHANGE = "rolling.rules.power_what.color_change";
    /// Rules page: what Guard does.
    RULES_GUARD = "rolling.rules.power_what.guard";
    /// Rules page: what Dupe does.
    RULES_DUPE = "rolling.rules.power_what.dupe";
}
