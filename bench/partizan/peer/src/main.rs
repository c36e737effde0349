//! Reads lines `RULESET POSITION` from standard input and prints, for each, the canonical
//! form that cgt-tools' library (the `cgt` crate) computes, one line each, in its own
//! notation (which `sprague value` reads: `^`, `v3`, `*2`, `1/2`, `{a,b|c}`).
//!
//! RULESET is sprague's catalogue name: amazons, konane, fission, ski-jumps, domineering,
//! snort, col. POSITION is sprague's board notation: rows separated by `|`. For all but
//! Snort and Col it is cgt's notation too (Amazons and Konane `x` Left, `o` Right, `.`,
//! `#`; Fission `x` stone; Ski-Jumps `L R l r .`; Domineering `.` free, `#` taken). Snort
//! and Col are played on cgt's graphs: every square that is not `#` is a vertex, joined to
//! the squares beside it; only uncoloured boards are taken (no `L` or `R`).
//!
//! Threads: cgt's search runs in rayon's global pool; set RAYON_NUM_THREADS=1 for one.
//! Each position gets a fresh transposition table, as a fresh process would.

use cgt::graph::{Graph, VertexIndex, adjacency_matrix::undirected::UndirectedGraph};
use cgt::short::partizan::{
    canonical_form::CanonicalForm,
    games::{
        amazons::Amazons, col, col::Col, domineering::Domineering, fission::Fission,
        konane::Konane, ski_jumps::SkiJumps, snort, snort::Snort,
    },
    partizan_game::PartizanGame,
    transposition_table::ParallelTranspositionTable,
};
use std::io::{BufRead, Write};
use std::str::FromStr;

fn solve<G>(position: &str) -> Result<CanonicalForm, String>
where
    G: PartizanGame + FromStr,
    G::Err: std::fmt::Debug,
{
    let game = G::from_str(position).map_err(|e| format!("cannot read `{position}`: {e:?}"))?;
    Ok(game.canonical_form(&ParallelTranspositionTable::new()))
}

/// The squares of a board (rows separated by `|`, `#` no square, `.` uncoloured) as the
/// edges of a grid graph and the number of vertices.
fn grid_graph(position: &str) -> Result<(Vec<(VertexIndex, VertexIndex)>, usize), String> {
    let rows: Vec<Vec<char>> = position.split('|').map(|r| r.chars().collect()).collect();
    let mut index = vec![vec![None; rows.iter().map(Vec::len).max().unwrap_or(0)]; rows.len()];
    let mut count = 0;
    for (y, row) in rows.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            match c {
                '.' => {
                    index[y][x] = Some(VertexIndex { index: count });
                    count += 1;
                }
                '#' => {}
                other => return Err(format!("square `{other}`: only `.` and `#` are taken")),
            }
        }
    }
    let mut edges = Vec::new();
    for y in 0..index.len() {
        for x in 0..index[y].len() {
            let Some(v) = index[y][x] else { continue };
            if let Some(Some(w)) = index[y].get(x + 1) {
                edges.push((v, *w));
            }
            if let Some(Some(w)) = index.get(y + 1).and_then(|r| r.get(x)) {
                edges.push((v, *w));
            }
        }
    }
    Ok((edges, count))
}

fn answer(ruleset: &str, position: &str) -> Result<CanonicalForm, String> {
    match ruleset {
        "amazons" => solve::<Amazons>(position),
        "konane" => solve::<Konane>(position),
        "fission" => solve::<Fission>(position),
        "ski-jumps" => solve::<SkiJumps>(position),
        "domineering" => solve::<Domineering>(position),
        "snort" => {
            let (edges, n) = grid_graph(position)?;
            let vertices = vec![snort::VertexKind::Single(snort::VertexColor::Empty); n];
            let game = Snort::new(UndirectedGraph::from_edges(&edges, &vertices));
            Ok(game.canonical_form(&ParallelTranspositionTable::new()))
        }
        "col" => {
            let (edges, n) = grid_graph(position)?;
            let vertices = vec![col::VertexColor::Empty; n];
            let game = Col::new(UndirectedGraph::from_edges(&edges, &vertices));
            Ok(game.canonical_form(&ParallelTranspositionTable::new()))
        }
        other => Err(format!("unknown ruleset `{other}`")),
    }
}

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut failed = false;
    for line in stdin.lock().lines() {
        let line = line.expect("standard input");
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((ruleset, position)) = line.split_once(char::is_whitespace) else {
            eprintln!("`{line}`: expected RULESET POSITION");
            failed = true;
            continue;
        };
        match answer(ruleset, position.trim()) {
            Ok(value) => writeln!(out, "{value}").expect("standard output"),
            Err(e) => {
                eprintln!("{e}");
                failed = true;
            }
        }
    }
    if failed {
        std::process::exit(1);
    }
}
