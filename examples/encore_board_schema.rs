//! Prints the JSON Schema of the Encore board format:
//! `cargo run --example encore_board_schema > docs/encore-board.schema.json`.

fn main() {
    println!("{}", rollx::encore::schema());
}
