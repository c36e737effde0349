//! `sprague play`: a game against the computer (or between two people) in the terminal.
//! The computer's choice is the library's (`sprague::play`); this file reads moves, keeps
//! the history for undo and redo, and prints.

use crate::watch::parse_seconds;
use crate::words::expand_files;
use anyhow::Result;
use sprague::catalogue;
use sprague::play::{self as library, Opponent};
use sprague::render::{board_text, Style};
use sprague::rng::SplitMix64;
use sprague_core::value::Side;
use sprague_games::interface::{Editor, Game, LegalMove, SolveOptions, Verdict, Winner};
use std::io::{BufRead, IsTerminal, Write};
use std::time::Duration;

/// Who the computer is.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Computer {
    /// The computer moves first.
    First,
    /// The computer moves second (you start).
    Second,
    /// No computer: both players type their moves.
    None,
}

/// The arguments of `sprague play`.
#[derive(clap::Args, Debug)]
pub(crate) struct PlayArgs {
    /// The game: NAME or NAME:PARAMS, e.g. `nim`, `bash:3`.
    game: String,
    /// The starting position, as `sprague solve` reads it.
    position: Vec<String>,
    /// Misère play: the player who cannot move wins.
    #[arg(long, conflicts_with = "every")]
    misere: bool,
    /// Every-move compound: the mover moves in every component that can move.
    #[arg(long)]
    every: bool,
    /// How the computer plays: perfect, random, skill:P (perfect with probability P, e.g.
    /// 0.75 or 3/4, else random) or misere-minded (plays as if the game were misère).
    #[arg(long, default_value = "perfect", value_parser = parse_opponent)]
    opponent: Opponent,
    /// Whether the computer moves first, second, or not at all.
    #[arg(long, value_enum, default_value = "second")]
    computer: Computer,
    /// Seed of the computer's choices (the same seed plays the same game).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Token vertex for games on graphs (repeat for several tokens).
    #[arg(long = "token", value_name = "V")]
    tokens: Vec<String>,
    /// Start vertex (geography).
    #[arg(long, value_name = "V")]
    start: Option<String>,
    /// Ground vertex (Hackenbush).
    #[arg(long, value_name = "V")]
    ground: Option<String>,
    /// The most positions one analysis may search.
    #[arg(long, value_name = "N")]
    max_positions: Option<u64>,
    /// Stop one analysis after SECONDS.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
    /// Show hints from the start: who is winning and what each move leads to (`h` turns
    /// them on and off during play).
    #[arg(long)]
    hints: bool,
    #[arg(long, value_name = "N", help = crate::threads::HELP)]
    pub(crate) threads: Option<usize>,
}

fn parse_opponent(text: &str) -> std::result::Result<Opponent, String> {
    text.parse().map_err(|e: sprague_core::Error| e.to_string())
}

/// A game in progress: the positions so far (the first is the start), and where play is
/// (after undo, the steps beyond `at` can be redone).
struct Session {
    game: Box<dyn Game>,
    args: PlayArgs,
    /// The positions so far as written; the start is kept as its words instead (a graph
    /// read from a file may hold line breaks and comments that joining would lose).
    history: Vec<String>,
    start: Vec<String>,
    at: usize,
    rng: SplitMix64,
    hints: bool,
    interactive: bool,
    /// How the entry draws a position, and whether in colour (standard output a terminal).
    editor: Editor,
    style: Style,
}

pub(crate) fn run(args: PlayArgs) -> Result<()> {
    let game = crate::script::lookup(&args.game)?;
    let start = expand_files(args.position.clone())?;
    let interactive = std::io::stdin().is_terminal();
    let editor = catalogue::find_entry(catalogue::split_spec(&args.game).0)
        .map_or(Editor::Text, |e| e.editor);
    let style = Style {
        colour: std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    };
    let hints = args.hints;
    let mut s = Session {
        rng: SplitMix64::new(args.seed),
        game,
        args,
        history: vec![start.join(" ")],
        start,
        at: 0,
        hints,
        interactive,
        editor,
        style,
    };
    // The start must be a position of the game: an error now, not at the first move.
    s.legal()?;
    s.play()
}

impl Session {
    /// The options of an analysis of the current position, with a fresh deadline.
    fn options(&self) -> SolveOptions {
        let a = &self.args;
        let options = SolveOptions {
            misere: a.misere,
            every: a.every,
            tokens: a.tokens.clone(),
            start: a.start.clone(),
            ground: a.ground.clone(),
            max_positions: a.max_positions.unwrap_or(0),
            deadline: a.timeout.and_then(sprague_core::limits::Deadline::after),
            ..SolveOptions::default()
        };
        // After a move, the position writes its tokens, start and ground itself.
        if self.at == 0 {
            options
        } else {
            library::after_move(&options)
        }
    }

    fn words(&self) -> Vec<String> {
        if self.at == 0 {
            return self.start.clone();
        }
        library::words(&self.history[self.at])
    }

    /// Whether the first player is to move at step `i`.
    fn first_to_move(i: usize) -> bool {
        i & 1 == 0
    }

    /// The side to move at step `i` of a partizan game: the first player is Left.
    fn side(i: usize) -> Side {
        if Self::first_to_move(i) {
            Side::Left
        } else {
            Side::Right
        }
    }

    fn computer_moves(&self, i: usize) -> bool {
        match self.args.computer {
            Computer::First => Self::first_to_move(i),
            Computer::Second => !Self::first_to_move(i),
            Computer::None => false,
        }
    }

    /// Who plays at step `i`, for messages.
    fn player(&self, i: usize) -> String {
        let order = if Self::first_to_move(i) {
            "first player"
        } else {
            "second player"
        };
        match self.args.computer {
            Computer::None => format!("the {order}"),
            _ if self.computer_moves(i) => format!("the computer ({order})"),
            _ => format!("you ({order})"),
        }
    }

    fn legal(&self) -> Result<Vec<LegalMove>> {
        Ok(library::legal_moves_of(
            &*self.game,
            &self.words(),
            &self.options(),
            Some(Self::side(self.at)),
        )?)
    }

    fn record(&mut self, m: &LegalMove) {
        let who = if self.args.computer == Computer::None {
            self.player(self.at)
        } else if self.computer_moves(self.at) {
            "computer".to_string()
        } else {
            "you".to_string()
        };
        let side = match m.side {
            Some(Side::Left) => " (Left)",
            Some(Side::Right) => " (Right)",
            None => "",
        };
        println!("{who}{side}: {} → {}", m.label, m.position);
        self.history.truncate(self.at + 1);
        self.history.push(m.position.clone());
        self.at += 1;
    }

    fn play(&mut self) -> Result<()> {
        let stdin = std::io::stdin();
        let mut lines = stdin.lock().lines();
        loop {
            let legal = self.legal()?;
            if legal.is_empty() {
                self.game_over();
                return Ok(());
            }
            if self.computer_moves(self.at) {
                let c = library::choose(
                    &*self.game,
                    &self.words(),
                    &self.options(),
                    self.args.opponent,
                    Some(Self::side(self.at)),
                    &mut self.rng,
                )?;
                let m = LegalMove {
                    label: c.label,
                    position: c.position,
                    side: c.side,
                };
                self.record(&m);
                continue;
            }
            self.show(&legal);
            if self.interactive {
                print!("your move (number, label or position; h hints, u undo, r redo, q quit)> ");
                std::io::stdout().flush()?;
            }
            let Some(line) = lines.next() else {
                if self.interactive {
                    println!();
                }
                eprintln!("standard input ended before the game did");
                return Ok(());
            };
            let line = line?;
            match line.trim() {
                "" => {}
                "q" => return Ok(()),
                "h" => self.hints = !self.hints,
                "u" => self.undo(),
                "r" => self.redo(),
                text => match find(&legal, text) {
                    Some(m) => {
                        let m = m.clone();
                        self.record(&m);
                    }
                    None => eprintln!(
                        "error: `{text}` is not a legal move here (type its number, its label or \
                         the position after it)"
                    ),
                },
            }
        }
    }

    /// The position, who is to move, and the moves; with hints, the verdict and each move's
    /// value and whether it wins.
    fn show(&self, legal: &[LegalMove]) {
        println!();
        println!("position: {}", self.history[self.at]);
        self.draw();
        let side = match legal.first().and_then(|m| m.side) {
            Some(_) if Self::side(self.at) == Side::Left => " as Left",
            Some(_) => " as Right",
            None => "",
        };
        println!("to move: {}{side}", self.player(self.at));
        let verdict = if self.hints {
            match self.game.moves(&self.words(), &self.options()) {
                Ok(v) => Some(v),
                Err(e) => {
                    println!("(no hints: {e})");
                    None
                }
            }
        } else {
            None
        };
        if let Some(v) = &verdict {
            let mut line = format!("outcome: {}", self.standing(v));
            if let (Some(kind), Some(value)) = (v.value_kind, &v.value) {
                line.push_str(&format!("; {} {value}", kind_name(kind)));
            }
            if let Some(r) = v.remoteness {
                line.push_str(&format!("; remoteness {r}"));
            }
            println!("{line}");
        }
        if !self.interactive && !self.hints {
            return;
        }
        println!("moves:");
        for (i, m) in legal.iter().enumerate() {
            let mut line = format!("  {:>2}. {}  → {}", i + 1, m.label, m.position);
            let analysed = verdict.as_ref().and_then(|v| {
                v.moves
                    .iter()
                    .find(|a| a.position == m.position && a.side == m.side)
            });
            if let Some(a) = analysed {
                if let (Some(value), Some(kind)) =
                    (&a.value, verdict.as_ref().and_then(|v| v.value_kind))
                {
                    line.push_str(&format!("  ({} {value})", kind_name(kind)));
                }
                line.push_str(if a.winning {
                    "  wins"
                } else if a.outcome == Some(sprague_games::interface::Winner::Draw) {
                    "  draws"
                } else {
                    "  loses"
                });
                if let Some(r) = a.remoteness {
                    line.push_str(&format!("  remoteness {r}"));
                }
            }
            println!("{line}");
        }
    }

    fn undo(&mut self) {
        match (0..self.at).rev().find(|&i| !self.computer_moves(i)) {
            Some(i) => {
                self.at = i;
                println!("undone: back to {}", self.history[self.at]);
            }
            None => eprintln!("nothing to undo"),
        }
    }

    fn redo(&mut self) {
        if self.at + 1 >= self.history.len() {
            eprintln!("nothing to redo");
            return;
        }
        self.at += 1;
        while self.computer_moves(self.at) && self.at + 1 < self.history.len() {
            self.at += 1;
        }
        println!("redone: back to {}", self.history[self.at]);
    }

    /// The board of the current position, as the entry's editor draws it (nothing for games
    /// typed as text: the position line is their picture).
    fn draw(&self) {
        if let Some(board) = board_text(&self.editor, &self.history[self.at], self.style) {
            print!("{board}");
        }
    }

    /// Who is winning, said from the side of the person at the keyboard: "you are losing"
    /// rather than "second player wins" (which reads as a win for the second player, you).
    fn standing(&self, v: &Verdict) -> String {
        let mover = self.player(self.at);
        let other = self.player(self.at + 1);
        let side = Self::side(self.at);
        // Whether the player to move wins, None for a draw.
        let mover_wins = match v.outcome {
            Winner::First | Winner::N => Some(true),
            Winner::Second | Winner::P => Some(false),
            Winner::L => Some(side == Side::Left),
            Winner::R => Some(side == Side::Right),
            Winner::Draw => None,
        };
        let said = match mover_wins {
            None => "neither player can force a win".to_string(),
            Some(wins) => {
                let winner = if wins { &mover } else { &other };
                match self.args.computer {
                    Computer::None => format!("{winner} is winning"),
                    _ if winner.starts_with("you") => "you are winning".to_string(),
                    _ => "you are losing (the computer is winning)".to_string(),
                }
            }
        };
        format!("{said}; {}", v.outcome.describe())
    }

    /// The player to move cannot move: the game is over.
    fn game_over(&self) {
        let stuck = self.player(self.at);
        let other = self.player(self.at + 1);
        let (winner, rule) = if self.args.misere {
            (
                stuck.clone(),
                "misère play: the player who cannot move wins",
            )
        } else {
            (other, "the player who cannot move loses")
        };
        let verb = if winner.starts_with("you") {
            "win"
        } else {
            "wins"
        };
        println!();
        println!("position: {}", self.history[self.at]);
        self.draw();
        println!(
            "game over at {}: {stuck} cannot move; {winner} {verb} ({rule})",
            self.history[self.at]
        );
    }
}

/// How a value kind is named in one line of hints.
fn kind_name(kind: sprague_games::interface::ValueKind) -> &'static str {
    match kind {
        sprague_games::interface::ValueKind::Grundy => "grundy",
        sprague_games::interface::ValueKind::Gamma => "γ",
        sprague_games::interface::ValueKind::Canonical => "value",
        sprague_games::interface::ValueKind::Step => "step",
    }
}

/// The move a player typed: its label, its number in the list shown, or the position after
/// it (white space as typed does not matter), tried in that order: a number is the list's
/// even where a position is written as the same number.
fn find<'a>(legal: &'a [LegalMove], text: &str) -> Option<&'a LegalMove> {
    let typed = library::words(text).join(" ");
    legal
        .iter()
        .find(|m| m.label == text)
        .or_else(|| {
            text.parse::<usize>()
                .ok()
                .and_then(|i| i.checked_sub(1))
                .and_then(|i| legal.get(i))
        })
        .or_else(|| legal.iter().find(|m| m.position == typed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_found_by_label_position_or_number() {
        let legal = vec![
            LegalMove {
                label: "take 1 from heap 1".into(),
                position: "0 2".into(),
                side: None,
            },
            LegalMove {
                label: "take 1 from heap 2".into(),
                position: "1 1".into(),
                side: None,
            },
        ];
        assert_eq!(find(&legal, "take 1 from heap 2").unwrap().position, "1 1");
        assert_eq!(find(&legal, " 1   1 ").unwrap().position, "1 1");
        assert_eq!(find(&legal, "1").unwrap().position, "0 2");
        // A heap of 3: the first move listed leads to 2, the second to 1.
        let single: Vec<LegalMove> = [("take 1 from heap 1", "2"), ("take 2 from heap 1", "1")]
            .iter()
            .map(|&(label, position)| LegalMove {
                label: label.into(),
                position: position.into(),
                side: None,
            })
            .collect();
        assert_eq!(find(&single, "1").unwrap().position, "2");
        assert_eq!(find(&single, "2").unwrap().position, "1");
        assert!(find(&legal, "3").is_none() && find(&legal, "0").is_none());
        assert!(find(&legal, "take 5").is_none());
    }

    #[test]
    fn bad_opponents_are_refused_with_the_choices() {
        let e = parse_opponent("smart").unwrap_err();
        assert!(
            e.contains("perfect, random, misere-minded or skill:P"),
            "{e}"
        );
        assert_eq!(
            parse_opponent("skill:0.5").unwrap().to_string(),
            "skill:1/2"
        );
    }
}
