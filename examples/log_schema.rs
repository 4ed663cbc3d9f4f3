//! Prints the JSON Schema of the game log format:
//! `cargo run --example log_schema > docs/game-log.schema.json`.

fn main() {
    println!("{}", rollx::rolling::GameLog::schema());
}
