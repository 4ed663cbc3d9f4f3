//! Checking a finished paper sheet without a log: the "pass your map to
//! the left" check. The format is documented in `docs/filled-sheet.md`.
//!
//! Without the order of play only some rules can be checked: neighbour
//! pairs that break the rule (unless a guard or an immune area excuses
//! them), more powers ticked than granted, circled numbers without Guard
//! ticks, numbers that are not faces of the dice, and more numbers than the
//! dice could have produced.
//!
//! [`to_toml`] writes a sheet in the same format, so that a game played by
//! the computer (or refereed from a log) can be checked the paper way too.

use std::path::Path;

use serde::Serialize;
use toml::de::DeValue;

use super::game::Game;
use super::state::{Cell, State};
use crate::diag::{Diagnostic, Loc, SourceMap};
use crate::rolling::map::{AreaId, Mistakes, Power};
use crate::source::toml::{Ctx, TableReader, suggest};

/// One rule broken on a filled sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SheetBreach {
    /// Stable name of the rule.
    pub rule: &'static str,
    /// What is wrong.
    pub message: String,
    /// The areas involved.
    pub areas: Vec<String>,
}

/// The result of checking a filled sheet.
#[derive(Clone, Debug, Serialize)]
pub struct FilledResult {
    /// The player's name, when the sheet gives one.
    pub player: Option<String>,
    /// X on the sheet.
    pub crosses: u32,
    /// Empty areas (they count as X at the end of a game).
    pub empty: u32,
    /// Mistakes: the fewest dice that explain what the sheet shows (or,
    /// under the rules option `mistakes = "per-rule"`, the rules broken);
    /// each adds one X.
    pub mistakes: u32,
    /// `crosses + empty + mistakes`.
    pub total: u32,
    /// Powers ticked.
    pub powers_used: u32,
    /// Every rule broken.
    pub breaches: Vec<SheetBreach>,
    /// The sheet.
    #[serde(skip)]
    pub sheet: State,
}

/// A finished sheet checked: the file, every finding (input problems,
/// which leave the result empty, and rule breaches), and the result
/// when the file could be read.
pub type FilledVerdict = crate::families::contract::CheckedSheet<FilledResult>;

const TOP_KEYS: &[&str] = &["map", "player", "powers", "areas"];
const POWER_KEYS: &[&str] = &["color_change", "guard", "dupe"];

/// A sheet as a filled-sheet document (`docs/filled-sheet.md`): the map's
/// id, the player (if named), the powers ticked and what each area holds,
/// in the map's area order (empty areas left out). [`check`] reads it back
/// into the same sheet.
pub fn to_toml(game: &Game, state: &State, player: Option<&str>) -> String {
    #[derive(Serialize)]
    struct Sheet<'a> {
        map: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        player: Option<&'a str>,
        powers: toml::Table,
        areas: toml::Table,
    }
    let map = game.map();
    let powers = Power::ALL
        .into_iter()
        .map(|p| (p.key().to_string(), i64::from(state.used(p)).into()))
        .collect();
    let areas = map
        .area_ids()
        .filter_map(|a| {
            let cell = state.cell(a);
            let value: toml::Value = match cell.value() {
                _ if cell.is_empty() => return None,
                Some(v) if !cell.is_guarded() => i64::from(v).into(),
                _ => cell.to_string().into(),
            };
            Some((map.area(a).id.clone(), value))
        })
        .collect();
    let sheet = Sheet {
        map: &map.info.id,
        player,
        powers,
        areas,
    };
    format!(
        "# A filled sheet (see docs/filled-sheet.md), written by rollx.\n{}",
        toml::to_string(&sheet).expect("a sheet serialises")
    )
}

/// The fewest Guard ticks that explain the circled numbers of `state`
/// with at most `dupes` Dupes: each Guard circles one number, or two equal
/// numbers when it is used on a Dupe and covers both copies
/// ([`Game::guard_covers`]); each such pair takes one Dupe.
pub fn guards_needed(game: &Game, state: &State, dupes: u8) -> usize {
    let mut circled = [0usize; crate::rolling::map::MAX_FACE as usize + 1];
    for cell in state.cells() {
        if let Some(v) = cell.value().filter(|_| cell.is_guarded()) {
            circled[usize::from(v)] += 1;
        }
    }
    let total: usize = circled.iter().sum();
    if !game.guard_covers(1) {
        return total;
    }
    let pairs: usize = circled.iter().map(|c| c / 2).sum();
    total - pairs.min(usize::from(dupes))
}

/// The fewest vertices that touch every edge of `edges` (a minimum vertex
/// cover), exactly: vertices of degree 3 or more are branched on (taken,
/// or all their neighbours taken), and what is left, paths and cycles,
/// costs half its edges rounded up per piece. The conflicts of a sheet
/// are a few dozen edges at most.
pub(crate) fn fewest_covering(edges: &[(usize, usize)]) -> usize {
    use std::collections::BTreeMap;
    let mut adjacent: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for &(a, b) in edges {
        if a != b {
            adjacent.entry(a).or_default().push(b);
            adjacent.entry(b).or_default().push(a);
        }
    }
    for list in adjacent.values_mut() {
        list.sort_unstable();
        list.dedup();
    }
    cover(adjacent)
}

fn cover(mut g: std::collections::BTreeMap<usize, Vec<usize>>) -> usize {
    g.retain(|_, n| !n.is_empty());
    let Some((&v, _)) = g
        .iter()
        .max_by_key(|(v, n)| (n.len(), std::cmp::Reverse(**v)))
    else {
        return 0;
    };
    let remove = |g: &std::collections::BTreeMap<usize, Vec<usize>>, gone: &[usize]| {
        g.iter()
            .filter(|(k, _)| !gone.contains(k))
            .map(|(&k, n)| (k, n.iter().copied().filter(|x| !gone.contains(x)).collect()))
            .collect()
    };
    if g[&v].len() >= 3 {
        let neighbours = g[&v].clone();
        let with = 1 + cover(remove(&g, &[v]));
        let without = neighbours.len() + cover(remove(&g, &neighbours));
        return with.min(without);
    }
    // Paths and cycles: each piece of k edges needs ceil(k / 2).
    let mut seen = std::collections::BTreeSet::new();
    let mut total = 0;
    for &start in g.keys() {
        if !seen.insert(start) {
            continue;
        }
        let (mut degrees, mut stack) = (0, vec![start]);
        while let Some(x) = stack.pop() {
            degrees += g[&x].len();
            for &y in &g[&x] {
                if seen.insert(y) {
                    stack.push(y);
                }
            }
        }
        total += (degrees / 2).div_ceil(2);
    }
    total
}

/// Checks a filled sheet given as bytes.
pub fn check(game: &Game, path: &Path, bytes: Vec<u8>) -> FilledVerdict {
    let mut sources = SourceMap::new();
    let mut diags = Vec::new();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let id = sources.add(path, text.clone());
    let result = read(game, &text, id, &mut diags);
    crate::diag::sort(&mut diags);
    FilledVerdict {
        sources,
        diagnostics: diags,
        result,
    }
}

fn read(
    game: &Game,
    text: &str,
    id: crate::diag::SourceId,
    diags: &mut Vec<Diagnostic>,
) -> Option<FilledResult> {
    let map = game.map();
    let rules = game.rules();
    let mut ctx = Ctx::new(id, diags);
    let doc =
        crate::source::toml::parse(&mut ctx, text, "see docs/filled-sheet.md for the format")?;
    let mut top = TableReader::new(doc.get_ref(), ctx.loc(0..0), "the sheet");
    // A sheet of another map would give one unknown area per line: say so
    // once, first, and read no further.
    if let Some(m) = top.string(&mut ctx, "map")
        && m.value != map.info.id
    {
        ctx.diags.push(
            Diagnostic::error(
                "map-mismatch",
                format!(
                    "the sheet is for map `{}`, but it is checked on map `{}`",
                    m.value, map.info.id
                ),
            )
            .with_label(m.loc, format!("a sheet of `{}`", m.value))
            .with_help(format!(
                "pass the map whose [map] id is `{}` with --map (e.g. --map maps/{}.toml), \
or correct `map` if the sheet is really for `{}`",
                m.value, m.value, map.info.id
            )),
        );
        return None;
    }
    let player = top.string(&mut ctx, "player").map(|p| p.value);
    let mut state = game.initial_state();
    let mut ticks: [(Power, u8, Option<Loc>); 3] = [
        (Power::ColorChange, 0, None),
        (Power::Guard, 0, None),
        (Power::Dupe, 0, None),
    ];
    if let Some(mut p) = top.table(&mut ctx, "powers") {
        for (power, count, loc) in &mut ticks {
            if let Some(v) = p.integer(&mut ctx, power.key()) {
                if (0..=99).contains(&v.value) {
                    *count = v.value as u8;
                    *loc = Some(v.loc);
                } else {
                    ctx.diags.push(
                        Diagnostic::error(
                            "invalid-value",
                            format!("{} ticks must be between 0 and 99", power.title()),
                        )
                        .with_label(v.loc, "out of range"),
                    );
                }
            }
        }
        p.finish(&mut ctx, POWER_KEYS);
    }
    // Where each area's entry is written.
    let mut locs: Vec<Option<Loc>> = vec![None; map.areas.len()];
    let codes: Vec<&str> = map.areas.iter().map(|a| a.id.as_str()).collect();
    if let Some(areas) = top.get("areas") {
        match areas.get_ref() {
            DeValue::Table(t) => {
                for (k, v) in t.iter() {
                    let key_loc = ctx.loc(k.span());
                    let Some(i) = codes.iter().position(|c| *c == k.get_ref().as_ref()) else {
                        let d = Diagnostic::error(
                            "unknown-area",
                            format!("there is no area `{}` on this map", k.get_ref()),
                        )
                        .with_label(key_loc, "unknown area");
                        ctx.diags.push(match suggest(k.get_ref(), &codes) {
                            Some(s) => d.with_help(format!("did you mean `{s}`?")),
                            None => d.with_help("use the area codes of the map"),
                        });
                        continue;
                    };
                    let cell = match v.get_ref() {
                        DeValue::Integer(n) => n
                            .as_str()
                            .parse::<u8>()
                            .ok()
                            .filter(|&n| n <= crate::rolling::map::MAX_FACE)
                            .map(Cell::number),
                        DeValue::String(s) => Cell::parse(s),
                        _ => None,
                    };
                    match cell {
                        Some(c) => {
                            state.set_cell(AreaId(i as u16), c);
                            locs[i] = Some(ctx.loc(v.span()));
                        }
                        None => ctx.diags.push(
                            Diagnostic::error(
                                "invalid-value",
                                format!(
                                    "`{}` is not something written in an area",
                                    &text[v.span()]
                                ),
                            )
                            .with_label(
                                ctx.loc(v.span()),
                                "expected a number, \"(4)\" for a guarded 4, or \"X\"",
                            )
                            .with_help(
                                "e.g. PA = 4, NY = \"(3)\", TX = \"X\"; leave empty areas out",
                            ),
                        ),
                    }
                }
            }
            _ => ctx.diags.push(
                Diagnostic::error("wrong-type", "`areas` must be a table")
                    .with_label(ctx.loc(areas.span()), "expected [areas]")
                    .with_help("write [areas] and then one line per area: PA = 4"),
            ),
        }
    }
    top.finish(&mut ctx, TOP_KEYS);
    if ctx.diags.iter().any(Diagnostic::is_error) {
        return None;
    }
    for (power, count, _) in ticks {
        for _ in 0..count {
            state.use_power(power);
        }
    }

    // The rules that a finished sheet still shows.
    let mut breaches = Vec::new();
    let code = |a: AreaId| map.area(a).id.clone();
    let mut breach =
        |rule: &'static str, message: String, areas: Vec<AreaId>, diags: &mut Vec<Diagnostic>| {
            let mut d = Diagnostic::error(rule, message.clone());
            for &a in &areas {
                d = d.with_opt_label(locs[a.index()], code(a));
            }
            diags.push(d);
            breaches.push(SheetBreach {
                rule,
                message,
                areas: areas.into_iter().map(code).collect(),
            });
        };
    for a in map.area_ids() {
        if let Some(v) = state.cell(a).value()
            && !rules.faces.contains(&v)
        {
            breach(
                "number-not-on-die",
                format!("{} holds {v}, which is not a face of the dice", code(a)),
                vec![a],
                ctx.diags,
            );
        }
    }
    let mut conflicts: Vec<(AreaId, AreaId)> = Vec::new();
    for (a, b) in map.edges() {
        let (ca, cb) = (state.cell(a), state.cell(b));
        let (Some(va), Some(vb)) = (ca.value(), cb.value()) else {
            continue;
        };
        if !game.pair_keeps_rule(a, ca, b, cb) {
            conflicts.push((a, b));
            breach(
                "neighbor-rule",
                format!(
                    "neighbours {} ({va}) and {} ({vb}) differ by more than 1, and no guard excuses it",
                    code(a),
                    code(b)
                ),
                vec![a, b],
                ctx.diags,
            );
        }
    }
    for (power, count, loc) in ticks {
        let allowed = rules.powers.get(power);
        if count > allowed {
            for _ in allowed..count {
                breaches.push(SheetBreach {
                    rule: "power-spent",
                    message: format!(
                        "{count} {} ticked, the rules allow {allowed}",
                        power.title()
                    ),
                    areas: Vec::new(),
                });
            }
            ctx.diags.push(
                Diagnostic::error(
                    "power-spent",
                    format!(
                        "{count} {} ticked, the rules allow {allowed}",
                        power.title()
                    ),
                )
                .with_opt_label(loc, format!("{} too many", count - allowed)),
            );
        }
    }
    let guarded: Vec<AreaId> = map
        .area_ids()
        .filter(|&a| state.cell(a).is_guarded())
        .collect();
    let guard_ticks = usize::from(ticks[1].1);
    let dupes = ticks[2].1.min(rules.powers.dupe);
    let needed = guards_needed(game, &state, dupes);
    if needed > guard_ticks {
        let extra = needed - guard_ticks;
        let message = if needed < guarded.len() {
            format!(
                "{} circled (guarded) numbers need at least {needed} Guard ticks \
(a Guard on a Dupe circles two equal numbers), but {guard_ticks} are ticked",
                guarded.len()
            )
        } else {
            format!(
                "{} circled (guarded) numbers but {guard_ticks} Guard ticks",
                guarded.len()
            )
        };
        let mut d = Diagnostic::error("guard-without-tick", message);
        for &a in &guarded {
            d = d.with_opt_label(locs[a.index()], code(a));
        }
        ctx.diags.push(d.with_help(if game.guard_covers(1) {
            "each Guard circles one number, or two equal numbers when it is used with a Dupe: \
tick it, or the circle does not count"
        } else {
            "every guarded number uses one Guard: tick it, or the circle does not count"
        }));
        for _ in 0..extra {
            breaches.push(SheetBreach {
                rule: "guard-without-tick",
                message: "a circled number without a Guard tick".into(),
                areas: guarded.iter().map(|&a| code(a)).collect(),
            });
        }
    }
    let numbers = map
        .area_ids()
        .filter(|&a| state.cell(a).value().is_some())
        .count() as u32;
    let possible = rules.results_per_game() + u32::from(ticks[2].1.min(rules.powers.dupe));
    if numbers > possible {
        let message = format!(
            "{numbers} numbers written, but the dice give at most {possible} (with the Dupes ticked)"
        );
        ctx.diags
            .push(Diagnostic::error("too-many-numbers", message.clone()));
        for _ in possible..numbers {
            breaches.push(SheetBreach {
                rule: "too-many-numbers",
                message: message.clone(),
                areas: Vec::new(),
            });
        }
    }

    let score = game.score(&state);
    let empty = state.empty_count();
    let mistakes = match rules.options.mistakes {
        // Every rule the sheet breaks, each pair of neighbours apart.
        Mistakes::PerRule => breaches.len() as u32,
        // The fewest dice that explain what the sheet shows: the pairs of
        // neighbours apart cost the fewest areas that, rubbed out, would
        // leave none (one number next to three that it breaks is one
        // mistake, as the log referee counts it), less those already
        // counted for a number no die shows; every other finding is one
        // die each.
        Mistakes::PerDie => {
            let not_on_die: Vec<AreaId> = map
                .area_ids()
                .filter(|&a| {
                    state
                        .cell(a)
                        .value()
                        .is_some_and(|v| !rules.faces.contains(&v))
                })
                .collect();
            let pairs: Vec<(usize, usize)> = conflicts
                .iter()
                .filter(|(a, b)| !not_on_die.contains(a) && !not_on_die.contains(b))
                .map(|(a, b)| (a.index(), b.index()))
                .collect();
            let others = breaches
                .iter()
                .filter(|b| b.rule != "neighbor-rule")
                .count();
            (others + fewest_covering(&pairs)) as u32
        }
    };
    Some(FilledResult {
        player,
        crosses: score.crosses,
        empty,
        mistakes,
        total: score.crosses + empty + mistakes,
        powers_used: score.powers_used,
        breaches,
        sheet: state,
    })
}

#[cfg(test)]
mod tests {
    use super::fewest_covering;
    use rand::{RngExt, SeedableRng};

    /// The smallest cover by trying every set of vertices.
    fn brute(n: usize, edges: &[(usize, usize)]) -> usize {
        (0u32..1 << n)
            .filter(|set| {
                edges
                    .iter()
                    .all(|&(a, b)| set >> a & 1 == 1 || set >> b & 1 == 1)
            })
            .map(u32::count_ones)
            .min()
            .unwrap() as usize
    }

    #[test]
    fn the_fewest_areas_that_explain_every_pair_apart() {
        assert_eq!(fewest_covering(&[]), 0);
        // One number beside three it breaks is one mistake.
        assert_eq!(fewest_covering(&[(0, 1), (0, 2), (0, 3)]), 1);
        assert_eq!(fewest_covering(&[(0, 1), (1, 2), (2, 0)]), 2);
        assert_eq!(fewest_covering(&[(0, 1), (1, 2), (2, 3)]), 2);
        assert_eq!(fewest_covering(&[(0, 1), (2, 3)]), 2);
        assert_eq!(fewest_covering(&[(5, 6), (6, 5), (5, 6)]), 1);
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
        for _ in 0..300 {
            let n = rng.random_range(1..11);
            let edges: Vec<(usize, usize)> = (0..rng.random_range(0..20))
                .map(|_| (rng.random_range(0..n), rng.random_range(0..n)))
                .filter(|(a, b)| a != b)
                .collect();
            assert_eq!(fewest_covering(&edges), brute(n, &edges), "{edges:?}");
        }
    }
}
