//! The tokenizer of CGSuite's notation: numbers, slashes, braces, the up/star literals,
//! words (method and catalogue names), quoted positions and the comparison operators.

use crate::error::{Error, Result};
use num_bigint::BigInt;

/// A comparison between two games, written as CGSuite writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// `<=`
    Le,
    /// `>=`
    Ge,
    /// `<` (written `<` between expressions)
    Lt,
    /// `>`
    Gt,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<|`: less than or confused with
    LessOrConfused,
    /// `|>`: greater than or confused with
    GreaterOrConfused,
    /// `<>`: confused with
    Confused,
}

impl Relation {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            Relation::Le => "<=",
            Relation::Ge => ">=",
            Relation::Lt => "<",
            Relation::Gt => ">",
            Relation::Eq => "==",
            Relation::Ne => "!=",
            Relation::LessOrConfused => "<|",
            Relation::GreaterOrConfused => "|>",
            Relation::Confused => "<>",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
    Int(BigInt),
    Slash(usize),
    LBrace,
    RBrace,
    LParen,
    RParen,
    Comma,
    Plus,
    Minus,
    PlusMinus,
    Frac,
    Star,
    Up,
    Down,
    /// `<`: up-nth `^<n>`, or less-than between expressions.
    Lt,
    /// `>`: the end of `^<n>`, or greater-than between expressions.
    Gt,
    LBrack,
    RBrack,
    Dot,
    Colon,
    /// A comparison other than `<` and `>`.
    Rel(Relation),
    /// A word: `Tiny`, a method (`Cool`), a catalogue name (`domineering`), `Left`.
    Word(String),
    /// A quoted position: `"..|.."`.
    Str(String),
}

pub(super) fn describe(t: &Tok) -> String {
    match t {
        Tok::Int(n) => n.to_string(),
        Tok::Slash(k) => "|".repeat(*k),
        Tok::LBrace => "{".into(),
        Tok::RBrace => "}".into(),
        Tok::LParen => "(".into(),
        Tok::RParen => ")".into(),
        Tok::Comma => ",".into(),
        Tok::Plus => "+".into(),
        Tok::Minus => "-".into(),
        Tok::PlusMinus => "+-".into(),
        Tok::Frac => "/".into(),
        Tok::Star => "*".into(),
        Tok::Up => "^".into(),
        Tok::Down => "v".into(),
        Tok::Lt => "<".into(),
        Tok::Gt => ">".into(),
        Tok::LBrack => "[".into(),
        Tok::RBrack => "]".into(),
        Tok::Dot => ".".into(),
        Tok::Colon => ":".into(),
        Tok::Rel(r) => r.symbol().into(),
        Tok::Word(w) => w.clone(),
        Tok::Str(s) => format!("\"{s}\""),
    }
}

/// The tokens of `s`. A word is letters, digits and `_` (and `-` between letters, for
/// catalogue names such as `toads-and-frogs`); a word of `v`s alone is that many downs
/// (`vv`, and `v3` is `v` then 3).
pub(super) fn tokenize(s: &str) -> Result<Vec<Tok>> {
    let cs: Vec<char> = s.chars().collect();
    let mut i = 0;
    let mut out = Vec::new();
    // Inside CGSuite's quotes for an explicit game form, `'{*|*}'`.
    let mut quoted = false;
    while i < cs.len() {
        let c = cs[i];
        let next = cs.get(i + 1).copied();
        match c {
            c if c.is_whitespace() => i += 1,
            '0'..='9' => {
                let st = i;
                while i < cs.len() && cs[i].is_ascii_digit() {
                    i += 1;
                }
                let text: String = cs[st..i].iter().collect();
                out.push(Tok::Int(text.parse().map_err(|_| {
                    Error::parse(format!("bad number `{text}` in game `{s}`"))
                })?));
            }
            '|' => {
                let st = i;
                while i < cs.len() && cs[i] == '|' {
                    i += 1;
                }
                if i - st == 1 && cs.get(i) == Some(&'>') {
                    out.push(Tok::Rel(Relation::GreaterOrConfused));
                    i += 1;
                } else {
                    out.push(Tok::Slash(i - st));
                }
            }
            '+' if next == Some('-') => {
                out.push(Tok::PlusMinus);
                i += 2;
            }
            '<' | '>' | '=' | '!'
                if matches!(
                    (c, next),
                    ('<' | '>' | '=' | '!', Some('=')) | ('<', Some('>'))
                ) || (c == '<' && next == Some('|') && cs.get(i + 2) != Some(&'|')) =>
            {
                let rel = match (c, next) {
                    ('<', Some('=')) => Relation::Le,
                    ('>', Some('=')) => Relation::Ge,
                    ('=', _) => Relation::Eq,
                    ('!', _) => Relation::Ne,
                    ('<', Some('>')) => Relation::Confused,
                    _ => Relation::LessOrConfused,
                };
                out.push(Tok::Rel(rel));
                i += 2;
            }
            // `'{*|*}'` is CGSuite's explicit (not simplified) game form: here every game
            // in braces keeps its form where the form matters (misère play), so the quotes
            // group like parentheses.
            '\'' => {
                out.push(if quoted { Tok::RParen } else { Tok::LParen });
                quoted = !quoted;
                i += 1;
            }
            '"' => {
                let st = i + 1;
                let Some(len) = cs[st..].iter().position(|&q| q == '"') else {
                    return Err(Error::parse(format!(
                        "unclosed `\"` at position {} in game `{s}`",
                        i + 1
                    )));
                };
                out.push(Tok::Str(cs[st..st + len].iter().collect()));
                i = st + len + 1;
            }
            c if c.is_ascii_alphabetic() || c == '_' => {
                let st = i;
                while i < cs.len() && (cs[i].is_ascii_alphabetic() || cs[i] == '_') {
                    i += 1;
                }
                if cs[st..i].iter().all(|&v| v == 'v') {
                    out.extend(std::iter::repeat_n(Tok::Down, i - st));
                    continue;
                }
                while i < cs.len()
                    && (cs[i].is_ascii_alphanumeric()
                        || cs[i] == '_'
                        || (cs[i] == '-' && cs.get(i + 1).is_some_and(|d| d.is_ascii_alphabetic())))
                {
                    i += 1;
                }
                out.push(Tok::Word(cs[st..i].iter().collect()));
            }
            _ => {
                out.push(match c {
                    '±' => Tok::PlusMinus,
                    '{' => Tok::LBrace,
                    '}' => Tok::RBrace,
                    '(' => Tok::LParen,
                    ')' => Tok::RParen,
                    ',' => Tok::Comma,
                    '+' => Tok::Plus,
                    '-' | '−' => Tok::Minus,
                    '/' => Tok::Frac,
                    '*' => Tok::Star,
                    '^' | '↑' => Tok::Up,
                    '↓' => Tok::Down,
                    '<' => Tok::Lt,
                    '>' => Tok::Gt,
                    '[' => Tok::LBrack,
                    ']' => Tok::RBrack,
                    '.' => Tok::Dot,
                    ':' => Tok::Colon,
                    _ => {
                        return Err(Error::parse(format!(
                            "unexpected character `{c}` at position {} in game `{s}`",
                            i + 1
                        )))
                    }
                });
                i += 1;
            }
        }
    }
    if quoted {
        return Err(Error::parse(format!("unclosed `'` in game `{s}`")));
    }
    Ok(out)
}
