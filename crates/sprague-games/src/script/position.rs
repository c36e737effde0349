//! The positions of a rules script, as values of our own: hashable, ordered and exact, so
//! that the engines' memos and sorted sums work on them, whatever the script returns.

use rhai::{Array, Dynamic, ImmutableString, INT};

/// A position of a script game: an integer, a string, or a flat array of integers and
/// strings (a pair of heaps, a row of heaps, a word split into parts).
///
/// Arrays hold no arrays: a position is written back as command-line words, and a flat
/// array is one word per element.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ScriptPosition {
    /// An integer (a heap).
    Int(i64),
    /// A string (a word).
    Str(Box<str>),
    /// An array of integers and strings, none of them an array.
    List(Box<[ScriptPosition]>),
}

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
        if let Some(a) = value.read_lock::<Array>() {
            let items = a
                .iter()
                .map(|v| {
                    Self::scalar(v).ok_or_else(|| {
                        if v.is_array() {
                            "an array inside an array".to_string()
                        } else {
                            format!("an array holding {}", describe(v))
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
    fn nested_arrays_and_other_types_are_refused_by_name() {
        let nested = Dynamic::from_array(vec![Dynamic::from_array(vec![])]);
        let err = ScriptPosition::from_dynamic(&nested).unwrap_err();
        assert!(err.contains("array inside an array"), "{err}");
        let err = ScriptPosition::from_dynamic(&Dynamic::from_bool(true)).unwrap_err();
        assert!(err.contains("boolean"), "{err}");
        let err = ScriptPosition::from_dynamic(&Dynamic::UNIT).unwrap_err();
        assert!(err.contains("nothing"), "{err}");
    }
}
