//! The registry: every game of the catalogue, one line each, in the order `sprague list`
//! shows them. A new game is its own file in `sprague_games` (its rules, its theorem
//! where one exists, and its entry) and one line here; the page, the README's tables and
//! the contract tests read everything else from the entry.

use sprague_games::interface::Entry;
use sprague_games::number::{
    bash, divisor, euclid, fibonacci_nim, moore, nim, prime_power, redistribute, sorted_piles,
    staircase, subtraction, wythoff,
};
use sprague_games::partizan::rulesets::{
    amazons, clobber, colouring, colouring_graph, cutcake, domineering, fission, hackenbush,
    konane, ski_jumps, toads,
};
use sprague_games::{coins, graph, octal};

/// Every entry of the catalogue, in the order `sprague list` shows them.
pub fn entries() -> Vec<Entry> {
    vec![
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
        divisor::entry(),
        octal::entries::octal(),
        octal::entries::hex(),
        octal::entries::kayles(),
        octal::entries::dawson_kayles(),
        octal::entries::dawson_chess(),
        octal::entries::officers(),
        octal::entries::grundy_game(),
        octal::entries::lasker_nim(),
        coins::entries::twins(),
        coins::entries::mock_turtles(),
        coins::entries::ruler(),
        coins::entries::coins(),
        coins::entries::turning_corners(),
        coins::entries::tartan(),
        graph::loopy::game::entry(),
        graph::hackenbush::game::entry(),
        graph::geography::game::entry(),
        graph::tree_chain::game::entry(),
        graph::queens::game::entry(),
        hackenbush::entry(),
        domineering::entry(),
        cutcake::entry(),
        toads::entry(),
        clobber::entry(),
        colouring::entry_snort(),
        colouring::entry_col(),
        colouring_graph::entry_snort(),
        colouring_graph::entry_col(),
        fission::entry(),
        ski_jumps::entry(),
        konane::entry(),
        amazons::entry(),
    ]
}
