//! The positions of a rules script, as values of our own: hashable, ordered and exact, so
//! that the engines' memos and sorted sums work on them, whatever the script returns.

use rhai::{Array, Dynamic, ImmutableString, INT};

/// A position of a script game: an integer, a string, or an array of positions (a pair of
/// heaps, a row of heaps, a word split into parts, a sum of rectangles `[[2, 3], [4, 3]]`,
/// a pile with the amounts taken from it `[7, [1, 3]]`).
///
/// Arrays nest at most [`MAX_DEPTH`] deep.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ScriptPosition {
    /// An integer (a heap).
    Int(i64),
    /// A string (a word).
    Str(Box<str>),
    /// An array of positions.
    List(Box<[ScriptPosition]>),
}

/// How deep arrays may nest in a position (`[[1]]` is 2 deep).
pub const MAX_DEPTH: usize = 16;

/// Written as the script writes it (`7`, `"abc"`, `[3, 4]`), as error messages show it.
impl std::fmt::Debug for ScriptPosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self, f)
    }
}

impl ScriptPosition {
    /// The value the script receives.
    pub fn to_dynamic(&self) -> Dynamic {
        match self {
            ScriptPosition::Int(n) => Dynamic::from_int(*n as INT),
            ScriptPosition::Str(s) => Dynamic::from(ImmutableString::from(&**s)),
            ScriptPosition::List(items) => {
                let a: Array = items.iter().map(ScriptPosition::to_dynamic).collect();
                Dynamic::from_array(a)
            }
        }
    }

    /// The position a script value stands for, or the name of what it is instead (for the
    /// error message). Characters are strings of one character.
    pub fn from_dynamic(value: &Dynamic) -> Result<ScriptPosition, String> {
        Self::from_dynamic_at(value, 0)
    }

    fn from_dynamic_at(value: &Dynamic, depth: usize) -> Result<ScriptPosition, String> {
        if let Some(a) = value.read_lock::<Array>() {
            if depth >= MAX_DEPTH {
                return Err(format!("arrays nested more than {MAX_DEPTH} deep"));
            }
            let items = a
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    Self::from_dynamic_at(v, depth + 1).map_err(|what| {
                        if depth == 0 {
                            format!("an array whose element {} is {what}", i + 1)
                        } else {
                            what
                        }
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(ScriptPosition::List(items.into_boxed_slice()));
        }
        Self::scalar(value).ok_or_else(|| describe(value))
    }

    fn scalar(value: &Dynamic) -> Option<ScriptPosition> {
        if let Ok(n) = value.as_int() {
            return Some(ScriptPosition::Int(n));
        }
        if let Ok(c) = value.as_char() {
            return Some(ScriptPosition::Str(c.to_string().into_boxed_str()));
        }
        value
            .read_lock::<ImmutableString>()
            .map(|s| ScriptPosition::Str(s.as_str().into()))
    }

    /// The integer, if the position is one.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            ScriptPosition::Int(n) => Some(*n),
            _ => None,
        }
    }

    /// The two integers of a pair `[a, b]`, if the position is one.
    pub fn as_pair(&self) -> Option<(i64, i64)> {
        match self {
            ScriptPosition::List(items) => match &**items {
                [ScriptPosition::Int(a), ScriptPosition::Int(b)] => Some((*a, *b)),
                _ => None,
            },
            _ => None,
        }
    }
}

/// What a position is, for error messages: `an integer (7)`, `an array ([1, 2])`.
pub(crate) fn kind(p: &ScriptPosition) -> String {
    let ty = match p {
        ScriptPosition::Int(_) => "an integer",
        ScriptPosition::Str(_) => "a string",
        ScriptPosition::List(_) => "an array",
    };
    let text = p.to_string();
    if text.chars().count() > 40 {
        ty.to_string()
    } else {
        format!("{ty} ({text})")
    }
}

/// What a script value is, for error messages: its type and, when short, the value.
pub(crate) fn describe(value: &Dynamic) -> String {
    let ty = match value.type_name() {
        "()" => "nothing (`()`)".to_string(),
        "i64" | "i32" => "an integer".to_string(),
        "bool" => "a boolean".to_string(),
        "string" => "a string".to_string(),
        "char" => "a character".to_string(),
        "array" => "an array".to_string(),
        "map" => "an object map".to_string(),
        other => format!("a value of type {other}"),
    };
    let text = value.to_string();
    if text.is_empty() || text.chars().count() > 40 || value.is_unit() {
        ty
    } else {
        format!("{ty} ({text})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_through_the_script_types() {
        let ps = [
            ScriptPosition::Int(-3),
            ScriptPosition::Str("abc".into()),
            ScriptPosition::List(
                vec![ScriptPosition::Int(1), ScriptPosition::Str("x".into())].into(),
            ),
            ScriptPosition::List(Vec::new().into()),
        ];
        for p in ps {
            assert_eq!(ScriptPosition::from_dynamic(&p.to_dynamic()).unwrap(), p);
        }
    }

    #[test]
    fn nested_arrays_read_and_other_types_are_refused_by_name() {
        let nested = Dynamic::from_array(vec![Dynamic::from_array(vec![Dynamic::from_int(2)])]);
        let p = ScriptPosition::from_dynamic(&nested).unwrap();
        assert_eq!(p.to_string(), "[[2]]");
        let mut deep = Dynamic::from_int(1);
        for _ in 0..=MAX_DEPTH {
            deep = Dynamic::from_array(vec![deep]);
        }
        let err = ScriptPosition::from_dynamic(&deep).unwrap_err();
        assert!(err.contains("nested more than"), "{err}");
        let err = ScriptPosition::from_dynamic(&Dynamic::from_bool(true)).unwrap_err();
        assert!(err.contains("boolean"), "{err}");
        let err = ScriptPosition::from_dynamic(&Dynamic::UNIT).unwrap_err();
        assert!(err.contains("nothing"), "{err}");
    }
}
