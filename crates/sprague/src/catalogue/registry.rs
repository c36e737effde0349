//! The registry: every game of the catalogue, one line each, in the order `sprague list`
//! shows them. A new game is its own file in `sprague_games` and one line here.

use sprague_games::graph;
use sprague_games::interface::Entry;
use sprague_games::number::{
    bash, euclid, fibonacci_nim, moore, nim, prime_power, redistribute, sorted_piles, staircase,
    subtraction, wythoff,
};
use sprague_games::partizan::rulesets;

/// Every entry of the catalogue, in the order `sprague list` shows them.
pub fn entries() -> Vec<Entry> {
    let mut all = vec![
        nim::entry(),
        euclid::entry(),
        wythoff::entry(),
        fibonacci_nim::entry(),
        redistribute::entry(),
        bash::entry_bash(),
        bash::entry_bounded(),
        subtraction::entry(),
        prime_power::entry(),
        sorted_piles::entry(),
        staircase::entry(),
        moore::entry(),
    ];
    all.extend(sprague_games::octal::entries::entries());
    all.extend(sprague_games::coins::entries::entries());
    all.extend([
        graph::loopy::game::entry(),
        graph::hackenbush::game::entry(),
        graph::geography::game::entry(),
        graph::tree_chain::entry(),
        graph::queens::game::entry(),
    ]);
    all.extend([
        rulesets::hackenbush::entry(),
        rulesets::domineering::entry(),
        rulesets::cutcake::entry(),
        rulesets::toads::entry(),
        rulesets::clobber::entry(),
    ]);
    all
}
