//! `sprague problem`: a judge problem's answer, from standard input to standard output.

use anyhow::{bail, Context, Result};
use std::io::{Read, Write};

/// Lists the problems (`--list`, or no id), or answers problem `id`.
pub(crate) fn run(id: Option<String>, list: bool) -> Result<()> {
    if list || id.is_none() {
        for p in sprague::problems::all() {
            println!("{:12} {}", p.id, p.title);
        }
        if id.is_none() && !list {
            bail!("name a problem: `sprague problem ID` (the list is above)");
        }
        return Ok(());
    }
    let id = id.expect("checked above");
    let problem = sprague::problems::find(&id)?;
    let mut input = Vec::new();
    std::io::stdin()
        .lock()
        .read_to_end(&mut input)
        .context("reading standard input")?;
    let input = String::from_utf8(input).context("standard input is not valid UTF-8 text")?;
    let out = sprague::problems::run(problem.id, &input)?;
    let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
    stdout.write_all(out.as_bytes())?;
    stdout.flush()?;
    Ok(())
}
