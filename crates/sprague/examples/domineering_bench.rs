//! Benchmark: canonical forms of empty Domineering rectangles.
//!
//! `cargo run --release -p sprague --example domineering_bench -- 4x7 5x6 [6x6]`
//!
//! For each rectangle (ROWSxCOLUMNS) prints the wall-clock and CPU time, the canonical value (abbreviated when
//! long), its outcome class, the components stored by the solver, the games in the core's
//! arena, and the process's peak resident memory (VmHWM from /proc/self/status; it only
//! grows, so run one rectangle per process for per-board figures).

use sprague_core::partizan::canonical::Context;
use sprague_core::partizan::solver::ValueSolver;
use sprague_games::partizan::rulesets::domineering::Domineering;
use std::time::Instant;

fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// User + system CPU seconds of this process (from /proc/self/stat, at 100 ticks a second).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        args = vec!["4x7".into(), "5x6".into()];
    }
    for a in &args {
        let Some((r, c)) = a
            .split_once('x')
            .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
        else {
            eprintln!("bad rectangle `{a}`; write ROWSxCOLUMNS, e.g. 5x6");
            std::process::exit(2);
        };
        let board = match Domineering::empty(r, c) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        };
        let t = Instant::now();
        let cpu0 = cpu_seconds();
        let mut ctx = Context::new();
        // Progress on stderr every 2^20 components: elapsed time, components, peak RSS.
        let label = a.clone();
        let mut solver = ValueSolver::new(&Domineering, u64::MAX).with_progress(move |n: usize| {
            if n & ((1 << 20) - 1) == 0 {
                eprintln!(
                    "  {label}: {:.1} s, {n} components, peak RSS {} MiB",
                    t.elapsed().as_secs_f64(),
                    peak_rss_kib().map_or("?".into(), |k| format!("{:.0}", k as f64 / 1024.0)),
                );
            }
        });
        let g = match solver.value(&mut ctx, &board) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("{a}: {e}");
                std::process::exit(1);
            }
        };
        let secs = t.elapsed().as_secs_f64();
        let cpu = match (cpu0, cpu_seconds()) {
            (Some(a), Some(b)) => format!("{:.2} s", b - a),
            _ => "?".into(),
        };
        let mut shown = ctx.display(g);
        if shown.len() > 120 {
            shown = format!("{}… ({} chars)", &shown[..120], shown.len());
        }
        println!(
            "{a}: wall {secs:.3} s  cpu {cpu}  value {shown}  outcome {}  components {}  arena {}  peak RSS {} MiB",
            ctx.outcome(g),
            solver.positions(),
            ctx.len(),
            peak_rss_kib().map_or("?".into(), |k| format!("{:.1}", k as f64 / 1024.0)),
        );
    }
}
