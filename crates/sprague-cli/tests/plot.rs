//! `sprague plot` as a user runs it: files written (the same bytes as the library makes),
//! the format from the extension or `--format`, clean errors.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn sprague(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the sprague binary runs")
}

/// A fresh folder for this test's files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sprague-plot-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn plot_writes_svg_and_png_files() {
    let dir = folder("files");
    let svg = dir.join("kayles.svg");
    let o = sprague(&[
        "plot",
        "grundy",
        "kayles",
        "--upto",
        "300",
        "--period",
        "-o",
        svg.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("wrote"), "{}", stderr(&o));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg"));
    assert!(text.contains("preperiod 71"));
    // The file holds exactly what the library draws.
    let lib = sprague_plot::grundy::plot(
        "kayles",
        300,
        true,
        &sprague_games::interface::SolveOptions::default(),
        &sprague_plot::PlotOptions::new(sprague_plot::Format::Svg),
    )
    .unwrap();
    assert_eq!(text.as_bytes(), &lib.bytes[..]);
    // No temporary file is left beside it.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);

    let png = dir.join("w.png");
    let o = sprague(&[
        "plot",
        "p-positions",
        "wythoff",
        "--size",
        "30",
        "--width",
        "500",
        "--height",
        "400",
        "-o",
        png.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&bytes[16..24], &[0, 0, 1, 244, 0, 0, 1, 144]);

    // A file without the extension, with --format; a position of a partizan game.
    let t = dir.join("thermograph");
    let o = sprague(&[
        "plot",
        "thermograph",
        "domineering",
        "..|..",
        "--format",
        "svg",
        "-o",
        t.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&t)
        .unwrap()
        .contains("Thermograph of domineering"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn plot_to_standard_output_and_expressions() {
    let o = sprague(&[
        "plot",
        "thermograph",
        "{3|-1}",
        "-o",
        "-",
        "--format",
        "svg",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.starts_with("<svg") && text.contains("mean 1") && text.contains("temperature 2"));
    // Words after the kind that are not a game make one expression.
    let o = sprague(&[
        "plot",
        "thermograph",
        "1",
        "+",
        "{1|-1}",
        "-o",
        "-",
        "--format",
        "svg",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8(o.stdout).unwrap().contains("mean 1"));
}

#[test]
fn plot_errors_are_clear() {
    let dir = folder("errors");
    let out = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec![
                "plot".into(),
                "histogram".into(),
                "kayles".into(),
                "-o".into(),
                out("a.svg"),
            ],
            "unrecognized subcommand",
        ),
        (
            vec![
                "plot".into(),
                "grundy".into(),
                "wythoff".into(),
                "-o".into(),
                out("a.svg"),
            ],
            "not single heaps",
        ),
        (
            vec![
                "plot".into(),
                "grundy".into(),
                "kayles".into(),
                "--upto".into(),
                "100001".into(),
                "-o".into(),
                out("a.svg"),
            ],
            "at most 100000",
        ),
        (
            vec![
                "plot".into(),
                "p-positions".into(),
                "nim".into(),
                "--size".into(),
                "5000".into(),
                "-o".into(),
                out("a.svg"),
            ],
            "1 to 100",
        ),
        (
            vec![
                "plot".into(),
                "grundy".into(),
                "kayles".into(),
                "-o".into(),
                out("a.gif"),
            ],
            "cannot tell the picture format",
        ),
        (
            vec![
                "plot".into(),
                "grundy".into(),
                "kayles".into(),
                "--format".into(),
                "png".into(),
                "-o".into(),
                out("a.svg"),
            ],
            "does not match",
        ),
        (
            vec![
                "plot".into(),
                "grundy".into(),
                "kayles".into(),
                "--width".into(),
                "99999".into(),
                "-o".into(),
                out("a.png"),
            ],
            "between 200 and 4096",
        ),
        (
            vec![
                "plot".into(),
                "thermograph".into(),
                "{1|".into(),
                "-o".into(),
                out("a.svg"),
            ],
            "",
        ),
    ];
    for (args, expected) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = sprague(&args);
        assert!(!o.status.success(), "{args:?} succeeded");
        let e = stderr(&o);
        assert!(e.contains(expected), "{args:?}: {e}");
        assert!(!e.contains("panicked"), "{args:?}: {e}");
    }
    // Nothing was written.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}
