//! Inputs deep enough to overflow a call stack if anything recursed on them: they must be
//! refused or answered, never crash. Test threads have a 2 MiB stack, so a recursion
//! 10^5 levels deep would overflow it; these sizes prove iteration while staying cheap.

use sprague::catalogue::lookup;

use sprague_games::interface::SolveOptions;

#[test]
fn a_hundred_thousand_nested_braces_are_refused() {
    // {{{0|}|}|}...: well formed, each brace the only Left option of the next.
    let deep = format!("{}0{}", "{".repeat(100_000), "|}".repeat(100_000));
    let err =
        sprague_games::partizan::value::value_report_with(&deep, &Default::default()).unwrap_err();
    assert!(err.to_string().contains("nesting deeper than"), "{err}");
    let unbalanced = format!("{}|{}", "{".repeat(100_000), "}".repeat(100_000));
    assert!(
        sprague_games::partizan::value::value_report_with(&unbalanced, &Default::default())
            .is_err()
    );
    let deep = format!("{}0{}", "(".repeat(100_000), ")".repeat(100_000));
    assert!(sprague_games::partizan::value::value_report_with(&deep, &Default::default()).is_err());
}

fn path(n: u32, joint: &str) -> String {
    (0..n)
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(joint)
}

#[test]
fn a_long_path_graph_is_solved_without_recursion() {
    const N: u32 = 100_000;
    let opts = SolveOptions::default();
    // A token at the start of a directed path: the values alternate 0, 1 from the sink.
    let g = lookup("graph").unwrap();
    let v = g
        .solve(&[path(N, ">"), "token=0".to_string()], &opts)
        .unwrap();
    assert_eq!(
        v.value.as_deref(),
        Some(if (N - 1) % 2 == 1 { "1" } else { "0" })
    );
    // Green Hackenbush on a path hanging from the ground: a stalk of N - 1 edges is *(N - 1).
    let g = lookup("green-hackenbush").unwrap();
    let v = g.solve(&[path(N, "-")], &opts).unwrap();
    assert_eq!(v.value, Some((N - 1).to_string()));
}
