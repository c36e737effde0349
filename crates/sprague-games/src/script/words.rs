//! Positions of a rules script as command-line words, read and written back.
//!
//! `+` separates the components of a sum. A component of one word is an integer (`7`,
//! `-2`) or else a string (`abba`; `"…"` quotes a string that would read otherwise, such
//! as `"12"`, `""` or one with spaces). A component of several words is an array of them
//! (`3 5` is `[3, 5]`); brackets write any array (`[]`, `[4]`, `[1, 2]`), and arrays nest
//! (`10 [1, 3]` is `[10, [1, 3]]`, `[2, 3] [4, 3]` a sum of two sheets in one position).
//! What this module writes, it reads back as the same position.

use super::ScriptPosition;
use crate::error::{Error, Result};

/// The most components a position may have, and the most elements an array may have:
/// a script's own limit on arrays.
const MAX_ITEMS: usize = super::LIMITS.array_size;

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Plus,
    Word(String),
    Quoted(String),
    Bracket(Vec<Token>),
}

/// Reads the words after the spec into the components of a sum.
pub fn parse(words: &[String]) -> Result<Vec<ScriptPosition>> {
    let text = words.join(" ");
    let tokens = tokenize(&text)?;
    let mut comps = Vec::new();
    let mut current: Vec<Token> = Vec::new();
    if tokens.is_empty() {
        return Err(Error::parse(
            "no position given: write it after the game, e.g. `7`, `3 5`, `abba`, `7 + 4`",
        ));
    }
    let finish = |current: &mut Vec<Token>, comps: &mut Vec<ScriptPosition>| -> Result<()> {
        if current.is_empty() {
            return Err(Error::parse(format!(
                "`{}`: a `+` must stand between two components",
                text.trim()
            )));
        }
        comps.push(component(std::mem::take(current))?);
        Ok(())
    };
    for t in tokens {
        if t == Token::Plus {
            finish(&mut current, &mut comps)?;
        } else {
            current.push(t);
        }
    }
    finish(&mut current, &mut comps)?;
    if comps.len() > MAX_ITEMS {
        return Err(Error::parse(format!(
            "{} components: at most {MAX_ITEMS}",
            comps.len()
        )));
    }
    Ok(comps)
}

fn component(tokens: Vec<Token>) -> Result<ScriptPosition> {
    match tokens.as_slice() {
        [Token::Bracket(items)] => Ok(ScriptPosition::List(
            items.iter().map(scalar).collect::<Result<Vec<_>>>()?.into(),
        )),
        [one] => scalar(one),
        many => {
            if many.len() > MAX_ITEMS {
                return Err(Error::parse(format!(
                    "a component of {} words: at most {MAX_ITEMS}",
                    many.len()
                )));
            }
            Ok(ScriptPosition::List(
                many.iter().map(scalar).collect::<Result<Vec<_>>>()?.into(),
            ))
        }
    }
}

fn scalar(t: &Token) -> Result<ScriptPosition> {
    Ok(match t {
        Token::Word(w) => match w.parse::<i64>() {
            Ok(n) => ScriptPosition::Int(n),
            Err(_) if looks_numeric(w) => {
                return Err(Error::parse(format!(
                    "`{w}` is not an integer of 64 bits (write `\"{w}\"` for the string)"
                )))
            }
            Err(_) => ScriptPosition::Str(w.as_str().into()),
        },
        Token::Quoted(s) => ScriptPosition::Str(s.as_str().into()),
        Token::Bracket(items) => {
            ScriptPosition::List(items.iter().map(scalar).collect::<Result<Vec<_>>>()?.into())
        }
        Token::Plus => unreachable!("`+` separates components before this"),
    })
}

fn looks_numeric(w: &str) -> bool {
    let digits = w.strip_prefix('-').unwrap_or(w);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

fn tokenize(text: &str) -> Result<Vec<Token>> {
    let mut out = Vec::new();
    // Tokens inside the open brackets, innermost last.
    let mut open: Vec<Vec<Token>> = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some(&(start, c)) = chars.peek() {
        if c.is_whitespace() || (c == ',' && !open.is_empty()) {
            chars.next();
            continue;
        }
        match c {
            '"' => {
                chars.next();
                let mut s = String::new();
                let mut closed = false;
                while let Some((_, c)) = chars.next() {
                    match c {
                        '"' => {
                            closed = true;
                            break;
                        }
                        '\\' => match chars.next() {
                            Some((_, e @ ('"' | '\\'))) => s.push(e),
                            Some((_, 'n')) => s.push('\n'),
                            Some((_, 't')) => s.push('\t'),
                            _ => {
                                return Err(Error::parse(format!(
                                    "`{}`: in a quoted string, `\\` escapes only `\"`, `\\`, `n` and `t`",
                                    &text[start..]
                                )))
                            }
                        },
                        c => s.push(c),
                    }
                }
                if !closed {
                    return Err(Error::parse(format!(
                        "`{}`: the quoted string is not closed",
                        &text[start..]
                    )));
                }
                open.last_mut().unwrap_or(&mut out).push(Token::Quoted(s));
            }
            '[' => {
                chars.next();
                if open.len() >= super::position::MAX_DEPTH {
                    return Err(Error::parse(format!(
                        "arrays nested more than {} deep",
                        super::position::MAX_DEPTH
                    )));
                }
                open.push(Vec::new());
            }
            ']' => {
                chars.next();
                let Some(items) = open.pop() else {
                    return Err(Error::parse(format!("`{}`: `]` without `[`", text.trim())));
                };
                if items.len() > MAX_ITEMS {
                    return Err(Error::parse(format!(
                        "an array of {} elements: at most {MAX_ITEMS}",
                        items.len()
                    )));
                }
                open.last_mut()
                    .unwrap_or(&mut out)
                    .push(Token::Bracket(items));
            }
            '+' if open.is_empty()
                && text[start + 1..]
                    .chars()
                    .next()
                    .is_none_or(char::is_whitespace) =>
            {
                chars.next();
                out.push(Token::Plus);
            }
            _ => {
                let mut end = text.len();
                while let Some(&(i, c)) = chars.peek() {
                    if c.is_whitespace()
                        || matches!(c, '"' | '[' | ']')
                        || (c == ',' && !open.is_empty())
                    {
                        end = i;
                        break;
                    }
                    chars.next();
                }
                let word = Token::Word(text[start..end].to_string());
                open.last_mut().unwrap_or(&mut out).push(word);
            }
        }
    }
    if !open.is_empty() {
        return Err(Error::parse(format!(
            "`{}`: `[` is not closed",
            text.trim()
        )));
    }
    Ok(out)
}

/// A string as one word: bare when it reads back as the same string, else quoted.
fn write_str(s: &str) -> String {
    let bare = !s.is_empty()
        && s != "+"
        && !s
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || matches!(c, '"' | '[' | ']' | ','))
        && s.parse::<i64>().is_err()
        && !looks_numeric(s);
    if bare {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// One component as words: `7`, `abba`, `3 5`, `[4]`, `[]`, `10 [1, 3]`.
pub fn write_component(p: &ScriptPosition) -> String {
    match p {
        ScriptPosition::List(items) if items.len() >= 2 => {
            items.iter().map(write_nested).collect::<Vec<_>>().join(" ")
        }
        other => write_nested(other),
    }
}

/// A position inside an array: arrays always in brackets.
fn write_nested(p: &ScriptPosition) -> String {
    match p {
        ScriptPosition::Int(n) => n.to_string(),
        ScriptPosition::Str(s) => write_str(s),
        ScriptPosition::List(items) => format!(
            "[{}]",
            items
                .iter()
                .map(write_nested)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// A sum as words: its components joined by ` + `.
pub fn write_position(comps: &[ScriptPosition]) -> String {
    comps
        .iter()
        .map(write_component)
        .collect::<Vec<_>>()
        .join(" + ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use ScriptPosition::{Int, List, Str};

    fn read(text: &str) -> Result<Vec<ScriptPosition>> {
        parse(&[text.to_string()])
    }

    #[test]
    fn numbers_words_arrays_and_sums() {
        assert_eq!(read("7").unwrap(), vec![Int(7)]);
        assert_eq!(read("-2").unwrap(), vec![Int(-2)]);
        assert_eq!(read("abba").unwrap(), vec![Str("abba".into())]);
        assert_eq!(
            read("3 5 + 4").unwrap(),
            vec![List(vec![Int(3), Int(5)].into()), Int(4)]
        );
        assert_eq!(read("[]").unwrap(), vec![List(Vec::new().into())]);
        assert_eq!(read("[4]").unwrap(), vec![List(vec![Int(4)].into())]);
        assert_eq!(
            read("[1, x]").unwrap(),
            vec![List(vec![Int(1), Str("x".into())].into())]
        );
        assert_eq!(read("\"12\"").unwrap(), vec![Str("12".into())]);
        assert_eq!(read("\"\"").unwrap(), vec![Str("".into())]);
        assert_eq!(read("a+b").unwrap(), vec![Str("a+b".into())]);
    }

    #[test]
    fn bad_words_are_named() {
        for bad in [
            "",
            "3 +",
            "+ 3",
            "3 + + 4",
            "[1",
            "1]",
            "\"ab",
            "99999999999999999999",
        ] {
            let err = read(bad).expect_err(bad);
            assert!(!err.to_string().is_empty());
        }
    }

    #[test]
    fn what_is_written_reads_back() {
        let ps = vec![
            Int(0),
            Int(-5),
            Str("abba".into()),
            Str("".into()),
            Str("12".into()),
            Str("a b".into()),
            Str("+".into()),
            Str("q\"\\".into()),
            List(Vec::new().into()),
            List(vec![Int(3)].into()),
            List(vec![Str("".into())].into()),
            List(vec![Int(3), Str("x y".into()), Int(4)].into()),
            List(vec![Int(10), List(vec![Int(1), Int(3)].into())].into()),
            List(vec![List(vec![Int(2), Int(3)].into())].into()),
            List(vec![List(Vec::new().into()), List(vec![Int(4), Int(3)].into())].into()),
        ];
        for p in &ps {
            let text = write_component(p);
            assert_eq!(read(&text).unwrap(), vec![p.clone()], "{text}");
        }
        let text = write_position(&ps);
        assert_eq!(read(&text).unwrap(), ps, "{text}");
    }
}
