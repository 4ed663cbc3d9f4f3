//! Prints the JSON Schema of the Encore game log format:
//! `cargo run --example encore_log_schema > docs/encore-log.schema.json`.

fn main() {
    println!("{}", rollx::encore::GameLog::schema());
}
