use serde_json::Value;

/// The answer to a request, ready to print: a human-readable text and a JSON object with
/// the same content. Both are built by the library so that the CLI and a future server
/// say exactly the same thing.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Lines for a terminal, without a trailing newline.
    pub text: String,
    /// The machine-readable form (`--json`). Big integers are decimal strings.
    pub json: Value,
}

impl Report {
    /// A report from its two forms.
    pub fn new(text: impl Into<String>, json: Value) -> Self {
        Report {
            text: text.into(),
            json,
        }
    }
}
