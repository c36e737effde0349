//! Times of the board rulesets (Snort, Col, Fission, Ski-Jumps, Konane, Amazons) on a few
//! positions each, solved as `sprague solve` solves them (default limits): the value, the
//! components stored and the time. Run with
//! `cargo run --release -p sprague --example rulesets_bench`, or name positions:
//! `... --example rulesets_bench -- snort '.....|.....|.....|.....'`.

use sprague::catalogue::lookup;
use sprague_games::interface::SolveOptions;
use std::time::Instant;

const POSITIONS: &[(&str, &str)] = &[
    ("snort", "....|....|....|...."),
    ("snort", ".....|.....|....."),
    ("col", "....|....|....|...."),
    ("col", ".....|.....|....."),
    (
        "snort-graph",
        "0-1 1-2 2-3 3-4 4-0 0-5 1-6 2-7 3-8 4-9 5-7 7-9 9-6 6-8 8-5",
    ),
    (
        "col-graph",
        "0-1 1-2 2-3 3-4 4-0 0-5 1-6 2-7 3-8 4-9 5-7 7-9 9-6 6-8 8-5",
    ),
    ("fission", "......|......|..x...|......|......"),
    ("fission", ".....|.x...|...x.|....."),
    ("ski-jumps", "L....R|.R..L.|......|......"),
    ("konane", "xoxo|o.ox|xo.o|oxox"),
    ("konane", "xoxox|oxoxo|x.x.x"),
    ("amazons", "x...|....|...o"),
    ("amazons", "x...|.#..|..#.|...o"),
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let asked: Vec<(String, String)> = args
        .chunks(2)
        .filter(|c| c.len() == 2)
        .map(|c| (c[0].clone(), c[1].clone()))
        .collect();
    let list: Vec<(String, String)> = if asked.is_empty() {
        POSITIONS
            .iter()
            .map(|&(g, p)| (g.to_string(), p.to_string()))
            .collect()
    } else {
        asked
    };
    for (name, position) in list {
        let game = lookup(&name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let start = Instant::now();
        let words: Vec<String> = position.split(' ').map(str::to_string).collect();
        let verdict = game
            .solve(&words, &SolveOptions::default())
            .unwrap_or_else(|e| panic!("{name} {position}: {e}"));
        let seconds = start.elapsed().as_secs_f64();
        let stored = verdict
            .details
            .get("components_searched")
            .map(|v| v.to_string())
            .unwrap_or_default();
        println!(
            "{name} {position}: {} ({:?}), {stored} components, {seconds:.3} s",
            verdict.value.clone().unwrap_or_default(),
            verdict.outcome
        );
    }
}
