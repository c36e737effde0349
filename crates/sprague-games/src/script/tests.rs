use super::rhai_engine::definition_line;
use super::*;
use crate::impartial::GrundySolver;
use sprague_core::value::Nimber;

const SUBTRACT_134: &str = r#"
// Take 1, 3 or 4 from the heap.
fn options(n) {
    let out = [];
    for s in [1, 3, 4] {
        if s <= n { out.push(n - s); }
    }
    out
}
"#;

fn program(text: &str) -> Result<Arc<ScriptProgram>> {
    ScriptProgram::compile("rules:test.rhai", text).map(Arc::new)
}

fn grundy(text: &str, p: ScriptPosition) -> Result<u64> {
    let rules = ScriptRules::new(program(text)?);
    let mut solver = GrundySolver::new(&rules);
    let v = solver.grundy(&p);
    rules.finish(v).map(Nimber::value)
}

#[test]
fn a_subtraction_game_has_its_values() {
    let rules = ScriptRules::new(program(SUBTRACT_134).unwrap());
    let mut s = GrundySolver::new(&rules);
    let values: Vec<u64> = (0..14)
        .map(|n| s.grundy(&ScriptPosition::Int(n)).unwrap().value())
        .collect();
    assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
}

#[test]
fn components_combine_by_xor() {
    // Two-heap Nim as one array that splits into its heaps.
    let text = r#"
fn options(p) {
    let out = [];
    for i in 0..p.len() {
        for k in 0..p[i] { let q = p; q[i] = k; out.push(q); }
    }
    out
}
fn components(p) {
    if p.len() < 2 { return (); }
    p.map(|h| [h])
}
"#;
    for (a, b) in [(3, 5), (4, 4), (7, 1)] {
        let p = ScriptPosition::List(vec![ScriptPosition::Int(a), ScriptPosition::Int(b)].into());
        assert_eq!(grundy(text, p).unwrap(), (a ^ b) as u64);
    }
}

#[test]
fn syntax_errors_name_the_line() {
    let err = program("fn options(n) {\n  let x = ;\n  []\n}").unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains("rules:test.rhai"), "{msg}");
    assert!(msg.contains("syntax error at line 2"), "{msg}");
}

#[test]
fn a_missing_or_wrong_options_function_is_named() {
    let msg = program("fn moves(n) { [] }").unwrap_err().to_string();
    assert!(msg.contains("no `fn options(pos)`"), "{msg}");
    let msg = program("fn options(a, b) { [] }").unwrap_err().to_string();
    assert!(msg.contains("exactly one parameter"), "{msg}");
}

#[test]
fn imports_and_eval_are_not_allowed() {
    assert!(program("import \"x\" as y;\nfn options(n) { [] }").is_err());
    let msg = grundy("fn options(n) { eval(\"1\"); [] }", ScriptPosition::Int(1))
        .unwrap_err()
        .to_string();
    assert!(msg.contains("line 1"), "{msg}");
}

#[test]
fn runtime_errors_name_the_line_and_the_position() {
    let text = "fn options(n) {\n  let k = 10 / (n - 3);\n  if n > 0 { [n - 1] } else { [] }\n}";
    let msg = grundy(text, ScriptPosition::Int(5))
        .unwrap_err()
        .to_string();
    assert!(msg.contains("options(3) failed at line 2"), "{msg}");
}

#[test]
fn wrong_return_types_are_named() {
    let msg = grundy("fn options(n) {\n  n - 1\n}", ScriptPosition::Int(2))
        .unwrap_err()
        .to_string();
    assert!(msg.contains("returned an integer (1)"), "{msg}");
    assert!(msg.contains("`options` at line 1"), "{msg}");
    let msg = grundy("fn options(n) { [true] }", ScriptPosition::Int(2))
        .unwrap_err()
        .to_string();
    assert!(msg.contains("element 1 is a boolean"), "{msg}");
}

#[test]
fn an_endless_loop_is_stopped() {
    let text = "fn options(n) {\n  loop { n += 1; }\n}";
    let msg = grundy(text, ScriptPosition::Int(1))
        .unwrap_err()
        .to_string();
    assert!(msg.contains("more than 1000000 operations"), "{msg}");
    assert!(msg.contains("line 2"), "{msg}");
}

#[test]
fn an_endless_recursion_is_stopped() {
    let text = "fn f(n) { f(n + 1) }\nfn options(n) {\n  f(n)\n}";
    let msg = grundy(text, ScriptPosition::Int(1))
        .unwrap_err()
        .to_string();
    assert!(msg.contains("nested deeper than 32"), "{msg}");
    assert!(msg.contains("failed at line 1"), "{msg}");
}

#[test]
fn huge_data_is_stopped() {
    let text = "fn options(n) {\n  let s = \"x\";\n  loop { s += s; }\n}";
    let msg = grundy(text, ScriptPosition::Int(1))
        .unwrap_err()
        .to_string();
    assert!(msg.contains("larger than the script limit"), "{msg}");
    assert!(msg.contains("failed at line 3"), "{msg}");
}

#[test]
fn a_cycle_in_the_script_is_reported() {
    let msg = grundy("fn options(n) { [n] }", ScriptPosition::Int(1))
        .unwrap_err()
        .to_string();
    assert!(
        msg.contains("cycle") && msg.contains("position 1 "),
        "{msg}"
    );
}

#[test]
fn print_does_nothing() {
    assert_eq!(
        grundy(
            "fn options(n) { print(n); debug(n); [] }",
            ScriptPosition::Int(1)
        )
        .unwrap(),
        0
    );
}

#[test]
fn definition_lines_are_found() {
    let text = "// c\nfn helper() {}\n\nprivate fn  options (p) {}\nfn components(p) {}";
    assert_eq!(definition_line(text, "options"), 4);
    assert_eq!(definition_line(text, "components"), 5);
    assert_eq!(definition_line(text, "nothing"), 0);
}
