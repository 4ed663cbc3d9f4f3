//! Numeric options: one value parser for whole numbers and one for
//! decimals, shared by every option that takes a number. A value out of
//! range, a negative number or a word gets the same kind of message,
//! naming the option and what it takes: `--games takes a whole number from
//! 1 to 10,000,000, not -5`.
//!
//! clap reads `--games -5` as the option `--games` followed by an unknown
//! flag `-5`, and suggests `-- -5`, which does not help. [`negatives_are_values`]
//! lets every option that takes a value take a negative number as its
//! value, so that the number reaches the option's parser and its message.

use std::ffi::OsStr;
use std::marker::PhantomData;

use clap::builder::TypedValueParser;
use clap::error::ErrorKind;
use clap::{Arg, Command};

/// `cmd` and its subcommands with every option that takes a value
/// accepting a negative number as that value (see the module's text).
pub fn negatives_are_values(cmd: Command) -> Command {
    cmd.mut_args(|a| {
        if a.get_action().takes_values() && !a.is_positional() {
            a.allow_negative_numbers(true)
        } else {
            a
        }
    })
    .mut_subcommands(negatives_are_values)
}

/// The option's name as the user writes it (`--games`).
fn flag(arg: Option<&Arg>) -> String {
    match arg {
        Some(a) => match a.get_long() {
            Some(long) => format!("--{long}"),
            None => a.get_id().to_string(),
        },
        None => "the value".to_string(),
    }
}

/// A usage error naming the option, what it takes and the value given.
fn refuse(arg: Option<&Arg>, takes: &str, value: &OsStr) -> clap::Error {
    clap::Error::raw(
        ErrorKind::ValueValidation,
        format!(
            "{} takes {takes}, not {}\n",
            flag(arg),
            value.to_string_lossy()
        ),
    )
}

/// `n` with its thousands separated by commas (`10,000,000`).
pub(super) fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A whole number from `min` to `max`, of the option's type `T`.
#[derive(Clone, Copy, Debug)]
pub struct Whole<T> {
    min: u64,
    max: u64,
    kind: PhantomData<fn() -> T>,
}

/// A whole number from `min` to `max` (both allowed). A `max` of the
/// type's largest value is said as "`min` or more".
pub fn whole<T>(min: u64, max: u64) -> Whole<T> {
    Whole {
        min,
        max,
        kind: PhantomData,
    }
}

impl<T> Whole<T> {
    /// What the option takes, in words.
    fn takes(&self) -> String {
        if self.max >= u64::from(u32::MAX) {
            format!("a whole number, {} or more", grouped(self.min))
        } else {
            format!(
                "a whole number from {} to {}",
                grouped(self.min),
                grouped(self.max)
            )
        }
    }
}

impl<T> TypedValueParser for Whole<T>
where
    T: TryFrom<u64> + Clone + Send + Sync + 'static,
{
    type Value = T;

    fn parse_ref(
        &self,
        _cmd: &Command,
        arg: Option<&Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        value
            .to_str()
            .and_then(|s| s.trim().parse::<u64>().ok())
            .filter(|n| (self.min..=self.max).contains(n))
            .and_then(|n| T::try_from(n).ok())
            .ok_or_else(|| refuse(arg, &self.takes(), value))
    }
}

/// A decimal number in a range: above (or from) a least value, up to a
/// largest one when there is one.
#[derive(Clone, Copy, Debug)]
pub struct Decimal {
    /// What the number is ("a number of seconds").
    what: &'static str,
    min: f64,
    /// Whether `min` itself is allowed.
    from: bool,
    max: Option<f64>,
}

/// A decimal number, `what` in words, above `min` (not `min` itself).
pub fn above(what: &'static str, min: f64) -> Decimal {
    Decimal {
        what,
        min,
        from: false,
        max: None,
    }
}

/// A decimal number, `what` in words, from `min` to `max` (both allowed).
pub fn between(what: &'static str, min: f64, max: f64) -> Decimal {
    Decimal {
        what,
        min,
        from: true,
        max: Some(max),
    }
}

impl Decimal {
    /// What the option takes, in words.
    fn takes(&self) -> String {
        match (self.from, self.max) {
            (_, Some(max)) => format!("{} from {} to {max}", self.what, self.min),
            (true, None) => format!("{}, {} or more", self.what, self.min),
            (false, None) => format!("{} above {}", self.what, self.min),
        }
    }

    /// Whether `v` is in the range.
    fn fits(&self, v: f64) -> bool {
        let low = if self.from {
            v >= self.min
        } else {
            v > self.min
        };
        v.is_finite() && low && self.max.is_none_or(|m| v <= m)
    }
}

impl TypedValueParser for Decimal {
    type Value = f64;

    fn parse_ref(
        &self,
        _cmd: &Command,
        arg: Option<&Arg>,
        value: &OsStr,
    ) -> Result<f64, clap::Error> {
        value
            .to_str()
            .and_then(|s| s.trim().parse::<f64>().ok())
            .filter(|&v| self.fits(v))
            .ok_or_else(|| refuse(arg, &self.takes(), value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(10_000_000), "10,000,000");
    }

    /// The error `rollx args...` stops at, as the user reads it.
    fn parse_error(args: &[&str]) -> Option<String> {
        let mut cmd = negatives_are_values(super::super::Cli::command());
        cmd.try_get_matches_from_mut(std::iter::once("rollx").chain(args.iter().copied()))
            .err()
            .map(|e| e.to_string())
    }

    #[test]
    fn a_negative_number_gets_the_range_not_a_tip() {
        let e = parse_error(&["simulate", "m.toml", "--games", "-5"]).unwrap();
        assert_eq!(
            e.trim_end(),
            "error: --games takes a whole number from 1 to 10,000,000, not -5"
        );
        let e = parse_error(&["play", "m.toml", "--seed", "-1"]).unwrap();
        assert_eq!(
            e.trim_end(),
            "error: --seed takes a whole number, 0 or more, not -1"
        );
        let e = parse_error(&["solve", "m.toml", "--time-limit", "-3"]).unwrap();
        assert_eq!(
            e.trim_end(),
            "error: --time-limit takes a number of seconds above 0, not -3"
        );
        let e = parse_error(&["print", "m.toml", "--dpi", "-3"]).unwrap();
        assert_eq!(
            e.trim_end(),
            "error: --dpi takes a resolution in dots per inch from 10 to 1200, not -3"
        );
        // Words, decimals and numbers too large get the same message.
        let e = parse_error(&["print", "m.toml", "--sheets", "many"]).unwrap();
        assert!(e.contains("--sheets takes a whole number from 1 to 10,000, not many"));
        let e = parse_error(&["print", "m.toml", "--sheets=2.5"]).unwrap();
        assert!(e.contains("not 2.5"), "{e}");
        let e = parse_error(&["print", "m.toml", "--sheets", "10001"]).unwrap();
        assert!(e.contains("not 10001"), "{e}");
        // Values in range pass.
        assert!(parse_error(&["print", "m.toml", "--sheets", "10000", "--dpi", "10"]).is_none());
    }

    /// Every option of every command that takes a number, with a value
    /// that is out of range whatever the range: a negative number.
    #[test]
    fn every_numeric_option_says_what_it_takes() {
        fn visit(cmd: &Command, path: &mut Vec<String>, found: &mut Vec<(Vec<String>, String)>) {
            for a in cmd.get_arguments() {
                // By the type of the value, whatever parser reads it.
                let id = a.get_value_parser().type_id();
                let numeric = [
                    clap::value_parser!(u8).into(),
                    clap::value_parser!(u16).into(),
                    clap::value_parser!(u32).into(),
                    clap::value_parser!(u64).into(),
                    clap::value_parser!(usize).into(),
                    clap::value_parser!(f32).into(),
                    clap::value_parser!(f64).into(),
                ]
                .map(|p: clap::builder::ValueParser| p.type_id());
                if numeric.contains(&id) {
                    let long = a.get_long().expect("numeric options are long options");
                    found.push((path.clone(), long.to_string()));
                }
            }
            for sub in cmd.get_subcommands() {
                path.push(sub.get_name().to_string());
                visit(sub, path, found);
                path.pop();
            }
        }
        let mut found = Vec::new();
        visit(&super::super::Cli::command(), &mut Vec::new(), &mut found);
        assert!(found.len() >= 20, "{found:?}");
        for (path, long) in &found {
            let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
            let flag = format!("--{long}");
            args.extend([flag.as_str(), "-5"]);
            let e = parse_error(&args).unwrap_or_default();
            assert!(
                e.starts_with(&format!("error: {flag} takes ")) && e.contains(", not -5"),
                "rollx {}: {e}",
                args.join(" ")
            );
            assert!(!e.contains("-- -5"), "{e}");
        }
    }
}
