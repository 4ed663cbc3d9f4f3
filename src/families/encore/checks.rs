//! The checks that run on a built board: its limits, the design
//! conventions (warnings) and rule solvability (an error when a column or
//! colour can never be completed).

use super::model::{Board, ColorId};
use super::resolve::Places;
use super::solve::{MAX_BLOCK, Solvability, Solver};
use super::standard::Conventions;
use crate::diag::Diagnostic;

/// The quick checks of a built board: its blocks within the limit of the
/// solver (an error) and the design conventions (warnings). Returns
/// whether the blocks are within the limit, so that
/// [`solvability`] can run.
pub fn structure(
    board: &Board,
    conventions: &Conventions,
    places: &Places,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let blocks = board.blocks();
    conventions_of(board, &blocks, conventions, places, diags);
    let mut within = true;
    for block in &blocks {
        if block.len() > MAX_BLOCK {
            within = false;
            diags.push(
                Diagnostic::error(
                    "board-limit",
                    format!(
                        "a block of {} {} boxes; rollx counts turns exactly on blocks of at \
                         most {MAX_BLOCK} boxes",
                        block.len(),
                        board.colors[board.cells[block[0]].color.index()].id
                    ),
                )
                .with_label(places.cells[block[0]], "this block")
                .with_help("split the block with a box of another colour"),
            );
        }
    }
    within
}

/// Rule solvability of a board whose blocks are within the limits
/// ([`structure`]): the fewest turns, and an error for each column or
/// colour that can never be completed, and for a game that can never end.
pub fn solvability(board: &Board, places: &Places, diags: &mut Vec<Diagnostic>) -> Solvability {
    let solver = Solver::new(board);
    let s = solver.solve();
    unsolvable(board, &solver, &s, places, diags);
    s
}

/// Turns that can never be taken: each column, colour, and the game's end.
fn unsolvable(
    board: &Board,
    solver: &Solver<'_>,
    s: &Solvability,
    places: &Places,
    diags: &mut Vec<Diagnostic>,
) {
    let numbers = numbers_text(board);
    let help = format!(
        "every turn crosses exactly {numbers} connected boxes of one colour; \
         give the dice the numbers these blocks need (a 1 crosses any box)"
    );
    let stuck = solver.stuck_cells();
    for (c, t) in s.columns.iter().enumerate() {
        if !t.is_never() {
            continue;
        }
        let name = Board::column_name(c);
        let mut d = Diagnostic::error(
            "board-unsolvable",
            format!("column {name} can never be completed with the numbers {numbers}"),
        );
        let here: Vec<usize> = (0..board.rows)
            .map(|r| r * board.columns + c)
            .filter(|i| stuck.contains(i))
            .collect();
        if here.is_empty() {
            d = d.with_label(places.cells[c], format!("column {name}"));
        }
        for i in here {
            d = d.with_label(places.cells[i], "no turn can cross this box");
        }
        diags.push(
            d.with_opt_label(places.numbers, "the numbers")
                .with_help(help.clone()),
        );
    }
    for (c, t) in s.colors.iter().enumerate() {
        if !t.is_never() {
            continue;
        }
        let color = &board.colors[c];
        let mut d = Diagnostic::error(
            "board-unsolvable",
            format!(
                "{} can never be completed with the numbers {numbers}",
                color.id
            ),
        );
        let blocks = solver.uncrossable_blocks(ColorId(c as u8));
        for b in &blocks {
            d = d.with_label(
                places.cells[b[0]],
                format!("a block of {} that no turn can cross whole", b.len()),
            );
        }
        if blocks.is_empty() {
            d = d.with_label(places.color(ColorId(c as u8)), "this colour");
        }
        diags.push(
            d.with_opt_label(places.numbers, "the numbers")
                .with_help(help.clone()),
        );
    }
    let completable = s.colors.iter().filter(|t| !t.is_never()).count();
    if s.game_end.is_never() && completable >= 2.min(board.colors.len()) {
        let why = if board.colors.len() < 2 {
            "the board has one colour, and the game ends when a player completes two".to_string()
        } else {
            "no two colours can be completed together".to_string()
        };
        diags.push(
            Diagnostic::error("board-unsolvable", format!("the game can never end: {why}"))
                .with_label(places.rows, "this board")
                .with_help(
                    "a game ends after the turn in which a player completes a second colour",
                ),
        );
    }
}

fn numbers_text(board: &Board) -> String {
    let n: Vec<String> = board.dice.numbers.iter().map(u8::to_string).collect();
    match n.len() {
        1 => n[0].clone(),
        _ => format!("{} or {}", n[..n.len() - 1].join(", "), n[n.len() - 1]),
    }
}

/// The design conventions, each broken one a warning.
fn conventions_of(
    board: &Board,
    blocks: &[Vec<usize>],
    conv: &Conventions,
    places: &Places,
    diags: &mut Vec<Diagnostic>,
) {
    let name = |c: ColorId| board.colors[c.index()].id.as_str();
    // Whose convention it is: the board's own (`[conventions]`), or that
    // of its size.
    let size = format!("{} x {}", board.columns, board.rows);
    let whose = |key: &str| match places.convention(key) {
        Some(_) => "the board's convention".to_string(),
        None => format!("the convention for a {size} board"),
    };
    // How to fix a broken convention: the board, or the convention.
    let with_key = |d: Diagnostic, key: &str, fix: String| {
        let declared = places.convention(key);
        let value = if key == "every_color_in_every_column" {
            "false"
        } else {
            "..."
        };
        let or = match declared {
            Some(_) => format!("or change `{key}` in [conventions] if the board follows another"),
            None => format!(
                "or, if the board breaks the convention on purpose, declare its own in \
                 [conventions]: {key} = {value}"
            ),
        };
        d.with_opt_label(declared, "the convention")
            .with_help(format!("{fix}; {or}"))
    };
    for c in 0..board.colors.len() {
        let id = ColorId(c as u8);
        let boxes: Vec<usize> = board.boxes_of(id).collect();
        if boxes.len() as u32 != conv.boxes_per_color {
            diags.push(with_key(
                Diagnostic::warning(
                    "board-color-boxes",
                    format!(
                        "{} has {} boxes; {} is {}",
                        name(id),
                        boxes.len(),
                        whose("boxes_per_color"),
                        conv.boxes_per_color
                    ),
                )
                .with_label(places.color(id), format!("{} boxes", boxes.len())),
                "boxes_per_color",
                format!(
                    "change the colour of boxes in the grid so that {} has {} boxes",
                    name(id),
                    conv.boxes_per_color
                ),
            ));
        }
        let mine: Vec<&Vec<usize>> = blocks
            .iter()
            .filter(|b| board.cells[b[0]].color == id)
            .collect();
        let mut sizes: Vec<u32> = mine.iter().map(|b| b.len() as u32).collect();
        sizes.sort_unstable();
        if sizes != conv.block_sizes {
            // The blocks whose size the convention does not list (as often).
            let mut want = conv.block_sizes.clone();
            let mut odd = Vec::new();
            let mut by_size = mine.clone();
            by_size.sort_by_key(|b| b.len());
            for b in by_size {
                match want.iter().position(|&s| s == b.len() as u32) {
                    Some(i) => {
                        want.remove(i);
                    }
                    None => odd.push(b),
                }
            }
            let mut d = Diagnostic::warning(
                "board-block-sizes",
                format!(
                    "{}'s blocks have sizes {}; {} is {}",
                    name(id),
                    list(&sizes),
                    whose("block_sizes"),
                    list(&conv.block_sizes)
                ),
            );
            for b in odd.iter().take(3) {
                d = d.with_label(places.cells[b[0]], format!("a block of {}", b.len()));
            }
            if odd.is_empty() {
                d = d.with_label(places.color(id), "this colour");
            }
            diags.push(with_key(
                d,
                "block_sizes",
                format!(
                    "reshape {}'s blocks (its boxes that share an edge) to sizes {}",
                    name(id),
                    list(&conv.block_sizes)
                ),
            ));
        }
        let stars = boxes.iter().filter(|&&i| board.cells[i].star).count() as u32;
        if stars != conv.stars_per_color {
            let mut d = Diagnostic::warning(
                "board-color-stars",
                format!(
                    "{} has {}; {} is {}",
                    name(id),
                    stars_text(stars),
                    whose("stars_per_color"),
                    conv.stars_per_color
                ),
            );
            let starred: Vec<usize> = boxes
                .iter()
                .copied()
                .filter(|&i| board.cells[i].star)
                .collect();
            for &i in starred.iter().take(4) {
                d = d.with_label(places.cells[i], "a star");
            }
            if starred.is_empty() {
                d = d.with_label(places.color(id), "no star");
            }
            diags.push(with_key(
                d,
                "stars_per_color",
                format!(
                    "move stars (upper-case letters) so that {} has {}",
                    name(id),
                    stars_text(conv.stars_per_color)
                ),
            ));
        }
    }
    for c in 0..board.columns {
        let column = Board::column_name(c);
        let cells: Vec<usize> = (0..board.rows).map(|r| r * board.columns + c).collect();
        let top = places.cells[cells[0]];
        if conv.every_color_in_every_column {
            let missing: Vec<&str> = (0..board.colors.len())
                .filter(|&k| !cells.iter().any(|&i| board.cells[i].color.index() == k))
                .map(|k| board.colors[k].id.as_str())
                .collect();
            if !missing.is_empty() {
                diags.push(with_key(
                    Diagnostic::warning(
                        "board-column-colors",
                        format!(
                            "column {column} has no {} box; {} is every colour in every column",
                            or_list(&missing),
                            whose("every_color_in_every_column")
                        ),
                    )
                    .with_label(top, format!("column {column}")),
                    "every_color_in_every_column",
                    format!(
                        "give column {column} a box of {}",
                        if missing.len() == 1 {
                            "that colour"
                        } else {
                            "each of these colours"
                        }
                    ),
                ));
            }
        }
        let starred: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&i| board.cells[i].star)
            .collect();
        if starred.len() as u32 != conv.stars_per_column {
            let mut d = Diagnostic::warning(
                "board-column-stars",
                format!(
                    "column {column} has {}; {} is {}",
                    stars_text(starred.len() as u32),
                    whose("stars_per_column"),
                    conv.stars_per_column
                ),
            );
            for &i in &starred {
                d = d.with_label(places.cells[i], "a star");
            }
            if starred.is_empty() {
                d = d.with_label(top, format!("column {column}"));
            }
            diags.push(with_key(
                d,
                "stars_per_column",
                format!(
                    "move stars (upper-case letters) so that column {column} has {}",
                    stars_text(conv.stars_per_column)
                ),
            ));
        }
    }
    let limit = conv.largest_block.max(u32::from(board.dice.max_cross));
    for b in blocks {
        if b.len() as u32 > limit {
            let id = board.cells[b[0]].color;
            diags.push(with_key(
                Diagnostic::warning(
                    "board-block-too-large",
                    format!(
                        "a block of {} {} boxes: it takes {} turns at least, and the \
                         largest block intended ({}) is {}",
                        b.len(),
                        name(id),
                        b.len().div_ceil(usize::from(board.dice.max_cross)),
                        whose("largest_block"),
                        conv.largest_block
                    ),
                )
                .with_label(places.cells[b[0]], format!("a block of {}", b.len())),
                "largest_block",
                format!(
                    "split the block into blocks of at most {limit} with boxes of other colours"
                ),
            ));
        }
    }
}

/// `1 star`, `3 stars`.
fn stars_text(n: u32) -> String {
    format!("{n} star{}", if n == 1 { "" } else { "s" })
}

fn list(sizes: &[u32]) -> String {
    sizes
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn or_list(words: &[&str]) -> String {
    match words {
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
        [] => String::new(),
    }
}
