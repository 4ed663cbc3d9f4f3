//! Writes generated counties shaped like real ones (see
//! `tests/common/counties.rs`) as GeoJSON, for trying `rollx import` at
//! scale: `cargo run --release --example counties -- OUT [COUNTIES]
//! [STATES] [SEED]` (defaults 3,100 counties in 48 states, seed 1).

#[path = "../tests/common/counties.rs"]
mod counties;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(out) = args.first() else {
        eprintln!("usage: counties OUT [COUNTIES] [STATES] [SEED]");
        std::process::exit(2);
    };
    let number = |i: usize, default: u64| {
        args.get(i)
            .map(|s| s.parse::<u64>().expect("a number"))
            .unwrap_or(default)
    };
    let generated = counties::counties(
        number(1, 3100) as usize,
        number(2, 48) as usize,
        number(3, 1),
    );
    if let Err(e) = std::fs::write(out, counties::geojson(&generated)) {
        eprintln!("{out}: {e}");
        std::process::exit(2);
    }
    eprintln!("{out}: {} counties", generated.len());
}
