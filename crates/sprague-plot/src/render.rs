//! One path from a drawing to a [`Picture`]: the embedded font registered, the drawing
//! made on plotters' SVG backend (into a string) or bitmap backend (into a pixel buffer,
//! then encoded as PNG here), and a `<title>` added to SVG.

use crate::{Error, Format, Picture, PlotOptions, Result};
use plotters::coord::Shift;
use plotters::prelude::*;
use std::sync::OnceLock;

/// The family name the font is registered under: SVG viewers that show the text with their
/// own font find a sans-serif one by this name.
pub(crate) const FONT: &str = "sans-serif";

/// DejaVu Sans (Bitstream Vera licence, `fonts/DejaVuSans-LICENSE.txt`).
static FONT_BYTES: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");

/// Registers the embedded font with plotters, once per process. plotters keeps its fonts
/// in a table of its own; registering the same bytes again would change nothing.
fn register_font() -> Result<()> {
    static REGISTERED: OnceLock<bool> = OnceLock::new();
    let ok = *REGISTERED.get_or_init(|| {
        plotters::style::register_font(FONT, FontStyle::Normal, FONT_BYTES).is_ok()
    });
    if ok {
        Ok(())
    } else {
        Err(Error::unsupported(
            "internal error: the embedded font did not load",
        ))
    }
}

/// What a drawing step may fail with (plotters' errors, boxed).
pub(crate) type DrawResult = std::result::Result<(), Box<dyn std::error::Error>>;

/// A picture that draws itself on any plotters backend.
pub(crate) trait Draw {
    /// The picture's title (the caption, and the SVG `<title>`).
    fn title(&self) -> String;
    /// Draws on `area` (already filled white).
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> DrawResult
    where
        DB::ErrorType: 'static;
}

fn drawing_failed(e: impl std::fmt::Display) -> Error {
    Error::unsupported(format!("internal error: drawing failed: {e}"))
}

/// Draws `d` in the format and size of `opts` (`default` when it gives none).
pub(crate) fn render(d: &impl Draw, opts: &PlotOptions, default: (u32, u32)) -> Result<Picture> {
    register_font()?;
    let (w, h) = opts.size(default)?;
    let bytes = match opts.format {
        Format::Svg => {
            let mut svg = String::new();
            {
                let root = SVGBackend::with_string(&mut svg, (w, h)).into_drawing_area();
                root.fill(&WHITE).map_err(drawing_failed)?;
                d.draw(&root).map_err(drawing_failed)?;
                root.present().map_err(drawing_failed)?;
            }
            with_title(svg, &d.title()).into_bytes()
        }
        Format::Png => {
            // Checked by `size`: at most 4096 × 4096 × 3 bytes.
            let mut pixels = vec![0u8; w as usize * h as usize * 3];
            {
                let root = BitMapBackend::with_buffer(&mut pixels, (w, h)).into_drawing_area();
                root.fill(&WHITE).map_err(drawing_failed)?;
                d.draw(&root).map_err(drawing_failed)?;
                root.present().map_err(drawing_failed)?;
            }
            encode_png(&pixels, w, h)?
        }
    };
    Ok(Picture {
        format: opts.format,
        bytes,
        width: w,
        height: h,
    })
}

/// The PNG file of 8-bit RGB `pixels`, row by row.
fn encode_png(pixels: &[u8], w: u32, h: u32) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, w, h);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let mut writer = enc.write_header().map_err(drawing_failed)?;
    writer.write_image_data(pixels).map_err(drawing_failed)?;
    writer.finish().map_err(drawing_failed)?;
    Ok(out)
}

/// Adds `<title>` as the first child of the `<svg>` element (what viewers show as the
/// document's name and screen readers read).
fn with_title(svg: String, title: &str) -> String {
    let Some(end) = svg.find(">\n") else {
        return svg;
    };
    let mut out = String::with_capacity(svg.len() + title.len() + 20);
    out.push_str(&svg[..end + 2]);
    out.push_str("<title>");
    out.push_str(&escape(title));
    out.push_str("</title>\n");
    out.push_str(&svg[end + 2..]);
    out
}

/// Text escaped for XML.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// The text style of the picture's words at `size` pixels.
pub(crate) fn text(size: u32) -> TextStyle<'static> {
    (FONT, size).into_font().color(&BLACK)
}

/// An axis: its range (in drawing coordinates), its exact ticks and its description.
#[derive(Clone)]
pub(crate) struct Axis {
    /// The least coordinate shown.
    pub lo: f64,
    /// The greatest coordinate shown.
    pub hi: f64,
    /// Where the ticks are and their exact labels.
    pub ticks: Vec<crate::ticks::Tick>,
    /// What the axis is.
    pub desc: String,
}

impl Axis {
    fn exact(&self) -> ExactAxis {
        ExactAxis {
            lo: self.lo,
            hi: self.hi,
            ticks: self.ticks.clone(),
        }
    }
}

/// An axis of `f64` coordinates whose ticks are given, each labelled exactly: plotters
/// asks it where its ticks are and how to write them.
pub(crate) struct ExactAxis {
    lo: f64,
    hi: f64,
    ticks: Vec<crate::ticks::Tick>,
}

impl Ranged for ExactAxis {
    type FormatOption = plotters::coord::ranged1d::NoDefaultFormatting;
    type ValueType = f64;

    fn map(&self, v: &f64, limit: (i32, i32)) -> i32 {
        let span = self.hi - self.lo;
        let pixels = f64::from(limit.1 - limit.0);
        if span <= 0.0 || !span.is_finite() {
            return limit.0;
        }
        // `as` saturates: a mark far outside the range is clipped, never wrapped.
        limit.0 + ((v - self.lo) / span * pixels + 1e-3).floor() as i32
    }

    fn key_points<Hint: plotters::coord::ranged1d::KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            Vec::new()
        } else {
            self.ticks.iter().map(|t| t.at).collect()
        }
    }

    fn range(&self) -> std::ops::Range<f64> {
        self.lo..self.hi
    }
}

impl plotters::coord::ranged1d::ValueFormatter<f64> for ExactAxis {
    fn format_ext(&self, v: &f64) -> String {
        self.ticks
            .iter()
            .find(|t| t.at == *v)
            .map_or_else(String::new, |t| t.label.clone())
    }
}

/// The charts of this crate: two axes with exact ticks.
pub(crate) type Chart<'a, DB> = ChartContext<'a, DB, Cartesian2d<ExactAxis, ExactAxis>>;

/// Lays out a picture: the title at the top, the lines of `subtitle` under it, then a
/// chart with the axes `x` and `y` (mesh lines at the ticks), and runs `body` on the chart.
pub(crate) fn with_chart<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    subtitle: &[String],
    x: &Axis,
    y: &Axis,
    body: impl FnOnce(&mut Chart<'_, DB>) -> DrawResult,
) -> DrawResult
where
    DB::ErrorType: 'static,
{
    let area = area.titled(title, text(26))?;
    let line = 22;
    for (i, s) in subtitle.iter().enumerate() {
        area.draw_text(s, &text(17), (70, i as i32 * line))?;
    }
    let top = subtitle.len() as i32 * line + 12;
    let mut chart = ChartBuilder::on(&area)
        .margin(12)
        .margin_top(top)
        .margin_right(24)
        .x_label_area_size(60)
        .y_label_area_size(90)
        .build_cartesian_2d(x.exact(), y.exact())?;
    chart
        .configure_mesh()
        .x_desc(x.desc.as_str())
        .y_desc(y.desc.as_str())
        .label_style(text(18))
        .axis_desc_style(text(20))
        .bold_line_style(RGBColor(225, 225, 225))
        .light_line_style(TRANSPARENT)
        .draw()?;
    body(&mut chart)
}
