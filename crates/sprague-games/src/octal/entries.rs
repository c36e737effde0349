//! The take-and-break games of the catalogue: the codes (`octal:0.77`, `hex:0.F`) and the
//! named games (Kayles, Dawson's Kayles, ...), each an entry built from its code.

use super::game::OctalGame;
use super::rules::TakeAndBreak;
use crate::error::Result;
use crate::interface::{Entry, Game};

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
const CODE_THEOREM: &str = "Sprague–Grundy: a position's value is the XOR of its heaps' values. Heap values are computed by the sparse-space method (rare and common values); periods are reported only when proven by the periodicity theorem (Guy–Smith: g(n+p) = g(n) for n0 ≤ n < 2·n0 + p + t proves it for all n ≥ n0; 3·n0 + 2p + t for hexadecimal three-heap splits). Heaps beyond the table use a proven period. Misère play: exact search.";
const REFS: &str = "Berlekamp, Conway, Guy, Winning Ways, ch. 4; Guy & Smith (1956), The G-values of various games; Gangolli & Plambeck (1989); Flammenkamp, octal game tables.";

/// The catalogue entries of this module.
pub fn entries() -> Vec<Entry> {
    let e = |name, aliases, usage, summary, rules, theorem, build| Entry {
        name,
        aliases,
        usage,
        summary,
        rules,
        theorem,
        references: REFS,
        build,
    };
    vec![
        e("octal", &["octal-game"], "octal:D0.D1D2…", "take-and-break game from an octal code (e.g. octal:0.77, octal:4.07)", CODE_RULES, CODE_THEOREM, build_octal as fn(Option<&str>) -> Result<Box<dyn Game>>),
        e("hex", &["hexadecimal"], "hex:D0.D1D2…", "take-and-break game from a hexadecimal code (e.g. hex:0.F)", CODE_RULES, CODE_THEOREM, build_hex),
        e("kayles", &[], "", "Kayles, octal 0.77: knock down one or two adjacent pins", "Octal 0.77: remove one or two stones from a heap, leaving zero, one or two heaps.", "Grundy values are periodic: preperiod 71, period 12 (proven by the periodicity theorem).", build_kayles),
        e("dawson-kayles", &["dawsons-kayles"], "", "Dawson's Kayles, octal 0.07", "Octal 0.07: remove two stones from a heap, leaving zero, one or two heaps.", "Grundy values are periodic: preperiod 53, period 34.", build_dawson_kayles),
        e("dawson-chess", &["dawsons-chess"], "", "Dawson's Chess, octal 0.137", "Octal 0.137: remove a heap of one, two stones leaving zero or one heap, or three stones leaving any.", "Dawson's Kayles shifted by one: preperiod 52, period 34.", build_dawson_chess),
        e("officers", &[], "", "Officers, octal 0.6 (periodicity open)", "Octal 0.6: remove one stone from a heap, leaving one or two non-empty heaps.", "No period is known; values are computed.", build_officers),
        e("grundy-game", &["grundys-game"], "", "Grundy's game: split a heap into two unequal heaps", "Split one heap into two non-empty heaps of different sizes.", "No period is known; values are computed (the periodicity theorem does not apply).", build_grundy),
        e("lasker-nim", &["laskers-nim"], "", "Lasker's Nim: take any number, or split a heap in two", "Remove any positive number of stones from one heap, or split a heap into two non-empty heaps.", "g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3.", build_lasker),
    ]
}
