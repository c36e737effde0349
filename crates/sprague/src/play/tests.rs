//! The opponents on small positions whose best moves are known by hand.

use super::*;
use crate::catalogue::lookup;
use crate::rng::SplitMix64;

fn opts() -> SolveOptions {
    SolveOptions {
        max_positions: 100_000,
        ..SolveOptions::default()
    }
}

fn pick(spec: &str, position: &str, options: &SolveOptions, opponent: &str, seed: u64) -> Choice {
    let g = lookup(spec).unwrap();
    let mut rng = SplitMix64::new(seed);
    choose(
        &*g,
        &words(position),
        options,
        opponent.parse().unwrap(),
        None,
        &mut rng,
    )
    .unwrap()
}

#[test]
fn perfect_takes_the_winning_move_whatever_the_seed() {
    for seed in 0..8 {
        let c = pick("nim", "3 4 5", &opts(), "perfect", seed);
        assert_eq!((c.position.as_str(), c.choice), ("1 4 5", ChoiceKind::Best));
        assert_eq!(c.label, "take 2 from heap 1");
    }
}

#[test]
fn perfect_wins_fastest_loses_slowest_and_prefers_a_draw_to_a_loss() {
    // From a: b is a sink (win now), c wins only after three more moves.
    let c = pick("graph", "a>b a>c c>d d>e token=a", &opts(), "perfect", 3);
    assert_eq!(c.position, "a>b a>c c>d d>e token=b");
    // Every move loses: to b the opponent wins at once, to c only after three moves.
    let c = pick(
        "graph",
        "a>b b>x a>c c>d d>e e>f token=a",
        &opts(),
        "perfect",
        3,
    );
    assert_eq!(c.position, "a>b b>x a>c c>d d>e e>f token=c");
    // a and b form a cycle with no way out for the loser: moving to b draws, to c loses.
    for seed in 0..4 {
        let c = pick("graph", "a>b b>a a>c c>d token=a", &opts(), "perfect", seed);
        assert_eq!(c.position, "a>b b>a a>c c>d token=b");
    }
    // Every-move play: taking both heaps whole ends the game (step 0).
    let every = SolveOptions {
        every: true,
        ..opts()
    };
    assert_eq!(pick("nim", "2 3", &every, "perfect", 0).position, "0 0");
}

#[test]
fn the_misere_minded_opponent_plays_the_misere_move() {
    assert_eq!(pick("nim", "1 2", &opts(), "perfect", 0).position, "1 1");
    assert_eq!(
        pick("nim", "1 2", &opts(), "misere-minded", 0).position,
        "1 0"
    );
    let every = SolveOptions {
        every: true,
        ..opts()
    };
    let g = lookup("nim").unwrap();
    let e = choose(
        &*g,
        &words("1 2"),
        &every,
        Opponent::MisereMinded,
        None,
        &mut SplitMix64::new(0),
    )
    .unwrap_err();
    assert!(e.to_string().contains("every-move"), "{e}");
}

#[test]
fn random_and_skilled_opponents_follow_the_seed() {
    let legal: Vec<String> = lookup("nim")
        .unwrap()
        .legal_moves(&words("3 4 5"), &opts())
        .unwrap()
        .into_iter()
        .map(|m| m.position)
        .collect();
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let c = pick("nim", "3 4 5", &opts(), "random", seed);
        assert_eq!(c, pick("nim", "3 4 5", &opts(), "random", seed));
        assert!(legal.contains(&c.position), "{c:?}");
        assert_eq!(c.choice, ChoiceKind::Random);
        seen.insert(c.position);
        assert_eq!(
            pick("nim", "3 4 5", &opts(), "skill:0", seed).choice,
            ChoiceKind::Random
        );
        assert_eq!(
            pick("nim", "3 4 5", &opts(), "skill:1", seed).position,
            "1 4 5"
        );
    }
    assert!(seen.len() > 5, "{seen:?}");
    let best = (0..200)
        .filter(|&s| pick("nim", "3 4 5", &opts(), "skill:3/4", s).choice == ChoiceKind::Best)
        .count();
    assert!((110..190).contains(&best), "{best}");
}

#[test]
fn partizan_moves_belong_to_the_side_to_move() {
    let g = lookup("domineering").unwrap();
    for side in [Side::Left, Side::Right] {
        let c = choose(
            &*g,
            &words("..|.."),
            &opts(),
            Opponent::Perfect,
            Some(side),
            &mut SplitMix64::new(5),
        )
        .unwrap();
        assert_eq!(c.side, Some(side));
        assert_eq!(c.label.starts_with("vertical"), side == Side::Left, "{c:?}");
    }
    // Left cannot move on a one-row board.
    let e = choose(
        &*g,
        &words(".."),
        &opts(),
        Opponent::Random,
        Some(Side::Left),
        &mut SplitMix64::new(0),
    )
    .unwrap_err();
    assert!(e.to_string().contains("game is over"), "{e}");
}

#[test]
fn a_reply_analyses_the_position_it_leads_to() {
    let g = lookup("graph").unwrap();
    let with_token = SolveOptions {
        tokens: vec!["a".into()],
        ..opts()
    };
    let r = reply(
        &*g,
        &words("a>b>c a>c"),
        &with_token,
        Opponent::Perfect,
        None,
        9,
    )
    .unwrap();
    assert_eq!(r.position, "a>b b>c a>c token=c");
    assert_eq!(r.verdict.position, r.position);
    assert_eq!(r.verdict.outcome, Winner::Second);
    let j = serde_json::to_value(&r).unwrap();
    assert_eq!(j["opponent"], "perfect");
    assert_eq!(j["choice"], "best");
    assert_eq!(j["seed"], 9);
    assert_eq!(j["verdict"]["listing"], "all");
    let nim = lookup("nim").unwrap();
    let e = reply(&*nim, &words("0 0"), &opts(), Opponent::Perfect, None, 0).unwrap_err();
    assert!(e.to_string().contains("the game is over"), "{e}");
}

/// Wythoff's game by brute force, independently of the library: whether the player to move
/// wins (a, b) and the remoteness.
fn wythoff_remoteness(a: usize, b: usize) -> (bool, u64) {
    let mut table = vec![vec![(false, 0u64); b + 1]; a + 1];
    for x in 0..=a {
        for y in 0..=b {
            let mut options = Vec::new();
            options.extend((0..x).map(|i| table[i][y]));
            options.extend((0..y).map(|j| table[x][j]));
            options.extend((1..=x.min(y)).map(|k| table[x - k][y - k]));
            let win = options.iter().filter(|o| !o.0).map(|o| o.1).min();
            table[x][y] = match win {
                Some(r) => (true, r + 1),
                None => (false, options.iter().map(|o| o.1 + 1).max().unwrap_or(0)),
            };
        }
    }
    table[a][b]
}

#[test]
fn lost_at_nim_2_2_the_computer_keeps_the_game_going() {
    for seed in 0..8 {
        let c = pick("nim", "2 2", &opts(), "perfect", seed);
        assert!(
            c.position == "2 1" || c.position == "1 2",
            "seed {seed}: {}",
            c.position
        );
    }
}

#[test]
fn perfect_play_lasts_as_long_as_the_loser_can_make_it() {
    let g = lookup("wythoff").unwrap();
    for (a, b) in [(7, 4), (4, 7), (6, 10), (5, 5), (8, 3)] {
        let (first_wins, remoteness) = wythoff_remoteness(a, b);
        for seed in 0..3 {
            let mut rng = SplitMix64::new(seed);
            let mut position = format!("{a} {b}");
            let mut length = 0;
            while !g
                .legal_moves(&words(&position), &opts())
                .unwrap()
                .is_empty()
            {
                let c = choose(
                    &*g,
                    &words(&position),
                    &opts(),
                    Opponent::Perfect,
                    None,
                    &mut rng,
                )
                .unwrap();
                position = c.position;
                length += 1;
            }
            assert_eq!(
                (length, length % 2 == 1),
                (remoteness, first_wins),
                "{a} {b}, seed {seed}"
            );
        }
    }
}

#[test]
fn beyond_the_search_a_lost_computer_takes_one_counter() {
    let c = pick("nim", "1000 1000", &SolveOptions::default(), "perfect", 0);
    assert!(
        c.position == "999 1000" || c.position == "1000 999",
        "{}",
        c.position
    );
}

/// The example of docs/api.md: `{"game": "nim", "position": "3 4 5", "opponent": {"skill":
/// "0.75"}, "seed": 1}` answers the best move.
#[test]
fn the_documented_skilled_reply_holds() {
    let nim = lookup("nim").unwrap();
    let r = reply(
        &*nim,
        &words("3 4 5"),
        &SolveOptions::default(),
        "skill:0.75".parse().unwrap(),
        None,
        1,
    )
    .unwrap();
    assert_eq!(
        (r.label.as_str(), r.position.as_str(), r.choice),
        ("take 2 from heap 1", "1 4 5", ChoiceKind::Best)
    );
}
