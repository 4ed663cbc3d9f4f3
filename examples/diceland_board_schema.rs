//! Prints the JSON Schema of the Diceland board format:
//! `cargo run --example diceland_board_schema > docs/diceland-board.schema.json`.

fn main() {
    println!("{}", rollx::diceland::schema());
}
