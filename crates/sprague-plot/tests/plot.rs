//! The pictures as a caller sees them: SVG text with the title and the expected marks,
//! PNG files of the requested size, the same bytes for the same input, clean errors.

use sprague_core::error::Error;
use sprague_games::interface::SolveOptions;
use sprague_plot::{grid, grundy, thermo, Format, Picture, PlotOptions};

fn svg(p: &Picture) -> &str {
    assert_eq!(p.format, Format::Svg);
    let s = std::str::from_utf8(&p.bytes).expect("SVG is UTF-8");
    assert!(s.starts_with("<svg "), "{}", &s[..s.len().min(200)]);
    assert!(s.trim_end().ends_with("</svg>"));
    s
}

fn svg_opts() -> PlotOptions {
    PlotOptions::new(Format::Svg)
}

/// The fill of P-cells and of the Grundy dots (`#1F5DAA`), as plotters writes it.
const MARK_FILL: &str = "fill=\"#1F5DAA\"";
/// The fills of the period blocks.
const SHADES: [&str; 2] = ["fill=\"#FFECB3\"", "fill=\"#FFD678\""];

fn count(s: &str, what: &str) -> usize {
    s.matches(what).count()
}

/// (width, height) from a PNG's IHDR chunk.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&bytes[12..16], b"IHDR");
    let be = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    (be(16), be(20))
}

#[test]
fn grundy_scatter_has_one_dot_per_heap_and_the_title() {
    let p = grundy::plot(
        "subtraction:1,3,4",
        60,
        false,
        &SolveOptions::default(),
        &svg_opts(),
    )
    .unwrap();
    let s = svg(&p);
    assert!(s.contains("<title>Grundy values of subtraction:1,3,4, heaps 0 to 60</title>"));
    assert_eq!(count(s, "<circle"), 61);
    assert_eq!(count(s, MARK_FILL), 61);
    assert!(s.contains("heap n") && s.contains("Grundy value g(n)"));
    // No period asked: nothing shaded, nothing said.
    assert!(SHADES.iter().all(|f| !s.contains(f)));
    assert!(!s.contains("period"));
}

#[test]
fn the_sequence_is_the_table() {
    let seq = grundy::sequence("kayles", 30, false, &SolveOptions::default()).unwrap();
    assert_eq!(
        seq.values[..12],
        [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6],
        "Kayles' first values"
    );
    assert_eq!(seq.values.len(), 31);
}

#[test]
fn period_shading_exactly_when_a_period_is_proven() {
    // Kayles: preperiod 71, period 12, proven from enough values.
    let proven = grundy::plot("kayles", 400, true, &SolveOptions::default(), &svg_opts()).unwrap();
    let s = svg(&proven);
    assert!(s.contains("preperiod 71"), "boundary label");
    assert!(s.contains("proven period 12 from preperiod 71"));
    assert!(SHADES.iter().all(|f| s.contains(f)), "alternating blocks");
    // Blocks from 71 to 400 by 12: 28 of them.
    assert_eq!(
        SHADES.iter().map(|f| count(s, f)).sum::<usize>(),
        (400 - 71) / 12 + 1
    );

    // Asked, but the values up to 100 do not prove the period: nothing shaded.
    let short = grundy::plot("kayles", 100, true, &SolveOptions::default(), &svg_opts()).unwrap();
    let s = svg(&short);
    assert!(SHADES.iter().all(|f| !s.contains(f)));
    assert!(s.contains("no period proven from the values of heaps 0..=100"));
    assert!(!s.contains("preperiod 71"));

    // A subtraction game's period comes from its theorem (preperiod 0).
    let seq = grundy::sequence("subtraction:1,3,4", 50, true, &SolveOptions::default()).unwrap();
    assert_eq!(
        seq.period,
        Some(grundy::Period {
            preperiod: 0,
            period: 7
        })
    );
    let s = svg(&seq.picture(&svg_opts()).unwrap()).to_string();
    assert!(SHADES.iter().all(|f| s.contains(f)));
}

#[test]
fn pictures_are_deterministic() {
    for format in [Format::Svg, Format::Png] {
        let o = PlotOptions::new(format);
        assert_eq!(
            grundy::plot("kayles", 500, true, &SolveOptions::default(), &o).unwrap(),
            grundy::plot("kayles", 500, true, &SolveOptions::default(), &o).unwrap()
        );
        let so = SolveOptions::default();
        assert_eq!(
            grid::plot("wythoff", 40, &so, &o).unwrap(),
            grid::plot("wythoff", 40, &so, &o).unwrap()
        );
        assert_eq!(
            thermo::plot("{3||2*|1*}", &o).unwrap(),
            thermo::plot("{3||2*|1*}", &o).unwrap()
        );
    }
}

#[test]
fn png_has_the_signature_and_the_requested_size() {
    let o = PlotOptions {
        format: Format::Png,
        width: 640,
        height: 480,
    };
    let p = grundy::plot("kayles", 100, false, &SolveOptions::default(), &o).unwrap();
    assert_eq!(p.media_type(), "image/png");
    assert_eq!(png_size(&p.bytes), (640, 480));
    assert_eq!((p.width, p.height), (640, 480));
    let p = grid::plot("wythoff", 30, &SolveOptions::default(), &o).unwrap();
    assert_eq!(png_size(&p.bytes), (640, 480));
    let p = thermo::plot("{1|-1}", &PlotOptions::new(Format::Png)).unwrap();
    assert_eq!(png_size(&p.bytes), thermo::DEFAULT_SIZE);
}

/// Wythoff's P-positions by the definition: P iff no move reaches a P-position.
fn wythoff_p_by_search(n: usize) -> Vec<Vec<bool>> {
    let mut p = vec![vec![false; n]; n];
    for a in 0..n {
        for b in 0..n {
            let reaches_p = (0..a).any(|x| p[x][b])
                || (0..b).any(|y| p[a][y])
                || (1..=a.min(b)).any(|k| p[a - k][b - k]);
            p[a][b] = !reaches_p;
        }
    }
    p
}

#[test]
fn wythoff_cells_are_the_p_positions() {
    let n = 20;
    let expected = wythoff_p_by_search(n);
    let p_count = expected.iter().flatten().filter(|&&x| x).count();
    let g = grid::grid("wythoff", n as u64, &SolveOptions::default()).unwrap();
    for (a, column) in expected.iter().enumerate() {
        for (b, &p) in column.iter().enumerate() {
            assert_eq!(
                g.cell(a as u64, b as u64) == Some(grid::Cell::P),
                p,
                "({a}, {b})"
            );
        }
    }
    assert_eq!(g.p_count(), p_count);
    let s = svg(&g.picture(&svg_opts()).unwrap()).to_string();
    // No two P-positions of Wythoff share a row side by side: one rectangle per cell.
    assert_eq!(count(&s, MARK_FILL), p_count);
    assert!(s.contains("<title>P-positions of wythoff, heaps 0 to 19</title>"));
    assert!(s.contains(&format!("the {p_count} P-positions")));
}

#[test]
fn other_games_are_solved_cell_by_cell() {
    let o = SolveOptions::default();
    // Two Nim heaps: P exactly on the diagonal.
    let g = grid::grid("nim", 12, &o).unwrap();
    for a in 0..12 {
        for b in 0..12 {
            assert_eq!(g.cell(a, b) == Some(grid::Cell::P), a == b);
        }
    }
    // Euclid by its theorem agrees with solving each pair.
    let by_theorem = grid::grid("euclid", 15, &o).unwrap();
    let engine = sprague::catalogue::lookup("euclid").unwrap();
    for a in 0..15u64 {
        for b in 0..15u64 {
            let v = engine.solve(&[a.to_string(), b.to_string()], &o).unwrap();
            assert_eq!(
                by_theorem.cell(a, b) == Some(grid::Cell::P),
                v.outcome == sprague_games::interface::Winner::Second,
                "({a}, {b})"
            );
        }
    }
    // Sorted piles: only a ≤ b are positions.
    let g = grid::grid("sorted-piles", 8, &o).unwrap();
    assert_eq!(g.cell(3, 1), Some(grid::Cell::NotAPosition));
    assert_ne!(g.cell(1, 3), Some(grid::Cell::NotAPosition));
    let s = svg(&g.picture(&svg_opts()).unwrap()).to_string();
    assert!(s.contains("grey: not a position"));
}

#[test]
fn thermograph_is_labelled_exactly() {
    let p = thermo::plot("{3||2*|1*}", &svg_opts()).unwrap();
    let s = svg(&p);
    assert!(s.contains("<title>Thermograph of {3||2*|1*}</title>"));
    assert!(s.contains("mean 9/4"));
    assert!(s.contains("temperature 3/4"));
    assert!(s.contains("temperature t"));
    // Ticks are exact dyadics.
    assert!(
        s.contains(">\n7/2\n<") || s.contains(">\n3/2\n<"),
        "dyadic ticks"
    );
    // Two walls and the mast (and the guide lines) as polylines.
    assert!(count(s, "<polyline") >= 3);
    // A position of a partizan game: the value of its canonical form.
    let d = thermo::from_position(
        "domineering",
        &["...|...".to_string()],
        &SolveOptions::default(),
    )
    .unwrap();
    let e = thermo::from_expression(&d.canonical).unwrap();
    assert_eq!(d.thermograph, e.thermograph);
    assert!(d.subject.starts_with("domineering "));
    // A huge offset is drawn relative to the mean and labelled exactly.
    let p = thermo::plot("1000000000000000000000000 + {1|-1}", &svg_opts()).unwrap();
    assert!(svg(&p).contains("mean 1000000000000000000000000"));
}

#[test]
fn bad_requests_are_clear_errors() {
    let o = svg_opts();
    let so = SolveOptions::default();
    let msg = |e: Error| e.to_string();
    assert!(
        msg(grundy::plot("kayles", 100_001, false, &SolveOptions::default(), &o).unwrap_err())
            .contains("at most 100000")
    );
    assert!(matches!(
        grundy::plot("no-such-game", 10, false, &SolveOptions::default(), &o),
        Err(Error::UnknownGame { .. })
    ));
    // Games without a table of heaps.
    assert!(grundy::plot("wythoff", 10, false, &SolveOptions::default(), &o).is_err());
    assert!(grundy::plot("domineering", 10, false, &SolveOptions::default(), &o).is_err());
    assert!(msg(grid::plot("wythoff", 1001, &so, &o).unwrap_err()).contains("1 to 1000"));
    assert!(msg(grid::plot("nim", 101, &so, &o).unwrap_err()).contains("1 to 100"));
    assert!(grid::plot("nim", 0, &so, &o).is_err());
    assert!(msg(grid::plot("domineering", 5, &so, &o).unwrap_err())
        .contains("no positions of two numbers"));
    assert!(thermo::plot("{1|", &o).is_err());
    assert!(thermo::from_position("nim", &["3".into()], &so).is_err());
    let big = PlotOptions {
        format: Format::Png,
        width: 5000,
        height: 100,
    };
    assert!(
        msg(grundy::plot("kayles", 10, false, &SolveOptions::default(), &big).unwrap_err())
            .contains("between 200 and 4096")
    );
    assert!(Format::parse("gif").is_err());
    assert_eq!(Format::from_file_name("a.b.PNG"), Some(Format::Png));
    assert_eq!(Format::from_file_name("plot"), None);
}

#[test]
fn take_and_break_tables_stop_at_the_limits() {
    // A cancellation flag already raised stops the table at its first check.
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let cancelled = SolveOptions {
        cancel: Some(flag),
        ..SolveOptions::default()
    };
    assert!(matches!(
        grundy::sequence("kayles", 20_000, true, &cancelled),
        Err(Error::Interrupted { .. })
    ));
    // Below the first check, the table is made whatever the flag says.
    assert!(grundy::sequence("kayles", 100, true, &cancelled).is_ok());
}
