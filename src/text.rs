//! Counts in words, for everything the user reads (reports, summaries,
//! messages): "1 game", "3 games", never "1 games".

use std::fmt::Display;

/// Whether `n` is one.
fn is_one<N: Copy + TryInto<u64>>(n: N) -> bool {
    n.try_into().is_ok_and(|v| v == 1)
}

/// The word for `n` things: `one` for one, `many` otherwise (`0 dice`,
/// `1 die`, `2 dice`).
pub fn noun<'a, N: Copy + TryInto<u64>>(n: N, one: &'a str, many: &'a str) -> &'a str {
    if is_one(n) { one } else { many }
}

/// `n` and its word, `one` or `many` (`plural(1, "try", "tries")` is
/// "1 try").
pub fn plural<N: Copy + Display + TryInto<u64>>(n: N, one: &str, many: &str) -> String {
    format!("{n} {}", noun(n, one, many))
}

/// `n` and a noun that takes an `s` in the plural (`count(1, "game")` is
/// "1 game", `count(0, "game")` "0 games").
pub fn count<N: Copy + Display + TryInto<u64>>(n: N, one: &str) -> String {
    if is_one(n) {
        format!("{n} {one}")
    } else {
        format!("{n} {one}s")
    }
}

/// A player's name and a verb that agrees with it: `Ann claims`, but
/// `you claim` for the human at the terminal, whom rollx calls "you"
/// (`subject_verb("you", "claims", "claim")`).
pub(crate) fn subject_verb(name: &str, third: &str, base: &str) -> String {
    if name == "you" {
        format!("{name} {base}")
    } else {
        format!("{name} {third}")
    }
}

/// `text` broken at spaces into lines no wider than `width` (a word longer
/// than a line stands alone), the first line starting with `first` (alone
/// when not even the first word fits after it), the others with `rest`.
pub fn wrap(text: &str, first: &str, rest: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = first.to_string();
    // Whether the line holds text to break after: words, or the first
    // line's lead when it is not blank.
    let mut breakable = !first.trim().is_empty();
    let mut words = 0;
    for word in text.split(' ') {
        let sep = usize::from(words > 0);
        if breakable && line.chars().count() + sep + word.chars().count() > width {
            out.push_str(line.trim_end());
            out.push('\n');
            line = rest.to_string();
            words = 0;
        }
        if words > 0 {
            line.push(' ');
        }
        line.push_str(word);
        words += 1;
        breakable = true;
    }
    out.push_str(line.trim_end());
    out.push('\n');
    out
}

/// Items in a sentence: "a", "a and b", "a, b and c".
pub fn and_list<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [rest @ .., last] => format!(
            "{} and {}",
            rest.iter()
                .map(AsRef::as_ref)
                .collect::<Vec<_>>()
                .join(", "),
            last.as_ref()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_listed_with_and() {
        assert_eq!(and_list::<&str>(&[]), "");
        assert_eq!(and_list(&["E3"]), "E3");
        assert_eq!(and_list(&["E3", "F3"]), "E3 and F3");
        assert_eq!(and_list(&["E3", "F3", "D4"]), "E3, F3 and D4");
    }

    #[test]
    fn you_claim_and_ann_claims() {
        assert_eq!(subject_verb("you", "claims", "claim"), "you claim");
        assert_eq!(subject_verb("Ann", "claims", "claim"), "Ann claims");
        assert_eq!(subject_verb("youth", "claims", "claim"), "youth claims");
    }

    #[test]
    fn one_is_singular_and_everything_else_plural() {
        assert_eq!(count(1u64, "game"), "1 game");
        assert_eq!(count(0usize, "game"), "0 games");
        assert_eq!(count(2u8, "dupe"), "2 dupes");
        assert_eq!(plural(1u32, "try", "tries"), "1 try");
        assert_eq!(plural(3i64, "die", "dice"), "3 dice");
        assert_eq!(plural(-1i64, "die", "dice"), "-1 dice");
        assert_eq!(noun(1usize, "cell", "cells"), "cell");
    }

    #[test]
    fn lists_join_with_commas_and_a_last_and() {
        assert_eq!(and_list::<&str>(&[]), "");
        assert_eq!(and_list(&["a"]), "a");
        assert_eq!(and_list(&["a", "b"]), "a and b");
        assert_eq!(and_list(&["a", "b", "c"]), "a, b and c");
    }
}
