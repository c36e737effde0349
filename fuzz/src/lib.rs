//! Shared helpers of the fuzz targets: fuzz bytes into choices, text and command-line words,
//! and the checks every target makes on a game.
//!
//! A target treats every `Err` as a fine answer; only a panic, an abort, a timeout or a
//! memory blow-up is a finding. The one extra oracle: a position the library itself wrote
//! (the position of a verdict, of a legal move) must read back without a parse error.

use sprague::catalogue::lookup;

use sprague_games::interface::{Game, SolveOptions};
use sprague_core::Error;

/// The search limit of every fuzzed solve: small, so that one input cannot run for long.
pub const SMALL_LIMIT: u64 = 2_000;

/// The deadline of every fuzzed solve. Under AddressSanitizer and coverage counters some
/// legal work runs 50 times slower than in a release build (a table of 2000 heaps of a
/// game splitting heaps into three: 0.4 s in release, 25 s here), so the deadline is what
/// bounds one input; a search that ignores it still runs into the fuzzer's own timeout
/// (`FUZZ_TIMEOUT`), which is then a finding.
pub const SMALL_DEADLINE: std::time::Duration = std::time::Duration::from_secs(5);

/// The longest text a target hands to a parser (bytes, before UTF-8 repair).
pub const MAX_TEXT: usize = 512;

/// Fuzz bytes read front to back: single bytes for choices, the rest as text.
pub struct Input<'a> {
    data: &'a [u8],
}

impl<'a> Input<'a> {
    /// Reads `data` from its start.
    pub fn new(data: &'a [u8]) -> Self {
        Input { data }
    }

    /// The next byte, 0 once the bytes are used up.
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    /// One of `items`, chosen by the next byte.
    pub fn choose<'t, T>(&mut self, items: &'t [T]) -> &'t T {
        &items[usize::from(self.byte()) % items.len()]
    }

    /// The bytes not read yet, at most `max` of them.
    pub fn rest_bytes(&self, max: usize) -> &'a [u8] {
        &self.data[..self.data.len().min(max)]
    }

    /// The bytes not read yet as text (invalid UTF-8 replaced), at most `max` bytes of them.
    pub fn rest_text(&self, max: usize) -> String {
        String::from_utf8_lossy(self.rest_bytes(max)).into_owned()
    }
}

/// Text split into command-line words at white space, as a shell would pass them.
pub fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// Small search options; the bits of `flags` choose misère and every-move play.
pub fn small_options(flags: u8) -> SolveOptions {
    SolveOptions {
        misere: flags & 1 != 0,
        every: flags & 2 != 0,
        max_positions: SMALL_LIMIT,
        deadline: sprague_core::limits::Deadline::after(SMALL_DEADLINE),
        ..SolveOptions::default()
    }
}

/// Parameter shapes beside the catalogue's examples, so that each family's parameter
/// parsers are exercised in their other forms too.
const MORE_SPECS: &[&str] = &[
    "subtraction:allbut:2,3,7",
    "octal:4.07",
    "coins:up-to:3",
    "coins:run:2",
    "tartan:twins*ruler",
    "tartan:mock-turtles*run:2",
];

/// The games the position targets play: the spec of every example of every catalogue
/// entry (the catalogue is the one list of games), and [`MORE_SPECS`].
pub fn position_games() -> &'static [&'static str] {
    static SPECS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    SPECS.get_or_init(|| {
        let mut specs: Vec<&'static str> = sprague::catalogue::entries()
            .iter()
            .flat_map(|e| e.examples.iter().map(|x| x.spec))
            .chain(MORE_SPECS.iter().copied())
            .collect();
        specs.sort_unstable();
        specs.dedup();
        specs
    })
}

/// The games whose positions are boards, strips or pictures: those the catalogue draws on a
/// grid or a strip, and the partizan games.
pub fn board_games() -> &'static [&'static str] {
    use sprague_games::interface::{Editor, Players};
    static SPECS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    SPECS.get_or_init(|| {
        let mut specs: Vec<&'static str> = sprague::catalogue::entries()
            .iter()
            .filter(|e| {
                matches!(e.editor, Editor::Grid { .. } | Editor::Strip { .. })
                    || e.players == Players::Partizan
            })
            .flat_map(|e| e.examples.iter().map(|x| x.spec))
            .collect();
        specs.sort_unstable();
        specs.dedup();
        specs
    })
}

/// Builds a game of a fixed list; a spec that does not build is a bug of the list.
pub fn game(spec: &str) -> Box<dyn Game> {
    match lookup(spec) {
        Ok(g) => g,
        Err(e) => panic!("fuzz list: `{spec}` does not build: {e}"),
    }
}

/// Whether an error says that text the library wrote does not read back.
fn is_parse_error(e: &Error) -> bool {
    matches!(
        e,
        Error::Parse(_) | Error::InvalidPosition(_) | Error::BadParams { .. }
    )
}

/// Asks `game` about `position` in the way `op` chooses (solve, moves, legal moves, apply),
/// with small limits; errors are fine. Positions the library writes must read back.
pub fn exercise(game: &dyn Game, position: &[String], op: u8) {
    exercise_with(game, position, op, &reread);
}

/// [`exercise`] for a game defined by a rules script. Positions the library writes must
/// read back as script positions (`rules::words::parse`), but the script is not asked
/// about them: a script may well produce an option that its own functions then refuse,
/// which is the script's error, reported to its author as such, not the library's.
pub fn exercise_script(game: &dyn Game, position: &[String], op: u8) {
    exercise_with(game, position, op, &|game, position, _| {
        if let Err(e) = sprague_games::script::words::parse(&words(position)) {
            panic!(
                "{}: the library wrote `{position}` but does not read it back: {e}",
                game.spec()
            );
        }
    });
}

/// Reads back a position the library wrote, failing the run if it cannot.
type ReadBack<'a> = &'a dyn Fn(&dyn Game, &str, &SolveOptions);

fn exercise_with(game: &dyn Game, position: &[String], op: u8, reread: ReadBack<'_>) {
    let options = small_options(op >> 2);
    match op & 3 {
        0 => {
            if let Ok(v) = game.solve(position, &options) {
                reread(game, &v.position, &options);
                if let Some(m) = v.moves.first() {
                    reread(game, &m.position, &options);
                }
            }
        }
        1 => {
            if let Ok(v) = game.moves(position, &options) {
                reread(game, &v.position, &options);
                if let Some(m) = v.moves.last() {
                    reread(game, &m.position, &options);
                }
            }
        }
        2 => {
            if let Ok(moves) = game.legal_moves(position, &options) {
                for m in moves.iter().take(3) {
                    reread(game, &m.position, &options);
                }
            }
        }
        _ => {
            if let Ok(after) = game.apply(position, "1", &options) {
                reread(game, &after, &options);
            }
        }
    }
}

/// A position the library wrote must parse again (a search limit or an unsupported request
/// is fine; a parse error is a bug).
fn reread(game: &dyn Game, position: &str, options: &SolveOptions) {
    let again = words(position);
    if let Err(e) = game.legal_moves(&again, options) {
        assert!(
            !is_parse_error(&e),
            "{}: the library wrote `{position}` but does not read it back: {e}",
            game.spec()
        );
    }
}
