fn main() {
    use rollx::encore::generate::{Options, generate};
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let (n, cols, rows) = (args[0], args[1], args[2]);
    let t = std::time::Instant::now();
    let mut tries = 0;
    let mut bad = 0;
    let mut check_time = std::time::Duration::ZERO;
    let mut solve_time = std::time::Duration::ZERO;
    let mut gen_time = std::time::Duration::ZERO;
    for seed in 0..n as u64 {
        let t1 = std::time::Instant::now();
        let g = generate(&Options {
            seed,
            columns: cols,
            rows,
        })
        .unwrap();
        gen_time += t1.elapsed();
        tries += g.tries;
        let t2 = std::time::Instant::now();
        let c = rollx::encore::check_bytes(
            &rollx::source::DiskFiles,
            std::path::Path::new("g.toml"),
            g.toml.clone().into_bytes(),
        );
        check_time += t2.elapsed();
        let t3 = std::time::Instant::now();
        let _ = rollx::encore::solve::Solver::new(&g.board).solve();
        solve_time += t3.elapsed();
        if !c.diagnostics.is_empty() || c.board.as_ref() != Some(&g.board) {
            bad += 1;
            if bad < 3 {
                println!(
                    "{}\n{:?}",
                    g.toml,
                    c.diagnostics.iter().map(|d| &d.message).collect::<Vec<_>>()
                );
            }
        }
    }
    println!(
        "{n} boards, {tries} tries, bad {bad}, {:?} total, gen {gen_time:?} check {:?} solve {solve_time:?}",
        t.elapsed(),
        check_time
    );
}
