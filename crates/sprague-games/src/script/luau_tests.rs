//! Luau scripts: they agree with the catalogue's games, tables of heaps and of pairs,
//! nested positions, the shape of a script, and the sandbox's limits.

use super::eval::Evaluator;
use super::game::{game_from_script, ScriptGame};
use super::table::Shape;
use super::ScriptPosition;
use crate::interface::{Game, TableOptions};
use crate::limits::Limits;

fn luau(text: &str) -> ScriptGame {
    ScriptGame::compile("rules:test.luau", text).unwrap()
}

fn example(name: &str) -> ScriptGame {
    let path = format!("{}/../../examples/rules/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    ScriptGame::compile(&format!("rules:{name}"), &text).unwrap()
}

fn catalogue_values(spec: &str, upto: u64) -> Vec<String> {
    let mut entries = vec![crate::number::subtraction::entry()];
    entries.extend(crate::octal::entries::all());
    let g = crate::interface::testing::game_of(&entries, spec).unwrap();
    let t = g
        .table(&TableOptions {
            upto,
            ..TableOptions::default()
        })
        .unwrap();
    t.rows().map(|r| r.value.unwrap().to_string()).collect()
}

fn values(g: &ScriptGame, upto: u64) -> Vec<String> {
    g.heap_values(upto, Limits::default())
        .unwrap()
        .iter()
        .map(u64::to_string)
        .collect()
}

fn error(g: &ScriptGame, p: ScriptPosition) -> String {
    let program = g.program();
    let mut e = Evaluator::new(program, 0, Limits::default());
    e.value(&p).unwrap_err().to_string()
}

#[test]
fn a_subtraction_game_in_luau_is_the_catalogues() {
    let g = luau(
        "function options(n)\n  local out = {}\n  for _, s in {1, 3, 4} do\n    if s <= n then out[#out + 1] = n - s end\n  end\n  return out\nend\n",
    );
    assert_eq!(values(&g, 60), catalogue_values("subtraction:1,3,4", 60));
}

#[test]
fn kayles_by_components_is_the_catalogues() {
    let g = luau(
        r#"
function options(n)
    local out = {}
    for take = 1, 2 do
        for left = 0, n - take do
            local right = n - take - left
            if left <= right then out[#out + 1] = {left, right} end
        end
    end
    return out
end
function components(p)
    if type(p) == "table" then return p end
    return nil
end
"#,
    );
    assert_eq!(values(&g, 60), catalogue_values("kayles", 60));
}

#[test]
fn the_grundy_game_example_is_the_catalogues() {
    assert_eq!(
        values(&example("grundy-game.luau"), 80),
        catalogue_values("grundy-game", 80)
    );
    assert_eq!(
        values(&example("lasker-nim.luau"), 60),
        catalogue_values("lasker-nim", 60)
    );
}

#[test]
fn the_game_of_stones_plays_nested_positions() {
    // Codeforces 768E: the value of a fresh pile of n is the largest k with
    // 1 + 2 + … + k <= n.
    let g = example("game-of-stones.luau");
    let v = g.heap_values(30, Limits::default()).unwrap();
    for (n, &x) in v.iter().enumerate() {
        let mut k = 0;
        while (k + 1) * (k + 2) / 2 <= n as u64 {
            k += 1;
        }
        assert_eq!(x, k, "pile {n}");
    }
    // A nested position from the command line, played by the verdict.
    let game = game_from_script(
        "rules:game-of-stones.luau",
        &example_text("game-of-stones.luau"),
    )
    .unwrap();
    let v = game
        .solve(&["3".into(), "[1, 2]".into()], &Default::default())
        .unwrap();
    // Three stones with 1 and 2 taken: only 3 may be taken, and that wins.
    assert_eq!(v.value.as_deref(), Some("1"));
}

fn example_text(name: &str) -> String {
    let path = format!("{}/../../examples/rules/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn pair_tables_agree_with_the_theorems() {
    // Euclid's game by Cole and Davie's theorem, kiki's game by parity.
    let euclid = example("euclid.luau");
    let rows = euclid.pair_values(0, 30, Limits::default()).unwrap();
    for (a, row) in rows.iter().enumerate() {
        for (b, &v) in row.iter().enumerate() {
            let mover_wins = crate::number::euclid::mover_wins(
                &num_bigint::BigUint::from(a),
                &num_bigint::BigUint::from(b),
            );
            assert_eq!(v != 0, mover_wins, "euclid {a} {b}");
        }
    }
    let kiki = example("kiki.luau");
    let rows = kiki.pair_values(0, 20, Limits::default()).unwrap();
    for (a, row) in rows.iter().enumerate() {
        for (b, &v) in row.iter().enumerate() {
            assert_eq!(v == 0, a % 2 == 0 && b % 2 == 0, "kiki {a} {b}");
        }
    }
}

#[test]
fn the_cutting_game_keeps_single_sheets_only() {
    let g = example("cutting-game.luau");
    let n = 24;
    let rows = g.pair_values(0, n, Limits::default()).unwrap();
    // A direct computation of the same recurrence.
    let n = n as usize;
    let mut d = vec![vec![0u64; n + 1]; n + 1];
    for w in 0..=n {
        for h in 0..=n {
            let mut seen = std::collections::BTreeSet::new();
            for i in 2..w.saturating_sub(1) {
                seen.insert(d[i][h] ^ d[w - i][h]);
            }
            for j in 2..h.saturating_sub(1) {
                seen.insert(d[w][j] ^ d[w][h - j]);
            }
            d[w][h] = (0..).find(|m| !seen.contains(m)).unwrap();
        }
    }
    assert_eq!(rows, d);
    // Only sheets are stored, never the sums of two sheets that the options are.
    let program = g.program();
    let mut e = Evaluator::new(program, 0, Limits::default());
    for w in 0..=n as i64 {
        for h in 0..=n as i64 {
            e.value(&ScriptPosition::List(
                vec![ScriptPosition::Int(w), ScriptPosition::Int(h)].into(),
            ))
            .unwrap();
        }
    }
    assert!(
        e.components_stored() <= ((n + 1) * (n + 1)) as u64,
        "{} stored",
        e.components_stored()
    );
}

#[test]
fn the_shape_is_declared_or_found_and_heap_zero_errors_surface() {
    assert_eq!(example("euclid.luau").shape().unwrap().0, Shape::Pair);
    assert_eq!(
        example("divisor-game.luau").shape().unwrap(),
        (Shape::Heap, None)
    );
    // Refuses heap 0 but takes pairs: read as pairs, and the note says why.
    let g = luau("function options(p)\n  if type(p) ~= 'table' then error('two heaps') end\n  return {}\nend\n");
    let (shape, note) = g.shape().unwrap();
    assert_eq!(shape, Shape::Pair);
    assert!(note.unwrap().contains("two heaps"));
    // Fails at heap 0 and on pairs: the error of heap 0.
    let g2 = luau("function options(n)\n  error('broken at ' .. tostring(n))\nend\n");
    let e = g2.shape().unwrap_err().to_string();
    assert!(e.contains("broken at 0"), "{e}");
    assert!(e.contains("line 2"), "{e}");
    let t = g2.table(&TableOptions::default()).unwrap_err().to_string();
    assert!(t.contains("broken at 0"), "{t}");
}

#[test]
fn a_stopped_table_keeps_its_rows() {
    let g = example("divisor-game.luau");
    let limits = Limits::default().with_timeout(std::time::Duration::from_nanos(1));
    std::thread::sleep(std::time::Duration::from_millis(2));
    let t = g
        .table(&TableOptions {
            upto: 100_000,
            limits,
            ..TableOptions::default()
        })
        .unwrap();
    assert!(!t.complete);
    assert!(t.count() < 100_001);
    assert!(
        t.notes.iter().any(|n| n.starts_with("incomplete")),
        "{:?}",
        t.notes
    );
}

#[test]
fn luau_limits_fail_cleanly_naming_the_line() {
    let g = luau("function options(n)\n  while true do end\nend\n");
    let e = error(&g, ScriptPosition::Int(1));
    assert!(e.contains("operations") && e.contains("line 2"), "{e}");
    let g = luau("function options(n)\n  local t = {}\n  while true do t[#t + 1] = string.rep('x', 1000) .. #t end\nend\n");
    let e = error(&g, ScriptPosition::Int(1));
    assert!(e.contains("memory") || e.contains("operations"), "{e}");
    let g = luau("function options(n)\n  local s = 'x'\n  for i = 1, 40 do s = s .. s end\n  return {}\nend\n");
    let e = error(&g, ScriptPosition::Int(1));
    assert!(e.contains("memory"), "{e}");
    let g = luau(
        "local function f(n) return f(n + 1) + 1 end\nfunction options(n)\n  return {f(n)}\nend\n",
    );
    let e = error(&g, ScriptPosition::Int(1));
    assert!(e.contains("nested deeper") && e.contains("line 1"), "{e}");
    for bad in ["require('x')", "os.time()", "io.read()", "loadstring('x')"] {
        let g = luau(&format!(
            "function options(n)\n  {bad}\n  return {{}}\nend\n"
        ));
        let e = error(&g, ScriptPosition::Int(1));
        assert!(e.contains("line 2"), "{bad}: {e}");
        assert!(!e.contains("mlua") && !e.contains("rust"), "{bad}: {e}");
    }
    let e = ScriptGame::compile("rules:x.luau", "function options(n)\n  return {\nend\n")
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("syntax error at line"), "{e}");
    let e = ScriptGame::compile("rules:x.luau", "function moves(n) return {} end")
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("options"), "{e}");
    // Wrong answers name what they were.
    let g = luau("function options(n)\n  return {true}\nend\n");
    let e = error(&g, ScriptPosition::Int(1));
    assert!(e.contains("boolean"), "{e}");
    let g = luau("function options(n)\n  return {0.5}\nend\n");
    let e = error(&g, ScriptPosition::Int(1));
    assert!(e.contains("not an integer"), "{e}");
}

#[test]
fn a_cycle_is_reported() {
    let g = luau("function options(n)\n  return {n + 1 - 2 * (n % 2)}\nend\n");
    let e = error(&g, ScriptPosition::Int(0));
    assert!(e.contains("reached from itself"), "{e}");
}

/// The table of pairs on one thread and on several (each thread a copy of the script):
/// the same values, for games whose moves lower the sum (the cutting game), raise one pile
/// past the table (two piles) or leave it (a script with a game searched outside the
/// table).
#[test]
fn pair_tables_are_the_same_on_any_number_of_threads() {
    let on = |threads: usize, f: &(dyn Fn() -> Vec<Vec<u64>> + Sync)| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(f)
    };
    let wander = ScriptGame::compile(
        "rules:wander.luau",
        r#"
function shape() return "pair" end
function options(p)
    local a, b = p[1], p[2]
    local out = {}
    -- Each move lowers 2a + b.
    if a > 0 then out[#out + 1] = {a - 1, b + 1} end
    if b > 2 then out[#out + 1] = {a + 1, b - 3} end
    if 2 * a + b > 8 then out[#out + 1] = {(a * 7 + b) % 5, 0} end
    return out
end
"#,
    )
    .unwrap();
    for (name, game) in [
        ("cutting", example("cutting-game.luau")),
        ("two piles", example("two-piles.luau")),
        ("wander", wander),
    ] {
        let table = || game.pair_values(0, 40, Limits::default()).unwrap();
        let one = on(1, &table);
        assert_eq!(one.len(), 41, "{name}");
        for threads in [2, 3] {
            assert_eq!(on(threads, &table), one, "{name} on {threads} threads");
        }
    }
}

/// Nim on three heaps as one position `[a, b, c]`, found to be a game of triples: its
/// table is a XOR b XOR c on every triple, on one thread and on several; a fourth number
/// declared with `shape()` gives tuples of four.
#[test]
fn tables_of_triples_and_tuples() {
    let nim = |k: usize, declared: bool| {
        let shape = if declared {
            format!("function shape() return \"tuple {k}\" end\n")
        } else {
            String::new()
        };
        ScriptGame::compile(
            "rules:nim.luau",
            &format!(
                "{shape}function options(p)
    local out = {{}}
    for i = 1, {k} do
        for n = 0, p[i] - 1 do
            local q = table.clone(p); q[i] = n; out[#out + 1] = q
        end
    end
    return out
end"
            ),
        )
        .unwrap()
    };
    let three = nim(3, false);
    let (shape, note) = three.shape().unwrap();
    assert_eq!(shape, Shape::Tuple(3));
    assert!(note.unwrap().contains("triples"));
    for threads in [1, 3] {
        let values = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| three.tuple_values_partial(3, 1, 9, Limits::default()))
            .unwrap();
        assert!(values.stopped.is_none());
        let mut i = 0;
        for a in 1..=9u64 {
            for b in 1..=9 {
                for c in 1..=9 {
                    assert_eq!(values.values[i], a ^ b ^ c, "{a} {b} {c} on {threads}");
                    i += 1;
                }
            }
        }
        assert_eq!(i, values.values.len());
    }
    let four = nim(4, true);
    assert_eq!(four.shape().unwrap(), (Shape::Tuple(4), None));
    let table = four
        .table_report(&TableOptions {
            upto: 3,
            ..Default::default()
        })
        .unwrap();
    assert!(table.title.contains("tuples a b c d"), "{}", table.title);
    assert_eq!(table.count(), 256);
    let row = table.row(4 * 4 * 4 * 3 + 4 * 4 * 2 + 4 + 1);
    assert_eq!(row.position.to_string(), "3 2 1 1");
    assert_eq!(row.value.map(|v| v.to_string()).as_deref(), Some("1"));
    // Too many to tabulate: refused before any work.
    let e = four
        .tuple_values_partial(4, 0, 99, Limits::default())
        .err()
        .unwrap();
    assert!(e.to_string().contains("at most"), "{e}");
}

/// A table of heaps whose heaps need searches of nested positions (Game of Stones: a pile
/// with the amounts taken from it) goes on every thread past its first heaps: the same
/// values as on one thread, and as the closed form of its pattern (the largest t with
/// t(t + 1)/2 <= n).
#[test]
fn heap_tables_that_search_are_the_same_on_any_number_of_threads() {
    let stones = example("game-of-stones.luau");
    let on = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| stones.heap_values(30, Limits::default()))
            .unwrap()
    };
    let one = on(1);
    for (n, &v) in one.iter().enumerate() {
        let t = (0..=n as u64)
            .rev()
            .find(|t| t * (t + 1) / 2 <= n as u64)
            .unwrap();
        assert_eq!(v, t, "heap {n}");
    }
    assert_eq!(on(2), one);
    assert_eq!(on(3), one);
}

/// Tables hand runs of positions to Luau, which works out those whose options all have
/// recorded values (`Evaluator::run_values`). The values are those of a plain search of
/// each position, top down, for games whose moves leave the layer, stay in it (two piles'
/// `[a − 1, b + 1]` and `wander`), raise a pile past the table, split into components, run
/// more operations in a run than one call may (so a run fails part way), or set a
/// metatable (so no run is taken at all).
#[test]
fn tables_worked_out_in_runs_are_those_of_the_search() {
    let on = |threads: usize, f: &(dyn Fn() -> Vec<u64> + Sync)| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(f)
    };
    let searched = |game: &ScriptGame, positions: &[ScriptPosition]| {
        let mut e = Evaluator::new(game.program(), 0, Limits::default());
        let mut v: Vec<u64> = positions
            .iter()
            .rev()
            .map(|p| e.value(p).unwrap())
            .collect();
        v.reverse();
        v
    };
    let heavy = luau(
        r#"
-- Subtraction of 1, 2 or 5 after 40000 steps of busy work a position: a run of 64
-- positions runs more operations than one call may.
function options(n)
    local s = 0
    for i = 1, 40000 do s += i end
    local out = {}
    for _, k in {1, 2, 5} do if k <= n then out[#out + 1] = n - k end end
    return out
end
"#,
    );
    let masked = luau(
        r#"
local mt = {}
function options(n)
    local out = setmetatable({}, mt)
    for k = 1, math.min(n, 3) do out[k] = n - k end
    return out
end
"#,
    );
    let stay = luau(
        r#"
function shape() return "pair" end
-- Moves lower b, or keep it and lower a: some stay in the layer, ahead in it.
function options(p)
    local a, b = p[1], p[2]
    local out = {}
    if b > 0 then out[#out + 1] = {a + 1, b - 1} end
    if a > 1 then out[#out + 1] = {a - 2, b} end
    if a > 0 and b > 0 then out[#out + 1] = {a - 1, b - 1} end
    return out
end
"#,
    );
    for (name, game) in [
        ("grundy", example("grundy-game.luau")),
        ("heavy", heavy),
        ("masked", masked),
    ] {
        let upto = 200;
        let positions: Vec<_> = (0..=upto).map(|n| ScriptPosition::Int(n as i64)).collect();
        let want = searched(&game, &positions);
        for threads in [1, 2] {
            let table = || game.heap_values(upto, Limits::default()).unwrap();
            assert_eq!(on(threads, &table), want, "{name} on {threads} threads");
        }
    }
    for (name, game) in [
        ("kiki", example("kiki.luau")),
        ("cutting", example("cutting-game.luau")),
        ("two piles", example("two-piles.luau")),
        ("stay", stay),
    ] {
        let upto = 30u64;
        let pairs: Vec<_> = (0..=upto)
            .flat_map(|a| (0..=upto).map(move |b| super::layers::tuple(&[a, b])))
            .collect();
        let want = searched(&game, &pairs);
        for threads in [1, 2, 3] {
            let table = || {
                game.pair_values(0, upto, Limits::default())
                    .unwrap()
                    .concat()
            };
            assert_eq!(on(threads, &table), want, "{name} on {threads} threads");
        }
    }
}

/// A script that fails at one position inside a run: the table reports that position
/// and line, as the search of that position alone does.
#[test]
fn a_failure_inside_a_run_names_its_position() {
    let g = luau(
        "function options(n)\n  if n == 37 then error('no moves from 37') end\n  local out = {}\n  if n > 0 then out[1] = n - 1 end\n  return out\nend\n",
    );
    let alone = error(&g, ScriptPosition::Int(37));
    let table = g
        .heap_values(100, Limits::default())
        .unwrap_err()
        .to_string();
    assert_eq!(table, alone);
    assert!(table.contains("37") && table.contains("line 2"), "{table}");
    let pairs = luau(
        "function shape() return 'pair' end\nfunction options(p)\n  if p[1] == 3 and p[2] == 4 then error('stuck') end\n  local out = {}\n  if p[1] > 0 then out[1] = {p[1] - 1, p[2]} end\n  return out\nend\n",
    );
    let e = pairs
        .pair_values(0, 10, Limits::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("[3, 4]") && e.contains("line 3"), "{e}");
}

/// Codeforces 1104B: the example script's outcome is the parity of the deletions a stack
/// makes (every play has the same length), on every word of at most seven letters `a`,
/// `b`, `c`.
#[test]
fn remove_pairs_is_won_by_the_parity_of_the_stack() {
    let g = example("remove-pairs.luau");
    let mut e = Evaluator::new(g.program(), 0, Limits::default());
    let mut words = vec![String::new()];
    let mut all = words.clone();
    for _ in 0..7 {
        words = words
            .iter()
            .flat_map(|w| ['a', 'b', 'c'].map(|c| format!("{w}{c}")))
            .collect();
        all.extend(words.iter().cloned());
    }
    for w in &all {
        let (mut stack, mut deleted) = (Vec::new(), 0);
        for c in w.chars() {
            if stack.last() == Some(&c) {
                stack.pop();
                deleted += 1;
            } else {
                stack.push(c);
            }
        }
        let v = e.value(&ScriptPosition::Str(w.as_str().into())).unwrap();
        assert_eq!(v != 0, deleted % 2 == 1, "{w}");
    }
}
