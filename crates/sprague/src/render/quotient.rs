//! The text of `sprague quotient`: a misère quotient ([`quotient_text`]), the outcome of a
//! sum ([`sum_text`]) and the results table of a sweep ([`sweep_text`]). `--json`
//! serialises the same reports.

use crate::quotient::report::QuotientReport;
use crate::quotient::sum::SumOutcome;
use crate::quotient::sweep::{Ending, SweepReport};
use sprague_core::value::Outcome;
use std::fmt::Write;

/// Multiplication tables are printed for quotients up to this order (the JSON always has
/// the table).
const TABLE_SHOWN: usize = 16;
/// The most values of the pretending function printed (the JSON has every one).
const PHI_SHOWN: usize = 120;

/// The quotient as a person reads it: presentation, order, P-portion, tame or wild, the
/// pretending function, the changes, and small multiplication tables.
pub fn quotient_text(r: &QuotientReport) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "game: {}", r.game);
    let _ = writeln!(s, "misère quotient: {}", r.presentation.text);
    let _ = writeln!(s, "order: |Q| = {}", r.order);
    let _ = writeln!(
        s,
        "P-portion: |P| = {}: {{{}}}",
        r.p_positions,
        r.p_elements.join(", ")
    );
    match r.tame_rank {
        Some(rank) => {
            let genus: Vec<String> = r
                .elements
                .iter()
                .filter_map(|e| e.genus.as_ref().map(|g| format!("{}: {g}", e.word)))
                .collect();
            let _ = writeln!(
                s,
                "tame: yes, misère Nim's quotient of rank {rank}; genus {}",
                genus.join(", ")
            );
        }
        None => {
            let _ = writeln!(s, "tame: no (wild)");
        }
    }
    let shown = match (r.pretending.preperiod, r.pretending.period) {
        (Some(pre), Some(per)) => {
            let _ = writeln!(
                s,
                "pretending function: period {per} from heap {pre}, proven with heaps up to {} (the quotient of the whole game)",
                r.bound
            );
            (pre + per).max(r.last_change + 1)
        }
        _ => {
            let _ = writeln!(
                s,
                "pretending function: no period proven; bounded: the quotient of the sums of heaps up to {}",
                r.bound
            );
            r.bound + 1
        }
    };
    let n = (shown as usize)
        .min(r.pretending.values.len())
        .min(PHI_SHOWN);
    let _ = writeln!(
        s,
        "Φ(0..={}): {}{}",
        n.saturating_sub(1),
        r.pretending.values[..n].join(" "),
        if n < r.pretending.values.len() && r.proven {
            " (then repeating)"
        } else if n < r.pretending.values.len() {
            " …"
        } else {
            ""
        }
    );
    let changes: Vec<String> = r
        .changes
        .iter()
        .map(|c| format!("{} (|Q| = {})", c.heap, c.order))
        .collect();
    let _ = writeln!(
        s,
        "last change: heap {}{}",
        r.last_change,
        if changes.is_empty() {
            String::new()
        } else {
            format!("; changes at heaps {}", changes.join(", "))
        }
    );
    let elements: Vec<String> = r
        .elements
        .iter()
        .map(|e| format!("{}{}", e.word, if e.p { " (P)" } else { "" }))
        .collect();
    let _ = writeln!(s, "elements: {}", elements.join(", "));
    if r.order <= TABLE_SHOWN {
        let _ = writeln!(s, "multiplication:");
        let words: Vec<&str> = r.elements.iter().map(|e| e.word.as_str()).collect();
        let width = words.iter().map(|w| w.chars().count()).max().unwrap_or(1);
        let cell = |w: &str| format!("{w:>width$}");
        let _ = writeln!(
            s,
            "  {} | {}",
            cell(""),
            words.iter().map(|w| cell(w)).collect::<Vec<_>>().join(" ")
        );
        for (x, row) in r.multiplication.iter().enumerate() {
            let cells: Vec<String> = row.iter().map(|&y| cell(words[y as usize])).collect();
            let _ = writeln!(s, "  {} | {}", cell(words[x]), cells.join(" "));
        }
    }
    if let Some(why) = &r.stopped {
        let _ = writeln!(s, "stopped: {why}");
    }
    s
}

/// The answer of `sprague quotient --sum`: the sum, the play, who wins, and the quotient
/// that decided it.
pub fn sum_text(r: &SumOutcome) -> String {
    let who = match r.outcome {
        Outcome::First => "first player wins (N-position)",
        Outcome::Second => "second player wins (P-position)",
        Outcome::Draw => "draw",
    };
    format!(
        "sum: {}\nplay: misère\noutcome: {who}\nmethod: {}\n",
        r.sum, r.method
    )
}

/// The results of a sweep: one line a code (in the order given), the count of each ending,
/// then the wall time.
pub fn sweep_text(report: &SweepReport) -> String {
    let rows = &report.rows;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{:<8} {:<8} {:>5} {:>4} {:>9} {:>6} {:>6} {:>6} {:<4} {:>10}",
        "code", "result", "|Q|", "|P|", "preperiod", "period", "bound", "last", "tame", "time"
    );
    let opt = |x: Option<u64>| x.map_or("-".to_string(), |v| v.to_string());
    let mut count = [0usize; 4];
    for r in rows {
        let (k, word) = match r.result {
            Ending::Proven => (0, "proven"),
            Ending::Bounded => (1, "bounded"),
            Ending::Limit => (2, "limit"),
            Ending::Timeout => (3, "timeout"),
        };
        count[k] += 1;
        let _ = writeln!(
            s,
            "{:<8} {:<8} {:>5} {:>4} {:>9} {:>6} {:>6} {:>6} {:<4} {:>7} ms",
            r.code,
            word,
            r.order,
            r.p_positions,
            opt(r.preperiod),
            opt(r.period),
            r.bound,
            r.last_change,
            if r.tame { "tame" } else { "wild" },
            r.millis
        );
    }
    let total: u64 = rows.iter().map(|r| r.millis).sum();
    let _ = writeln!(
        s,
        "{} codes: {} proven, {} bounded, {} outgrew the bounds, {} out of time; {} ms of computing in all",
        rows.len(),
        count[0],
        count[1],
        count[2],
        count[3],
        total
    );
    let _ = writeln!(
        s,
        "wall time: {}.{:03} s on {} threads ({} codes computed now)",
        report.wall_ms / 1000,
        report.wall_ms % 1000,
        report.threads,
        report.computed_now
    );
    s
}
