//! `sprague list` and `sprague explain`: what the catalogue holds.

use anyhow::Result;
use sprague::catalogue;

/// Prints every game of the catalogue: a line each, as JSON, or as README's table.
pub(crate) fn list(json: bool, markdown: bool) -> Result<()> {
    let list: Vec<_> = catalogue::entries()
        .iter()
        .map(sprague_games::interface::Entry::summary_info)
        .collect();
    if json {
        println!("{}", serde_json::to_string_pretty(&list)?);
    } else if markdown {
        print!("{}", sprague::render::catalogue_markdown(&list));
    } else {
        println!("{}", sprague::render::list_text(&list));
    }
    Ok(())
}

/// Prints the rules, the theorem and the references of a game.
pub(crate) fn explain(game: &str, json: bool) -> Result<()> {
    let (name, _) = catalogue::split_spec(game);
    let e = catalogue::find_entry(name)?.details();
    if json {
        println!("{}", serde_json::to_string_pretty(&e)?);
    } else {
        println!("{}", sprague::render::explain_text(&e));
    }
    Ok(())
}
