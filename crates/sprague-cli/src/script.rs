//! `rules:FILE` specs: the command line reads the script (the library does no I/O) and
//! hands its text to the library; every other spec goes to the catalogue.

use anyhow::{bail, Context, Result};
use sprague::catalogue;
use sprague::pattern::{Pattern, PatternOptions};
use sprague_games::interface::Game;
use std::io::Read;

/// The game a spec names: a rules script read from its file, or a catalogue game.
pub fn lookup(spec: &str) -> Result<Box<dyn Game>> {
    if !sprague_games::script::game::is_script_spec(spec) {
        return Ok(catalogue::lookup(spec)?);
    }
    let text = read(spec)?;
    Ok(sprague_games::script::game::game_from_script(
        spec.trim(),
        &text,
    )?)
}

/// `sprague pattern`: of a rules script read from its file, or of a catalogue game.
pub fn pattern(spec: &str, options: &PatternOptions) -> Result<Pattern> {
    if !sprague_games::script::game::is_script_spec(spec) {
        return Ok(sprague::pattern::find(spec, options)?);
    }
    let text = read(spec)?;
    let game = sprague_games::script::game::ScriptGame::compile(spec.trim(), &text)?;
    Ok(sprague::pattern::find_in_script(&game, options)?)
}

/// The text of the script a `rules:FILE` spec names, at most the library's cap.
pub(crate) fn read(spec: &str) -> Result<String> {
    let spec = spec.trim();
    let path = &spec[sprague_games::script::game::PREFIX.len()..];
    if path.is_empty() {
        bail!("`rules:` needs a script file, e.g. `rules:examples/rules/subtract-1-3-4.rhai`");
    }
    let cap = sprague_games::script::game::MAX_SCRIPT_BYTES;
    let file = std::fs::File::open(path).with_context(|| format!("reading `{path}`"))?;
    let mut bytes = Vec::new();
    file.take(cap as u64 + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("reading `{path}`"))?;
    if bytes.len() > cap {
        bail!("`{path}` is larger than {cap} bytes, the most a rules script may have");
    }
    String::from_utf8(bytes).with_context(|| format!("`{path}` is not UTF-8 text"))
}
