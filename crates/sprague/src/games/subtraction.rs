//! The catalogue entry of `subtraction`: its rules and theorem are `sprague_games::number::subtraction`.

pub use sprague_games::number::subtraction::*;

use super::framework::NumberGameAdapter;
use crate::error::{Error, Result};
use crate::interface::{Entry, Game};

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    let p = params.ok_or_else(|| {
        Error::bad_params(
            "subtraction",
            "give the set, e.g. `subtraction:1,3,4` or `subtraction:allbut:2,3,7`",
        )
    })?;
    Ok(Box::new(NumberGameAdapter(Subtraction::parse(p)?)))
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "subtraction",
        aliases: &["sub"],
        usage: "subtraction:S HEAP...  (S = 1,3,4 or allbut:2,3,7)",
        summary: "Subtraction games: take s stones, s in a set (or s not in a set)",
        rules: "Heaps of stones. A move takes s stones from one heap, where s belongs to the finite set S (`subtraction:1,3,4`), or, for `subtraction:allbut:S`, where s is any positive number not in S. Normal play: whoever cannot move loses.",
        theorem: "Finite S with largest element t: g(n) is the mex of g(n − s), so it depends only on the t values before it; once a window of t consecutive values recurs, the values are periodic from its first occurrence (pigeonhole). The first recurrence gives the least preperiod and period, which `sprague table --period` reports and which answer heaps of any length (n mod period). All-but S: g(n) is the least value not taken by a heap m < n with n − m ∉ S, computed exactly with one count per value (O(|S|) per heap) up to heap 10^7; these values are known to be arithmetic-periodic (Siegel), which is not used here.",
        references: "E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways, 2nd ed., vol. 1, ch. 4 (subtraction games, periodicity); A. N. Siegel, Finite excluded subtraction sets and Kayles-like games, MSRI Publ. 56 (Games of No Chance 3), 2009, and Combinatorial Game Theory (AMS 2013), ch. IV.",
        build,
    }
}

#[cfg(test)]
mod tests {
    use crate::interface::TableOptions;

    #[test]
    fn table_reports_the_period_and_limits_are_clear() {
        let g = crate::catalogue::lookup("subtraction:1,3,4").unwrap();
        let r = g
            .table(&TableOptions {
                upto: 10,
                period: true,
                ..Default::default()
            })
            .unwrap();
        let p = r.period.clone().unwrap();
        assert_eq!((p.preperiod.as_str(), p.period.as_str()), ("0", "7"));
        assert_eq!(r.row(8).value, Some(crate::interface::Cell::Number(1)));
        let ab = crate::catalogue::lookup("subtraction:allbut:2,3,7").unwrap();
        let err = ab
            .solve(&["100000000000000000000".into()], &Default::default())
            .unwrap_err();
        assert!(err.to_string().contains("100000000000000000000"), "{err}");
        for bad in [
            "subtraction",
            "subtraction:",
            "subtraction:0,1",
            "subtraction:a",
            "subtraction:1,,x",
        ] {
            assert!(crate::catalogue::lookup(bad).is_err(), "{bad}");
        }
    }
}
