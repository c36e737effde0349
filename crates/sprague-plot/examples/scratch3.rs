fn main() {
    let args: Vec<String> = std::env::args().collect();
    let fmt = sprague_plot::Format::parse(&args[3]).unwrap();
    let t = std::time::Instant::now();
    let pic = sprague_plot::grid::plot(&args[1], args[2].parse().unwrap(), &Default::default(), &sprague_plot::PlotOptions::new(fmt)).unwrap();
    eprintln!("{:?} {} bytes", t.elapsed(), pic.bytes.len());
    std::fs::write(&args[4], &pic.bytes).unwrap();
}
