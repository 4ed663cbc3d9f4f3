//! The rules page of a map: its rules in sentences of the catalogue,
//! made from the rules the engine plays by (the bag of the engine's own
//! game, the rounds, the powers granted, each option read otherwise than
//! by default).

use super::words;
use crate::lang::{Lang, sheet};
use crate::rolling::map::{Map, Power, RuleOptions};

/// What a power does, in the catalogue's words.
fn what(power: Power) -> crate::lang::Key {
    match power {
        Power::ColorChange => words::RULES_COLOR_CHANGE,
        Power::Guard => words::RULES_GUARD,
        Power::Dupe => words::RULES_DUPE,
    }
}

/// The rules of `map`, a paragraph each, in `lang`.
pub fn lines(map: &Map, lang: Lang) -> Vec<String> {
    let r = &map.rules;
    let wild = lang.colour(&r.wild).unwrap_or(&r.wild);
    let faces: Vec<String> = r.faces.iter().map(ToString::to_string).collect();
    // The bag as the engine fills it.
    let bag =
        crate::rolling::Game::new(map.clone()).map_or(map.regions.len() + 1, |g| g.dice().len());
    let mut out = vec![
        lang.fill(
            words::RULES_BAG,
            &[("bag", &bag), ("wild", &wild), ("faces", &faces.join(", "))],
        ),
        lang.fill(
            words::RULES_ROUNDS,
            &[
                ("rounds", &r.rounds),
                ("turn", &r.dice_per_turn),
                ("round", &r.dice_per_round),
            ],
        ),
        lang.fill(words::RULES_WRITE, &[("wild", &wild)]),
        lang.word(words::RULES_CROSS).to_string(),
    ];
    for (power, count) in r.powers.iter() {
        if count > 0 {
            out.push(lang.fill(
                words::RULES_POWER,
                &[
                    ("power", &power.title_in(lang)),
                    ("count", &count),
                    ("what", &lang.word(what(power))),
                ],
            ));
        }
    }
    out.push(lang.word(words::RULES_END).to_string());
    out.extend(options(&r.options, lang));
    out
}

/// Each option read otherwise than by default, as the file writes it
/// (`guard_covers_dupe = false`).
fn options(options: &RuleOptions, lang: Lang) -> Vec<String> {
    let (Ok(serde_json::Value::Object(set)), Ok(serde_json::Value::Object(default))) = (
        serde_json::to_value(options),
        serde_json::to_value(RuleOptions::default()),
    ) else {
        return Vec::new();
    };
    set.iter()
        .filter(|(k, v)| default.get(*k) != Some(v))
        .map(|(k, v)| {
            let value = match v {
                serde_json::Value::String(s) => format!("\"{s}\""),
                other => other.to_string(),
            };
            lang.fill(sheet::RULES_OPTION, &[("option", k), ("value", &value)])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(path: &str) -> Map {
        crate::rolling::map::load(std::path::Path::new(&format!(
            "{}/{path}",
            env!("CARGO_MANIFEST_DIR")
        )))
        .unwrap()
    }

    /// The page says what the engine does: the bag of its game, the rounds
    /// and dice of the rules, each power granted and no other, each option
    /// changed.
    #[test]
    fn the_rules_page_says_what_the_engine_plays() {
        for path in [
            "maps/usa.toml",
            "maps/japan.toml",
            "maps/examples/usa-mainland.toml",
        ] {
            let m = map(path);
            let text = lines(&m, Lang::ENGLISH).join("\n");
            let game = crate::rolling::Game::new(m.clone()).unwrap();
            assert!(
                text.contains(&format!("The bag holds {} dice", game.dice().len())),
                "{text}"
            );
            assert!(
                text.contains(&format!("{} rounds", m.rules.rounds)),
                "{text}"
            );
            assert!(text.contains(&format!("Each turn {} dice", m.rules.dice_per_turn)));
            assert!(text.contains(&format!("after {} dice", m.rules.dice_per_round)));
            for (power, count) in m.rules.powers.iter() {
                let line = format!("{}, {count} per game", power.title());
                assert_eq!(text.contains(&line), count > 0, "{path}: {line}");
            }
        }
        let mut m = map("maps/usa.toml");
        m.rules.options.guard_covers_dupe = false;
        let text = lines(&m, Lang::ENGLISH).join("\n");
        assert!(
            text.contains("House rule: guard_covers_dupe = false."),
            "{text}"
        );
        let es = lines(&m, Lang::parse("es").unwrap()).join("\n");
        assert!(
            es.contains("Resguardo") && es.contains("Cambio de Color"),
            "{es}"
        );
    }
}
