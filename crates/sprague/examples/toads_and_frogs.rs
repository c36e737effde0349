//! Published Toads and Frogs values computed with the default limits, with their times:
//! Erickson's family T^a □□ F^b, whose values {{a−3 | a−b} | {∗ | 3−b}} (a > b ≥ 2)
//! Thanatipanonda proved ("Further hopping with Toads and Frogs", Electron. J. Combin. 18
//! (2011), P67). Run with `cargo run --release -p sprague --example toads_and_frogs`; it
//! fails if a value differs from the formula.

use sprague::catalogue::lookup;
use sprague_core::partizan::canonical::Context;
use sprague_games::interface::SolveOptions;
use std::time::Instant;

fn main() {
    let game = lookup("toads-and-frogs").expect("toads-and-frogs is in the catalogue");
    for (a, b) in [(9i64, 8i64), (10, 7), (10, 8), (10, 9)] {
        let position = format!("{}..{}", "t".repeat(a as usize), "f".repeat(b as usize));
        let start = Instant::now();
        let verdict = game
            .solve(std::slice::from_ref(&position), &SolveOptions::default())
            .unwrap_or_else(|e| panic!("{position}: {e}"));
        let seconds = start.elapsed().as_secs_f64();
        let formula = format!("{{{{{} | {}}} | {{* | {}}}}}", a - 3, a - b, 3 - b);
        let mut ctx = Context::new();
        let want = sprague_core::partizan::notation::parse(&mut ctx, &formula)
            .expect("the formula is CGSuite notation");
        let want = ctx.display(want);
        let got = verdict.value.clone().unwrap_or_default();
        println!("{position}: {got} in {seconds:.2} s (published: {formula} = {want})");
        assert_eq!(got, want, "{position}");
    }
}
