//! `sprague stress ID -- COMMAND [ARGS]`: runs a contestant's program on generated inputs
//! and compares its answers with the reference (docs/stress.md). The library generates,
//! judges and shrinks; this module runs the program, enforces the time limit, saves the
//! shrunk input and prints the report.

use crate::commands::stress_rules;
use crate::watch::{parse_seconds, Watch};
use anyhow::{Context, Result};
use sprague::stress::{self, Run};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The arguments of `sprague stress`.
#[derive(clap::Args, Debug)]
pub(crate) struct StressArgs {
    /// Problem id, e.g. P2252 (`sprague problem --list` shows them all), or `rules:FILE`,
    /// a rules script with the template options below.
    problem: String,
    /// The contestant's program and its arguments, after `--`.
    #[arg(last = true, required = true, value_name = "COMMAND")]
    command: Vec<String>,
    /// Stop after N cases.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    cases: u64,
    /// Stop after SECONDS (whichever of --cases and --budget comes first).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    budget: Option<Duration>,
    /// The time limit of one run; the program is killed past it.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, default_value = "2")]
    time_limit: Duration,
    /// Run only the case of seed S (the seed a failure reports).
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// The directory where the shrunk failing input is saved.
    #[arg(long, value_name = "DIR", default_value = "stress-failures")]
    save: PathBuf,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    #[arg(long, value_name = "N", help = crate::threads::HELP)]
    pub(crate) threads: Option<usize>,
    #[command(flatten)]
    template: stress_rules::TemplateArgs,
}

/// An error that is the user's: exit status 2.
#[derive(Debug)]
struct Usage(String);

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

/// Ctrl-C stopped the run.
#[derive(Debug)]
struct Interrupted;

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("interrupted")
    }
}

impl std::error::Error for Interrupted {}

/// At most this much of a program's output is kept (the rest is read and dropped).
const MAX_OUTPUT: usize = 64 << 20;
/// Shrinking stops after this many runs or this long, keeping the smallest input so far.
const SHRINK_RUNS: u64 = 2000;
const SHRINK_TIME: Duration = Duration::from_secs(30);

/// Runs `sprague stress`: exit status 0 when nothing failed, 1 when something did, 2 for a
/// usage error or a run that could not be done, 130 when interrupted.
pub(crate) fn main(args: StressArgs, cancel: Arc<AtomicBool>) -> ExitCode {
    match stress(&args, cancel) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("error: {e:#}");
            if e.downcast_ref::<Interrupted>().is_some() {
                ExitCode::from(130)
            } else {
                ExitCode::from(2)
            }
        }
    }
}

/// Runs the cases; true when none failed.
fn stress(args: &StressArgs, cancel: Arc<AtomicBool>) -> Result<bool> {
    let (target, notes) =
        stress_rules::target(&args.problem, &args.template, cancel.clone()).map_err(Usage)?;
    for note in notes {
        eprintln!("note: {note}");
    }
    if args.cases == 0 {
        return Err(Usage("`--cases` needs at least 1 case".into()).into());
    }
    let seeds: Box<dyn Iterator<Item = u64>> = match args.seed {
        Some(seed) => {
            target.case(seed).map_err(|e| Usage(e.to_string()))?;
            Box::new(std::iter::once(seed))
        }
        None => Box::new(stress::Schedule::new(
            target.exhaustive_cases(),
            args.cases,
            run_seed(),
        )),
    };
    let runner = Runner {
        command: &args.command,
        limit: args.time_limit,
        cancel: cancel.clone(),
    };
    let deadline = args.budget.map(|b| Instant::now() + b);
    let watch = Watch::new(None, cancel);
    let mut counts = stress::PhaseCounts::default();
    let found = watch.run(args.json, || {
        for seed in seeds {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            let case = target.case(seed)?;
            counts.add(case.phase);
            watch.show(counts.total(), format!("cases run ({})", case.phase.name()));
            let run = runner.run(&case.input)?;
            if let Some(failure) = stress::judge(&*target, &case.input, &run)? {
                return Ok(Some((case, failure)));
            }
        }
        Ok(None)
    })?;
    let Some((case, failure)) = found else {
        print_report(args, &stress::Report::ok(target.id(), counts));
        return Ok(true);
    };
    let started = Instant::now();
    let mut stopped: Option<anyhow::Error> = None;
    let mut runs = 0;
    let shrunk = stress::shrink_failure(&*target, case.seed, failure, &mut |input: &str| {
        if started.elapsed() >= SHRINK_TIME || runs >= SHRINK_RUNS || stopped.is_some() {
            return None;
        }
        runs += 1;
        match runner.run(input) {
            Ok(run) => Some(run),
            Err(e) => {
                stopped = Some(e);
                None
            }
        }
    })?;
    if let Some(e) = stopped.filter(|e| e.downcast_ref::<Interrupted>().is_some()) {
        return Err(e);
    }
    let saved = save(
        &args.save,
        &stress_rules::file_id(target.id()),
        case.seed,
        &shrunk.input,
    );
    let saved = match saved {
        Ok(path) => Some(path.display().to_string()),
        Err(e) => {
            eprintln!("warning: the failing input was not saved: {e:#}");
            None
        }
    };
    let mut again = vec![target.id().to_string()];
    again.extend(args.template.words());
    let reproduce = format!(
        "sprague stress {} --seed {} -- {}",
        shell_words(&again).join(" "),
        case.seed,
        shell_words(&args.command).join(" ")
    );
    let report = stress::Report::failed(target.id(), counts, &case, &shrunk, saved, reproduce);
    print_report(args, &report);
    Ok(false)
}

/// A seed for the run's random cases: the clock and the process id, mixed.
fn run_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    sprague::rng::mix(nanos ^ u64::from(std::process::id()) << 32)
}

/// Runs the contestant's program.
struct Runner<'a> {
    command: &'a [String],
    limit: Duration,
    cancel: Arc<AtomicBool>,
}

impl Runner<'_> {
    /// Runs the program on `input`: its answer, its crash, or its time-out. A program that
    /// cannot be started is a usage error; Ctrl-C is [`Interrupted`].
    fn run(&self, input: &str) -> Result<Run> {
        let mut cmd = Command::new(&self.command[0]);
        cmd.args(&self.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // Its own process group, so that what it starts is killed with it at the limit.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = cmd.spawn().map_err(|e| {
            Usage(format!(
                "cannot run `{}`: {e}",
                shell_words(self.command).join(" ")
            ))
        })?;
        let start = Instant::now();
        let mut stdin = child.stdin.take().context("the program's input")?;
        let text = input.to_string();
        // The input is written from a thread: a program that answers before reading all of
        // its input must not block the writer, nor one that never reads it.
        std::thread::spawn(move || {
            let _ = stdin.write_all(text.as_bytes());
        });
        let out = read_in_thread(child.stdout.take().context("the program's output")?);
        let err = read_in_thread(child.stderr.take().context("the program's errors")?);
        let mut status = None;
        let mut output = None;
        let mut pause = Duration::from_micros(200);
        loop {
            if status.is_none() {
                status = child.try_wait().context("waiting for the program")?;
            }
            if output.is_none() {
                output = out.try_recv().ok();
            }
            if let (Some(status), Some(output)) = (status, &output) {
                let _ = err.recv_timeout(Duration::from_millis(50));
                return Ok(ended(status, output));
            }
            if self.cancel.load(Ordering::Relaxed) {
                kill(&mut child, status.is_some());
                return Err(Interrupted.into());
            }
            if start.elapsed() >= self.limit {
                kill(&mut child, status.is_some());
                return Ok(Run::TimedOut {
                    limit: format!("{} s", sprague_core::error::seconds(&self.limit)),
                });
            }
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(5));
        }
    }
}

/// Reads a pipe to its end on a thread, keeping at most [`MAX_OUTPUT`] bytes.
fn read_in_thread(mut pipe: impl Read + Send + 'static) -> mpsc::Receiver<Vec<u8>> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut kept = Vec::new();
        let mut buf = [0u8; 1 << 16];
        loop {
            match pipe.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    let room = MAX_OUTPUT.saturating_sub(kept.len());
                    kept.extend_from_slice(&buf[..n.min(room)]);
                }
            }
        }
        let _ = tx.send(kept);
    });
    rx
}

/// Ends the program and everything in its process group; `reaped`: the program itself has
/// exited already (something it started still holds its output open).
fn kill(child: &mut Child, reaped: bool) {
    #[cfg(unix)]
    {
        // The group is the program's pid; while any member lives the id is not reused.
        if let Ok(pid) = libc::pid_t::try_from(child.id()) {
            // SAFETY: kill(2) with a negative pid signals that process group; no memory
            // is involved.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
    }
    if !reaped {
        let _ = child.kill();
        let _ = child.wait();
    }
}

/// What a finished program's status and output mean.
fn ended(status: std::process::ExitStatus, output: &[u8]) -> Run {
    let output = String::from_utf8_lossy(output).into_owned();
    if status.success() {
        return Run::Finished { output };
    }
    let how = match status.code() {
        Some(code) => format!("exit status {code}"),
        None => signal_name(status),
    };
    Run::Crashed { how, output }
}

#[cfg(unix)]
fn signal_name(status: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    let Some(sig) = status.signal() else {
        return "ended abnormally".into();
    };
    let name = match sig {
        4 => " (SIGILL)",
        6 => " (SIGABRT)",
        8 => " (SIGFPE)",
        9 => " (SIGKILL)",
        11 => " (SIGSEGV)",
        13 => " (SIGPIPE)",
        15 => " (SIGTERM)",
        _ => "",
    };
    format!("killed by signal {sig}{name}")
}

#[cfg(not(unix))]
fn signal_name(_: std::process::ExitStatus) -> String {
    "ended abnormally".into()
}

/// Saves the shrunk input as `DIR/ID-SEED.in`, atomically (a temporary file renamed).
fn save(dir: &Path, id: &str, seed: u64, input: &str) -> Result<PathBuf> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating `{}`", dir.display()))?;
    let path = dir.join(format!("{id}-{seed}.in"));
    let tmp = dir.join(format!(".{id}-{seed}.in.{}.tmp", std::process::id()));
    let write = || -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(input.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, &path)
    };
    write().map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        anyhow::Error::from(e).context(format!("saving `{}`", path.display()))
    })?;
    Ok(path)
}

/// Words quoted for a POSIX shell where they need it.
fn shell_words(words: &[String]) -> Vec<String> {
    words
        .iter()
        .map(|w| {
            let plain = !w.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_./=:,+@%".contains(&b));
            if plain {
                w.clone()
            } else {
                format!("'{}'", w.replace('\'', r"'\''"))
            }
        })
        .collect()
}

/// Prints the report: its JSON (`--json`) or its text.
fn print_report(args: &StressArgs, report: &stress::Report) {
    if args.json {
        match serde_json::to_string_pretty(report) {
            Ok(json) => println!("{json}"),
            Err(e) => eprintln!("error: the report could not be written as JSON: {e}"),
        }
    } else {
        println!("{}", report.to_text());
    }
}
