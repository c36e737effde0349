use sprague::octal::{Computation, Method, Ruleset};
fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let r = Ruleset::parse(&a[0], false).unwrap();
    let n: u64 = a[1].parse().unwrap();
    let mut c = Computation::new(r, Method::Sparse);
    c.extend_to(n, &mut |_, _| {}).unwrap();
    let (mask, _) = c.sparse_mask();
    let v = c.values();
    let rare: Vec<usize> = (0..v.len()).filter(|&i| (v.get(i) & mask).count_ones() % 2 == 0).collect();
    println!("mask {mask:#x} rare {} : {:?}", rare.len(), &rare[..rare.len().min(80)]);
    let mut hist = vec![0u64; 64];
    for i in 0..v.len() { let x = v.get(i) as usize; if x < 64 { hist[x]+=1; } }
    println!("hist {:?}", hist);
}
