//! Times misère quotient computations (release build):
//! `cargo run --release -p sprague-core --example quotient_bench [CODE [UPTO]]`.
use sprague_core::limits::Limits;
use sprague_core::quotient::{HeapGame, HeapOptions, QuotientConfig, QuotientSolver, SplitRule};
use std::time::Instant;

struct Octal(Vec<u8>);
impl Octal {
    fn new(code: &str) -> Octal {
        let (d0, rest) = code.split_once('.').unwrap();
        let mut d = vec![d0.parse().unwrap()];
        d.extend(rest.chars().map(|c| c.to_digit(16).unwrap() as u8));
        Octal(d)
    }
}
impl HeapGame for Octal {
    fn options(&self, n: u64, out: &mut HeapOptions) {
        sprague_core::quotient::rule_options(&self.rules().unwrap(), n, u64::MAX, out).unwrap();
    }
    fn rules(&self) -> Option<Vec<SplitRule>> {
        let mut r = Vec::new();
        for (k, &d) in self.0.iter().enumerate() {
            for (bit, parts) in [(1, 0), (2, 1), (4, 2), (8, 3)] {
                if d & bit != 0 && !(k == 0 && parts < 2) {
                    r.push(SplitRule {
                        take: k as u64,
                        parts,
                    });
                }
            }
        }
        Some(r)
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = args.first().map(|s| s.as_str()).unwrap_or("0.75");
    let upto: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let t = Instant::now();
    let mut s = QuotientSolver::new(Octal::new(code), QuotientConfig::default()).unwrap();
    let r = s.run(upto, &Limits::default());
    let q = s.quotient();
    println!(
        "{code}: heaps 0..={} |Q|={} |P|={} period={:?} changes={:?} ({:?}) {:?}",
        q.bound(),
        q.order(),
        q.p_portion().len(),
        q.period(),
        q.changes()
            .iter()
            .map(|c| (c.heap, c.order))
            .collect::<Vec<_>>(),
        t.elapsed(),
        r.err()
    );
    if std::env::var("SHOW").is_ok() {
        let pr = q.presentation();
        println!("presentation {}", pr.text());
        let pw: Vec<String> = q
            .p_portion()
            .iter()
            .map(|&x| pr.element_text(x).unwrap())
            .collect();
        println!("P = {{{}}}", pw.join(", "));
        let phi: Vec<String> = q
            .phi_table()
            .iter()
            .map(|&x| pr.element_text(x).unwrap())
            .collect();
        println!("phi {}", phi.join(" "));
        println!("tame {:?}", q.tame().map(|t| t.rank));
    }
}
