//! The take-and-break games of the catalogue: the codes (`octal:0.77`, `hex:0.F`) and the
//! named games (Kayles, Dawson's Kayles, ...), each an entry built from its code.

use super::game::{Known, OctalGame};
use super::period::Period;
use super::rules::{HeapRules, TakeAndBreak};
use super::values::Values;
use crate::error::Result;
use crate::impartial::GrundySolver;
use crate::interface::{Editor, Example, Picture, Play, Players, Solution};
use crate::interface::{Entry, Game, SolveOptions};
use num_bigint::BigUint;

/// The take-and-break game of the catalogue entry `name` (its canonical name) with the
/// parameters written after it, if the entry is one (`kayles`, `octal` with `0.77`, ...).
/// The facade's catalogue finds it from a spec.
pub fn octal_game_named(name: &str, params: Option<&str>) -> Result<Option<OctalGame>> {
    let entry_name = name;
    let rules = match entry_name {
        "octal" | "hex" => {
            let code = params.ok_or_else(|| {
                crate::error::Error::bad_params(entry_name, "write the code, e.g. `octal:0.77`")
            })?;
            TakeAndBreak::parse(code, entry_name == "hex")?
        }
        "kayles" => named("0.77", "kayles"),
        "dawson-kayles" => named("0.07", "dawson-kayles"),
        "dawson-chess" => named("0.137", "dawson-chess"),
        "officers" => named("0.6", "officers"),
        "grundy-game" => TakeAndBreak::grundy_game(),
        "lasker-nim" => TakeAndBreak::lasker_nim(),
        _ => return Ok(None),
    };
    if params.is_some() && !matches!(entry_name, "octal" | "hex") {
        return Err(crate::error::Error::bad_params(
            entry_name,
            "this game takes no parameters",
        ));
    }
    Ok(Some(OctalGame { rules }))
}

fn named(code: &str, name: &str) -> TakeAndBreak {
    let mut r = TakeAndBreak::parse(code, false).expect("a valid built-in code");
    r.name = name.to_string();
    r
}

macro_rules! builder {
    ($f:ident, $name:literal) => {
        fn $f(params: Option<&str>) -> Result<Box<dyn Game>> {
            Ok(Box::new(
                octal_game_named($name, params)?.expect("registered"),
            ))
        }
    };
}
builder!(build_octal, "octal");
builder!(build_hex, "hex");
builder!(build_kayles, "kayles");
builder!(build_dawson_kayles, "dawson-kayles");
builder!(build_dawson_chess, "dawson-chess");
builder!(build_officers, "officers");
builder!(build_grundy, "grundy-game");
builder!(build_lasker, "lasker-nim");

const CODE_RULES: &str = "Heaps of stones. A code d0.d1d2… says what a move may do: removing j stones from one heap (j ≥ 1) may leave no heap if bit 1 of d_j is set, one non-empty heap if bit 2 is set, two non-empty heaps if bit 4 is set, and (hexadecimal) three non-empty heaps if bit 8 is set. d0 governs splitting a heap without removing anything (bit 4: into two, bit 8: into three). The player who cannot move loses.";
const CODE_THEOREM: &str = "Sprague–Grundy: a position's value is the XOR of its heaps' values. Heap values are computed by the sparse-space method (rare and common values); periods are reported only when proven by the periodicity theorem (Guy–Smith: g(n+p) = g(n) for n0 ≤ n < 2·n0 + p + t proves it for all n ≥ n0; 3·n0 + 2p + t for hexadecimal three-heap splits). Heaps beyond the table use a proven period. Misère play: through the misère quotient (Plambeck–Siegel) where it is computed within the limits — a proven period of its pretending function decides sums of heaps of any size — else exact search.";
const REFS: &str = "Berlekamp, Conway, Guy, Winning Ways, ch. 4; Guy & Smith (1956), The G-values of various games; Gangolli & Plambeck (1989); Flammenkamp, octal game tables; Plambeck & Siegel, Misère quotients for impartial games, JCTA 115 (2008).";

/// The catalogue entry of `octal`.
pub fn octal() -> Entry {
    Entry {
        name: "octal",
        aliases: &["octal-game"],
        usage: "octal:D0.D1D2… HEAP...",
        summary: "take-and-break game from an octal code (e.g. octal:0.77, octal:4.07)",
        rules: CODE_RULES,
        theorem: CODE_THEOREM,
        references: REFS,
        examples: const {
            &[
                Example::normal("octal:0.77", "5 7"),
                Example::normal("octal:0.137", "9"),
            ]
        },
        editor: Editor::Heaps,
        players: Players::Impartial,
        pictures: &[Picture::Grundy],
        solution: Solution::Search,
        build: build_octal,
    }
}

/// The catalogue entry of `hex`.
pub fn hex() -> Entry {
    Entry {
        name: "hex",
        aliases: &["hexadecimal"],
        usage: "hex:D0.D1D2… HEAP...",
        summary: "take-and-break game from a hexadecimal code (e.g. hex:0.F)",
        rules: CODE_RULES,
        theorem: CODE_THEOREM,
        references: REFS,
        examples: const {
            &[
                Example::normal("hex:0.F", "5 6"),
                Example::normal("hex:0.F", "6 3"),
            ]
        },
        editor: Editor::Heaps,
        players: Players::Impartial,
        pictures: &[Picture::Grundy],
        solution: Solution::Search,
        build: build_hex,
    }
}

/// The catalogue entry of `kayles`.
pub fn kayles() -> Entry {
    Entry {
        name: "kayles",
        aliases: &[],
        usage: "kayles HEAP...",
        summary: "Kayles, octal 0.77: knock down one or two adjacent pins",
        rules: "Octal 0.77: remove one or two stones from a heap, leaving zero, one or two heaps.",
        theorem: "Grundy values are periodic: preperiod 71, period 12 (proven by the periodicity theorem).",
        references: REFS,
        examples: const {
            &[
                Example::normal("kayles", "3 4"),
                Example::plays("kayles", "8", &[Play::Misere]),
            ]
        },
        editor: Editor::Heaps,
        players: Players::Impartial,
        pictures: &[Picture::Grundy],
        solution: Solution::Theorem { check: check_kayles },
        build: build_kayles,
    }
}

/// The catalogue entry of `dawson-kayles`.
pub fn dawson_kayles() -> Entry {
    Entry {
        name: "dawson-kayles",
        aliases: &["dawsons-kayles"],
        usage: "dawson-kayles HEAP...",
        summary: "Dawson's Kayles, octal 0.07",
        rules: "Octal 0.07: remove two stones from a heap, leaving zero, one or two heaps.",
        theorem: "Grundy values are periodic: preperiod 53, period 34.",
        references: REFS,
        examples: const {
            &[
                Example::normal("dawson-kayles", "5 9"),
                Example::normal("dawson-kayles", "7"),
            ]
        },
        editor: Editor::Heaps,
        players: Players::Impartial,
        pictures: &[Picture::Grundy],
        solution: Solution::Theorem {
            check: check_dawson_kayles,
        },
        build: build_dawson_kayles,
    }
}

/// The catalogue entry of `dawson-chess`.
pub fn dawson_chess() -> Entry {
    Entry {
        name: "dawson-chess",
        aliases: &["dawsons-chess"],
        usage: "dawson-chess HEAP...",
        summary: "Dawson's Chess, octal 0.137",
        rules: "Octal 0.137: remove a heap of one, two stones leaving zero or one heap, or three stones leaving any.",
        theorem: "Dawson's Kayles shifted by one: preperiod 52, period 34.",
        references: REFS,
        examples: const {
            &[
                Example::normal("dawson-chess", "6 4"),
                Example::normal("dawson-chess", "6"),
            ]
        },
        editor: Editor::Heaps,
        players: Players::Impartial,
        pictures: &[Picture::Grundy],
        solution: Solution::Theorem { check: check_dawson_chess },
        build: build_dawson_chess,
    }
}

/// The catalogue entry of `officers`.
pub fn officers() -> Entry {
    Entry {
        name: "officers",
        aliases: &[],
        usage: "officers HEAP...",
        summary: "Officers, octal 0.6 (periodicity open)",
        rules: "Octal 0.6: remove one stone from a heap, leaving one or two non-empty heaps.",
        theorem: "No period is known; values are computed.",
        references: REFS,
        examples: const {
            &[
                Example::normal("officers", "7 9"),
                Example::normal("officers", "10"),
            ]
        },
        editor: Editor::Heaps,
        players: Players::Impartial,
        pictures: &[Picture::Grundy],
        solution: Solution::Search,
        build: build_officers,
    }
}

/// The catalogue entry of `grundy-game`.
pub fn grundy_game() -> Entry {
    Entry {
        name: "grundy-game",
        aliases: &["grundys-game"],
        usage: "grundy-game HEAP...",
        summary: "Grundy's game: split a heap into two unequal heaps",
        rules: "Split one heap into two non-empty heaps of different sizes.",
        theorem:
            "No period is known; values are computed (the periodicity theorem does not apply).",
        references: REFS,
        examples: const {
            &[
                Example::normal("grundy-game", "7 10"),
                Example::normal("grundy-game", "9"),
            ]
        },
        editor: Editor::Heaps,
        players: Players::Impartial,
        pictures: &[Picture::Grundy],
        solution: Solution::Search,
        build: build_grundy,
    }
}

/// The catalogue entry of `lasker-nim`.
pub fn lasker_nim() -> Entry {
    Entry {
        name: "lasker-nim",
        aliases: &["laskers-nim"],
        usage: "lasker-nim HEAP...",
        summary: "Lasker's Nim: take any number, or split a heap in two",
        rules: "Remove any positive number of stones from one heap, or split a heap into two non-empty heaps.",
        theorem: "g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3.",
        references: REFS,
        examples: const {
            &[
                Example::normal("lasker-nim", "3 5"),
                Example::normal("lasker-nim", "5 2"),
                Example::normal("lasker-nim", "1000000000000"),
            ]
        },
        editor: Editor::Heaps,
        players: Players::Impartial,
        pictures: &[Picture::Grundy],
        solution: Solution::Theorem { check: check_lasker_nim },
        build: build_lasker,
    }
}

// The checks of the named games' theorems (their entries' `Solution::Theorem`): the values
// the catalogue answers heaps with, against the engine's search of the rules.

/// Kayles' published period (Guy & Smith 1956; Winning Ways ch. 4).
pub(crate) const KAYLES_PERIOD: Period = Period {
    preperiod: 71,
    period: 12,
};
/// Dawson's Kayles' published period (Guy & Smith 1956; Winning Ways ch. 4).
pub(crate) const DAWSON_KAYLES_PERIOD: Period = Period {
    preperiod: 53,
    period: 34,
};
/// Dawson's Chess' published period: Dawson's Kayles shifted by one heap.
pub(crate) const DAWSON_CHESS_PERIOD: Period = Period {
    preperiod: 52,
    period: 34,
};

/// Lasker's Nim is checked on heaps `0..=LASKER_HEAPS`: past the 64 values the catalogue
/// tabulates, so that some heaps are answered by the formula alone.
const LASKER_HEAPS: u64 = 100;

fn check_kayles() -> std::result::Result<u64, String> {
    periodic_against_search("kayles", KAYLES_PERIOD)
}

fn check_dawson_kayles() -> std::result::Result<u64, String> {
    periodic_against_search("dawson-kayles", DAWSON_KAYLES_PERIOD)
}

fn check_dawson_chess() -> std::result::Result<u64, String> {
    periodic_against_search("dawson-chess", DAWSON_CHESS_PERIOD)
}

/// Lasker's formula, both as the catalogue answers heaps (its table first) and alone,
/// against the engine on every heap up to [`LASKER_HEAPS`].
fn check_lasker_nim() -> std::result::Result<u64, String> {
    let game = named_game("lasker-nim")?;
    let known = known_for_a_huge_heap(&game)?;
    if !known.formula {
        return Err(
            "lasker-nim: heaps beyond the table are not answered by Lasker's formula".into(),
        );
    }
    let formula_alone = Known {
        values: Values::default(),
        period: None,
        formula: true,
    };
    values_against_search(&game, &[&known, &formula_alone], LASKER_HEAPS)
}

/// The game of a take-and-break entry without parameters.
fn named_game(name: &str) -> std::result::Result<OctalGame, String> {
    octal_game_named(name, None)
        .map_err(|e| format!("{name}: {e}"))?
        .ok_or_else(|| format!("`{name}` is not a take-and-break game"))
}

/// What the catalogue knows when asked about a heap beyond every table: the values it grew
/// until the periodicity theorem proved a period (or, for Lasker's Nim, its formula).
fn known_for_a_huge_heap(game: &OctalGame) -> std::result::Result<Known, String> {
    let huge = BigUint::from(1u32) << 100u32;
    game.known(&huge, &SolveOptions::default())
        .map_err(|e| format!("{}: {e}", game.rules.name))
}

/// A game whose period is published: the period the catalogue proves is that one, and the
/// values it answers heaps with agree with the engine on every heap its proof read and one
/// period beyond, both from its table and from the period alone (as heaps beyond the table
/// are answered).
fn periodic_against_search(name: &str, published: Period) -> std::result::Result<u64, String> {
    let game = named_game(name)?;
    let known = known_for_a_huge_heap(&game)?;
    if known.period != Some(published) {
        return Err(format!(
            "{name}: the proven period is {:?}, the published one {published:?}",
            known.period
        ));
    }
    // The least table the period needs: one period of values after the preperiod.
    let repeated = (published.preperiod + published.period) as usize;
    let period_alone = Known {
        values: Values::from_u32(&known.values.to_u32()[..repeated]),
        period: known.period,
        formula: false,
    };
    let heaps = known.values.len() as u64 + published.period;
    let compared = values_against_search(&game, &[&known, &period_alone], heaps)?;
    // The period itself was compared too.
    Ok(compared + 1)
}

/// Compares the values each of `knowns` gives single heaps `0..=heaps`, as the catalogue
/// answers them (from the table, the proven period or Lasker's formula), with the engine's
/// search of the game's rules. Returns how many values were compared.
pub(crate) fn values_against_search(
    game: &OctalGame,
    knowns: &[&Known],
    heaps: u64,
) -> std::result::Result<u64, String> {
    let rules = HeapRules(game.rules.clone());
    let mut search = GrundySolver::new(&rules);
    let name = &game.rules.name;
    let mut compared = 0;
    for n in 0..=heaps {
        let heap = if n == 0 { vec![] } else { vec![n] };
        let searched = search
            .grundy(&heap)
            .map_err(|e| format!("{name} heap {n}: search failed: {e}"))?
            .value();
        for known in knowns {
            let claimed = known
                .value(&game.rules, &BigUint::from(n))
                .map_err(|e| format!("{name} heap {n}: {e}"))?;
            compared += 1;
            if claimed != BigUint::from(searched) {
                return Err(format!(
                    "{name} heap {n}: Grundy value {claimed} by the catalogue, {searched} by search"
                ));
            }
        }
    }
    Ok(compared)
}

/// Every take-and-break entry, for the tests of this family (the catalogue's registry
/// lists them one by one).
#[cfg(test)]
pub(crate) fn all() -> Vec<Entry> {
    vec![
        octal(),
        hex(),
        kayles(),
        dawson_kayles(),
        dawson_chess(),
        officers(),
        grundy_game(),
        lasker_nim(),
    ]
}
