//! Pictures of sprague's answers, as SVG text or PNG bytes (docs/plot.md):
//!
//! - [`grundy`]: the Grundy sequence of a heap game as a scatter plot (heap on x, value on
//!   y), from the catalogue's typed table, with the proven period shaded;
//! - [`grid`]: the P-positions of a two-heap game as a grid of filled cells;
//! - [`thermo`]: the thermograph of a partizan value, its walls and mast drawn from
//!   the exact dyadic walls, labelled with the exact mean and temperature.
//!
//! Each picture is made in two steps: the data, computed exactly with the facade
//! ([`grundy::GrundySequence`], [`grid::PGrid`], [`thermo::ThermoData`]), then drawn by
//! [plotters](https://docs.rs/plotters) with an embedded font (DejaVu Sans, its licence in
//! `fonts/`), so no system font library is needed. Floating point is used only to place
//! marks on the picture; every number written on it is exact.
//!
//! The library does no I/O: it returns a [`Picture`] (bytes and their media type) that the
//! command line writes to a file and the server sends. The same input gives the same bytes.
//!
//! ```
//! use sprague_games::interface::SolveOptions;
//! use sprague_plot::{grundy, Format, PlotOptions};
//! let limits = SolveOptions::default(); // a deadline, a cancellation flag, ...
//! let pic = grundy::plot("kayles", 200, true, &limits, &PlotOptions::new(Format::Svg)).unwrap();
//! let svg = std::str::from_utf8(&pic.bytes).unwrap();
//! assert!(svg.starts_with("<svg"));
//! assert!(svg.contains("preperiod 71"));
//! ```

#![warn(missing_docs)]

pub mod grid;
pub mod grundy;
mod render;
pub mod thermo;
mod ticks;

use sprague_core::error::{Error, Result};

/// The picture formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Scalable vector graphics: UTF-8 text.
    Svg,
    /// A PNG image (8-bit RGB).
    Png,
}

impl Format {
    /// The format named by a word (`svg`, `png`, any case), or by a file name's extension.
    pub fn parse(word: &str) -> Result<Format> {
        match word.to_ascii_lowercase().as_str() {
            "svg" => Ok(Format::Svg),
            "png" => Ok(Format::Png),
            _ => Err(Error::parse(format!(
                "unknown picture format `{word}`: use svg or png"
            ))),
        }
    }

    /// The format of a file name by its extension (`.svg`, `.png`), if it has one of them.
    pub fn from_file_name(name: &str) -> Option<Format> {
        let ext = name.rsplit_once('.')?.1;
        Format::parse(ext).ok()
    }

    /// The media type of the format (`image/svg+xml`, `image/png`).
    pub fn media_type(self) -> &'static str {
        match self {
            Format::Svg => "image/svg+xml",
            Format::Png => "image/png",
        }
    }
}

/// How a picture is drawn: its format and size in pixels (0 for a kind's default).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlotOptions {
    /// SVG or PNG.
    pub format: Format,
    /// The width in pixels; 0 for the default of the kind of picture.
    pub width: u32,
    /// The height in pixels; 0 for the default of the kind of picture.
    pub height: u32,
}

impl PlotOptions {
    /// The smallest width or height accepted.
    pub const MIN_SIDE: u32 = 200;
    /// The largest width or height accepted: a PNG of 4096 × 4096 holds 48 MiB of pixels
    /// while it is drawn.
    pub const MAX_SIDE: u32 = 4096;

    /// The default size of `format`.
    pub fn new(format: Format) -> PlotOptions {
        PlotOptions {
            format,
            width: 0,
            height: 0,
        }
    }

    /// The size to draw: the one asked for, or `default`; an error names a side out of
    /// [`Self::MIN_SIDE`]`..=`[`Self::MAX_SIDE`].
    pub(crate) fn size(&self, default: (u32, u32)) -> Result<(u32, u32)> {
        let pick = |asked: u32, dflt: u32, what: &str| {
            let v = if asked == 0 { dflt } else { asked };
            if (Self::MIN_SIDE..=Self::MAX_SIDE).contains(&v) {
                Ok(v)
            } else {
                Err(Error::unsupported(format!(
                    "the picture's {what} is {v} pixels; it must be between {} and {}",
                    Self::MIN_SIDE,
                    Self::MAX_SIDE
                )))
            }
        };
        Ok((
            pick(self.width, default.0, "width")?,
            pick(self.height, default.1, "height")?,
        ))
    }
}

/// A finished picture: its bytes (UTF-8 text for SVG) and size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    /// The format of the bytes.
    pub format: Format,
    /// The SVG text or the PNG file.
    pub bytes: Vec<u8>,
    /// The width in pixels.
    pub width: u32,
    /// The height in pixels.
    pub height: u32,
}

impl Picture {
    /// The media type of the bytes.
    pub fn media_type(&self) -> &'static str {
        self.format.media_type()
    }
}
