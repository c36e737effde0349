fn main() {
    let args: Vec<String> = std::env::args().collect();
    let g = sprague::catalogue::lookup(&args[1]).unwrap();
    let n: u64 = args[2].parse().unwrap();
    let t = std::time::Instant::now();
    let mut p = 0;
    let o = sprague::catalogue::SolveOptions::default();
    for a in 0..n { for b in 0..n {
        let v = g.solve(&[a.to_string(), b.to_string()], &o).unwrap();
        if v.outcome == sprague::catalogue::Winner::Second { p += 1; }
    }}
    eprintln!("{} {:?} P={p} spec={}", args[1], t.elapsed(), g.spec());
}
