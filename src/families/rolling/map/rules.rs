//! The `[rules]` of a map: a preset from the Rolling family plus overrides.

use std::fmt;
use std::str::FromStr;

/// A published rule set that a map starts from.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Preset {
    /// Rolling America: clear wild die, 3 Color Change, 3 Guard, 3 Dupe.
    RollingAmerica,
    /// Rolling Japan: purple wild die, 3 Color Change, no Guard or Dupe.
    RollingJapan,
}

impl Preset {
    /// Every preset, for error messages.
    pub const ALL: [Preset; 2] = [Preset::RollingAmerica, Preset::RollingJapan];

    /// The preset's name as written in a map file.
    pub fn name(self) -> &'static str {
        match self {
            Preset::RollingAmerica => "rolling-america",
            Preset::RollingJapan => "rolling-japan",
        }
    }

    /// The rules as the preset's rulebook gives them.
    pub fn rules(self) -> Rules {
        let america = Rules {
            preset: self,
            faces: vec![1, 2, 3, 4, 5, 6],
            rounds: 8,
            dice_per_turn: 2,
            dice_per_round: 6,
            powers: Powers {
                color_change: 3,
                guard: 3,
                dupe: 3,
            },
            wild: "clear".to_string(),
            options: RuleOptions::default(),
        };
        match self {
            Preset::RollingAmerica => america,
            Preset::RollingJapan => Rules {
                powers: Powers {
                    color_change: 3,
                    guard: 0,
                    dupe: 0,
                },
                wild: "purple".to_string(),
                ..america
            },
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, ()> {
        Preset::ALL.into_iter().find(|p| p.name() == s).ok_or(())
    }
}

/// How many times per game each power may be used.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Default,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Powers {
    /// Treat the die being resolved as wild.
    pub color_change: u8,
    /// Write a number ignoring the neighbour rule; it never constrains later placements.
    pub guard: u8,
    /// Write the number twice.
    pub dupe: u8,
}

impl Powers {
    /// The three powers with their counts, in sheet order.
    pub fn iter(&self) -> [(Power, u8); 3] {
        [
            (Power::ColorChange, self.color_change),
            (Power::Guard, self.guard),
            (Power::Dupe, self.dupe),
        ]
    }

    /// The number of uses granted for one power.
    pub fn get(&self, power: Power) -> u8 {
        match power {
            Power::ColorChange => self.color_change,
            Power::Guard => self.guard,
            Power::Dupe => self.dupe,
        }
    }
}

/// One of the special powers a sheet's tick boxes grant.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Power {
    /// Color Change.
    ColorChange,
    /// Guard.
    Guard,
    /// Dupe.
    Dupe,
}

impl Power {
    /// The three powers in sheet order.
    pub const ALL: [Power; 3] = [Power::ColorChange, Power::Guard, Power::Dupe];

    /// The name printed on the sheet.
    pub fn title(self) -> &'static str {
        match self {
            Power::ColorChange => "Color Change",
            Power::Guard => "Guard",
            Power::Dupe => "Dupe",
        }
    }

    /// The power's name on a sheet in `lang`.
    pub fn title_in(self, lang: crate::lang::Lang) -> &'static str {
        use crate::rolling::sheet::words;
        lang.word(match self {
            Power::ColorChange => words::COLOR_CHANGE,
            Power::Guard => words::GUARD,
            Power::Dupe => words::DUPE,
        })
    }

    /// The power's place in sheet order (0 Color Change, 1 Guard, 2 Dupe).
    pub fn index(self) -> usize {
        match self {
            Power::ColorChange => 0,
            Power::Guard => 1,
            Power::Dupe => 2,
        }
    }

    /// The key used in map files and logs.
    pub fn key(self) -> &'static str {
        match self {
            Power::ColorChange => "color_change",
            Power::Guard => "guard",
            Power::Dupe => "dupe",
        }
    }
}

/// What a wild die does when no empty area anywhere accepts its number.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Default,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum WildWithoutPlacement {
    /// Mark an X in any empty area (the wild die's region is every region).
    #[default]
    XAnywhere,
    /// The die does nothing.
    NoEffect,
}

/// What one X of a refereed game pays for (docs/rules.md, rule 30): the
/// rulebook says "one X for every mistake" without saying what one mistake
/// is.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Default,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Mistakes {
    /// A mistake is one die resolved against the rules: one X, however
    /// many rules that resolution breaks (each is still listed).
    #[default]
    PerDie,
    /// Every rule broken is one X: a number written into a filled area
    /// next to a neighbour more than 1 away is two.
    PerRule,
}

impl Mistakes {
    /// Every value, for error messages.
    pub const ALL: [Mistakes; 2] = [Self::PerDie, Self::PerRule];

    /// The value as written in a map file.
    pub fn name(self) -> &'static str {
        match self {
            Self::PerDie => "per-die",
            Self::PerRule => "per-rule",
        }
    }

    /// Whether this is the default (left out of logs and map hashes, so
    /// that they read as before the option existed).
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }

    /// The X that one resolution breaking `rules` rules costs.
    pub fn cost(self, rules: usize) -> u32 {
        match self {
            Self::PerDie => u32::from(rules > 0),
            Self::PerRule => rules as u32,
        }
    }
}

impl WildWithoutPlacement {
    /// Every value, for error messages.
    pub const ALL: [WildWithoutPlacement; 2] = [Self::XAnywhere, Self::NoEffect];

    /// The value as written in a map file.
    pub fn name(self) -> &'static str {
        match self {
            Self::XAnywhere => "x-anywhere",
            Self::NoEffect => "no-effect",
        }
    }
}

/// Named readings of the rulebook's ambiguous points (`[rules.options]`).
/// `docs/rules.md` discusses each one.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct RuleOptions {
    /// What a wild die with no legal placement does.
    pub wild_without_placement: WildWithoutPlacement,
    /// A Guard used on a duped die covers both copies (otherwise only the first).
    pub guard_covers_dupe: bool,
    /// Color Change may be used even when the die's own region still has a
    /// legal spot (powers are always optional).
    pub color_change_anytime: bool,
    /// Color Change may be used on a die whose number fits no empty area
    /// of its region: the die counts as wild, so its number is written
    /// wherever it fits, and if it fits nowhere its X goes into any empty
    /// area (or, with `wild_without_placement = "no-effect"`, the die does
    /// nothing). Off (the default): Color Change is only for writing a
    /// number, and a forced X stays in the die's region. Left out of logs
    /// and map hashes when off, so they read as before the option existed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub color_change_on_cross: bool,
    /// What one X of a refereed game pays for: a die resolved against the
    /// rules (the default), or every rule broken. Left out of logs and map
    /// hashes at its default.
    #[serde(default, skip_serializing_if = "Mistakes::is_default")]
    pub mistakes: Mistakes,
}

impl Default for RuleOptions {
    fn default() -> Self {
        Self {
            wild_without_placement: WildWithoutPlacement::XAnywhere,
            guard_covers_dupe: true,
            color_change_anytime: true,
            color_change_on_cross: false,
            mistakes: Mistakes::PerDie,
        }
    }
}

/// The complete rules of one map.
#[derive(
    Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// The preset the rules started from.
    pub preset: Preset,
    /// The faces of every die, ascending and distinct.
    pub faces: Vec<u8>,
    /// Rounds per game.
    pub rounds: u8,
    /// Dice drawn and rolled per turn.
    pub dice_per_turn: u8,
    /// Dice rolled per round before the dice go back into the bag.
    pub dice_per_round: u8,
    /// Uses granted per power.
    pub powers: Powers,
    /// Id of the wild die (`clear`, or `purple` in Rolling Japan).
    pub wild: String,
    /// Readings of ambiguous rules.
    pub options: RuleOptions,
}

impl Rules {
    /// Dice results in one game (rounds times dice per round).
    pub fn results_per_game(&self) -> u32 {
        u32::from(self.rounds) * u32::from(self.dice_per_round)
    }
}
