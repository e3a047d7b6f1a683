//! Pictures of the values (`nimlab plot`, and the Python module's `_repr_svg_`): drawn with
//! plotters on any backend (the command line's SVG and PNG files, an SVG string for notebooks).
//!
//! * [`GridPicture`]: one cell per position of a grid, P-positions in red, other cells shaded by
//!   their Grundy value (or grey when only outcomes are shown). Wythoff's P-positions show as two
//!   rays.
//! * [`SequencePicture`]: the Grundy values of one heap as bars, with the period marked:
//!   certified by the engine for subtraction games, otherwise the least period seen in the
//!   computed values (and labelled as only observed).
//!
//! The grid's cells are computed in [`crate::grid`] (re-exported here), which the playground's
//! report of the same grid shares.
//!
//! Text is laid out with a font embedded in the binary (ab_glyph, registered on first use), so
//! PNGs need no system fonts and SVG text is placed as in the PNG.

use crate::error::CommandError;
use std::sync::Once;

pub use crate::grid::{
    analyzed_cells, check_grid_size, grid_title, p_positions, table_cells, Cell, GridAsk, MAX_GRID_CELLS,
};
use nimlab_engine::tables::{SequenceRequest, TableValues};
use nimlab_engine::{AnyGame, Budget, EngineError, Play};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::FontStyle;
use thiserror::Error;

use crate::table::SeenPeriod;
use crate::ReportError;

/// The longest sequence picture.
pub const MAX_UPTO: u64 = 10_000;
/// Font family name under which the embedded font is registered.
const FONT: &str = "sans-serif";
/// The colour of P-positions.
const P_RED: RGBColor = RGBColor(211, 47, 47);

/// A picture could not be drawn; the innermost cause (an I/O error, say) in words: the drawing
/// library's own message, kept as its text because nimlab does not know its kinds.
#[derive(Debug, Error)]
#[error("cannot draw the picture: {0}")]
pub struct DrawError(String);

impl DrawError {
    /// The drawing library's message.
    pub fn cause(&self) -> &str {
        &self.0
    }
}

/// A drawing error in words: the innermost cause, not the backend's debug text.
pub fn drawing_error<E: std::error::Error + Send + Sync>(error: DrawingAreaErrorKind<E>) -> DrawError {
    let mut cause: &dyn std::error::Error = &error;
    while let Some(inner) = cause.source() {
        cause = inner;
    }
    DrawError(cause.to_string())
}

/// Registers the embedded font once per process.
fn register_font() {
    static REGISTERED: Once = Once::new();
    REGISTERED.call_once(|| {
        // The font is a valid TrueType file shipped in a crate; failing would only lose the text.
        let _ = plotters::style::register_font(FONT, FontStyle::Normal, epaint_default_fonts::UBUNTU_LIGHT);
    });
}

/// Draws `picture` into an SVG document of `size` pixels, returned as a string.
fn svg_string(
    size: (u32, u32),
    picture: impl FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), DrawError>,
) -> Result<String, DrawError> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        picture(&root)?;
        root.present().map_err(drawing_error)?;
    }
    Ok(svg)
}

/// A grid of positions, one cell per (row, column), row 0 at the bottom.
#[derive(Debug, Clone)]
pub struct GridPicture {
    /// The last row.
    pub rows: u64,
    /// The last column.
    pub cols: u64,
    /// True when only outcomes are shown (no Grundy values written in the cells).
    pub outcomes: bool,
    /// The caption.
    pub title: String,
    /// The name of the row coordinate on its axis.
    pub row_label: &'static str,
    /// The name of the column coordinate on its axis.
    pub col_label: &'static str,
}

/// Bytes of one cell of an SVG grid picture: its `<rect>` element (corners, fill colour), about
/// 86 bytes as plotters writes it (a 500 × 500 grid of Wythoff's values: 21.7 MB for 251,001
/// cells, labels included). The document is held in memory until it is written.
pub const SVG_BYTES_PER_CELL: u64 = 88;

/// Holds, in the memory account and under the memory ceiling of `budget`, what drawing a grid
/// picture of `size` pixels keeps at once: its cells (one vector a row, by capacity) and the
/// image, a PNG's bitmap (3 bytes a pixel) or an SVG's document ([`SVG_BYTES_PER_CELL`] a cell).
///
/// # Errors
/// [`ReportError::Engine`] when that passes the memory ceiling.
pub fn hold_grid_picture(
    cells: &[Vec<Cell>],
    size: (u32, u32),
    svg: bool,
    budget: &Budget,
) -> Result<(), ReportError> {
    let rows = std::mem::size_of_val(cells) as u64;
    let row_bytes: u64 = cells.iter().map(|row| (row.capacity() * std::mem::size_of::<Cell>()) as u64).sum();
    let count: u64 = cells.iter().map(|row| row.len() as u64).sum();
    let image = if svg { count * SVG_BYTES_PER_CELL } else { u64::from(size.0) * u64::from(size.1) * 3 };
    budget.check_memory(rows + row_bytes + image).map_err(|cause| {
        EngineError::Exhausted { task: Box::new(nimlab_engine::Task::GridPicture), cause }.into()
    })
}

impl GridAsk {
    /// The picture of the answer, whose cells are the positions `template` (`"r c"`, `"r c c"`).
    pub fn picture(&self, game: &str, template: &str) -> GridPicture {
        let title = grid_title(game, self.outcomes, template, self.play);
        GridPicture {
            rows: self.rows,
            cols: self.cols,
            outcomes: self.outcomes,
            title,
            row_label: "r",
            col_label: "c",
        }
    }
}

impl GridPicture {
    /// The width of one cell in pixels.
    fn cell_pixels(&self) -> u32 {
        let span = self.rows.max(self.cols) + 1;
        (900 / span).clamp(3, 32) as u32
    }

    /// The picture's size in pixels (width, height).
    pub fn size(&self) -> (u32, u32) {
        let pixels = self.cell_pixels();
        (pixels * (self.cols as u32 + 1) + 110, pixels * (self.rows as u32 + 1) + 120)
    }

    /// The picture of `cells` (row by row) as an SVG document.
    ///
    /// # Errors
    /// A drawing error.
    pub fn svg(&self, cells: &[Vec<Cell>]) -> Result<String, DrawError> {
        svg_string(self.size(), |root| self.render(root, cells))
    }

    /// Draws the picture of `cells` (row by row) on `root`, which has [`GridPicture::size`].
    ///
    /// # Errors
    /// A drawing error.
    pub fn render<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        cells: &[Vec<Cell>],
    ) -> Result<(), DrawError>
    where
        DB::ErrorType: 'static,
    {
        register_font();
        let pixels = self.cell_pixels();
        root.fill(&WHITE).map_err(drawing_error)?;
        let max_grundy = cells.iter().flatten().filter_map(|c| c.grundy).max().unwrap_or(1).max(1);
        let mut chart = ChartBuilder::on(root)
            .caption(&self.title, (FONT, 20))
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(44)
            .build_cartesian_2d((0..self.cols).into_segmented(), (0..self.rows).into_segmented())
            .map_err(drawing_error)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc(format!("{} (column)", self.col_label))
            .y_desc(format!("{} (row)", self.row_label))
            .label_style((FONT, 13))
            .axis_desc_style((FONT, 15))
            .x_labels(16.min(self.cols as usize + 1))
            .y_labels(16.min(self.rows as usize + 1))
            .draw()
            .map_err(drawing_error)?;
        let exact = SegmentValue::Exact;
        chart
            .draw_series(cells.iter().enumerate().flat_map(|(r, line)| {
                line.iter().enumerate().map(move |(c, cell)| {
                    let (r, c) = (r as u64, c as u64);
                    Rectangle::new(
                        [(exact(c), exact(r)), (exact(c + 1), exact(r + 1))],
                        cell_colour(cell, max_grundy).filled(),
                    )
                })
            }))
            .map_err(drawing_error)?;
        if pixels >= 8 {
            // Thin white borders keep neighbouring cells of one colour apart.
            let border = |r: u64, c: u64| {
                Rectangle::new([(exact(c), exact(r)), (exact(c + 1), exact(r + 1))], WHITE.stroke_width(1))
            };
            chart
                .draw_series((0..=self.rows).flat_map(|r| (0..=self.cols).map(move |c| border(r, c))))
                .map_err(drawing_error)?;
        }
        if pixels >= 16 && !self.outcomes {
            let labels = cells.iter().enumerate().flat_map(|(r, line)| {
                line.iter().enumerate().filter_map(move |(c, cell)| {
                    let value = cell.grundy?;
                    let colour: &'static RGBColor =
                        if cell.p_position || value * 2 > max_grundy { &WHITE } else { &BLACK };
                    let style = TextStyle::from((FONT, (pixels as f64 * 0.55).max(9.0))).color(colour).pos(
                        plotters::style::text_anchor::Pos::new(
                            plotters::style::text_anchor::HPos::Center,
                            plotters::style::text_anchor::VPos::Center,
                        ),
                    );
                    Some(Text::new(
                        value.to_string(),
                        (SegmentValue::CenterOf(c as u64), SegmentValue::CenterOf(r as u64)),
                        style,
                    ))
                })
            });
            chart.draw_series(labels).map_err(drawing_error)?;
        }
        Ok(())
    }
}

/// P-positions red; N-positions grey, or blue shaded by Grundy value.
fn cell_colour(cell: &Cell, max_grundy: u64) -> RGBColor {
    if cell.p_position {
        return P_RED;
    }
    match cell.grundy {
        None => RGBColor(226, 230, 236),
        Some(value) => {
            // Light to dark blue in exact integer steps.
            let shade = |light: u64, dark: u64| (light - (light - dark) * value / max_grundy) as u8;
            RGBColor(shade(214, 30), shade(228, 64), shade(247, 150))
        }
    }
}

/// Refuses a sequence picture beyond [`MAX_UPTO`].
///
/// # Errors
/// [`ReportError::Invalid`] naming the limit.
pub fn check_upto(upto: u64) -> Result<(), ReportError> {
    if upto > MAX_UPTO {
        return Err(ReportError::Invalid(CommandError::SequencePictureBeyond { max: MAX_UPTO }));
    }
    Ok(())
}

/// The Grundy values `G(0..=upto)` of one heap with their period, and the caption saying it.
#[derive(Debug, Clone)]
pub struct SequencePicture {
    /// The caption.
    pub title: String,
    /// The Grundy values.
    pub values: Vec<u64>,
    /// The period, if one is certified or seen.
    pub period: Option<SeenPeriod>,
}

impl SequencePicture {
    /// The values of `game`'s one-heap positions `0..=upto` from its table path, with the period
    /// that path certifies (a subtraction or take-and-break game's), otherwise the least period
    /// seen in the values (at least three repetitions).
    ///
    /// # Errors
    /// [`ReportError::Invalid`] beyond [`MAX_UPTO`]; as [`AnyGame::sequence`] (a game whose
    /// positions are not one heap, the budget).
    pub fn compute(game: &dyn AnyGame, upto: u64, budget: &Budget) -> Result<SequencePicture, ReportError> {
        check_upto(upto)?;
        let request = SequenceRequest::new(upto, TableValues::Grundy, Play::Normal);
        let mut sequence = game.sequence(&request, budget)?;
        let certified = sequence.basis().certified_period;
        let values = sequence.collect_rest()?;
        let period = SeenPeriod::of(certified, values.len(), |n| values[n]);
        let period_text = match period {
            Some(SeenPeriod { preperiod, period, certified }) => format!(
                "period {period} from n = {preperiod} ({})",
                if certified { "certified" } else { "observed in this range" }
            ),
            None => "no period in this range".into(),
        };
        let title = format!("{}: Grundy values G(n), n = 0..{upto}; {period_text}", game.name());
        Ok(SequencePicture { title, values, period })
    }

    /// The picture's size in pixels (width, height).
    pub fn size(&self) -> (u32, u32) {
        let width = (self.values.len() as u32).saturating_mul(12).clamp(640, 1600) + 80;
        (width, 480)
    }

    /// The picture as an SVG document.
    ///
    /// # Errors
    /// A drawing error.
    pub fn svg(&self) -> Result<String, DrawError> {
        svg_string(self.size(), |root| self.render(root))
    }

    /// Draws the values as bars on `root`, which has [`SequencePicture::size`]: the first full
    /// period shaded, each period's start marked, P-positions (value 0) as red dots.
    ///
    /// # Errors
    /// A drawing error.
    pub fn render<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), DrawError>
    where
        DB::ErrorType: 'static,
    {
        register_font();
        let values = &self.values;
        root.fill(&WHITE).map_err(drawing_error)?;
        let len = values.len() as u64;
        let top = values.iter().copied().max().unwrap_or(0) + 1;
        let mut chart = ChartBuilder::on(root)
            .caption(&self.title, (FONT, 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(40)
            .build_cartesian_2d((0..len - 1).into_segmented(), 0..top)
            .map_err(drawing_error)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc("n (heap size)")
            .y_desc("G(n)")
            .label_style((FONT, 13))
            .axis_desc_style((FONT, 15))
            .x_labels(20.min(len as usize))
            .draw()
            .map_err(drawing_error)?;
        let exact = SegmentValue::Exact;
        if let Some(SeenPeriod { preperiod, period, .. }) = self.period {
            // Shade the first full period and mark where each period starts.
            let first_end = (preperiod + period).min(len);
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(exact(preperiod), 0), (exact(first_end), top)],
                    RGBColor(255, 243, 196).filled(),
                )))
                .map_err(drawing_error)?;
            let starts = (0..).map(|k| preperiod + k * period).take_while(|&n| n <= len);
            chart
                .draw_series(starts.map(|n| {
                    PathElement::new(
                        vec![(exact(n), 0), (exact(n), top)],
                        RGBColor(191, 144, 0).stroke_width(2),
                    )
                }))
                .map_err(drawing_error)?;
        }
        chart
            .draw_series(values.iter().enumerate().map(|(n, &v)| {
                let n = n as u64;
                Rectangle::new([(exact(n), 0), (exact(n + 1), v)], RGBColor(30, 64, 150).filled())
            }))
            .map_err(drawing_error)?;
        // P-positions (value 0) have no bar: a red dot on the axis marks them.
        chart
            .draw_series(
                values
                    .iter()
                    .enumerate()
                    .filter(|(_, &v)| v == 0)
                    .map(|(n, _)| Circle::new((SegmentValue::CenterOf(n as u64), 0), 4, P_RED.filled())),
            )
            .map_err(drawing_error)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nim_grid_svg_has_its_p_positions_in_red_on_the_diagonal() {
        let game = nimlab_engine::GameSpec::named("nim").unwrap().build(&Budget::default()).unwrap();
        let cells =
            table_cells(game.as_ref(), &GridAsk::new(3, 4, false, Play::Normal).unwrap(), &Budget::default())
                .unwrap();
        assert_eq!(p_positions(&cells), vec![[0, 0], [1, 1], [2, 2], [3, 3]]);
        let title = grid_title(&game.name(), false, "r c", Play::Normal);
        let picture =
            GridPicture { rows: 3, cols: 4, outcomes: false, title, row_label: "r", col_label: "c" };
        let svg = picture.svg(&cells).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("nim: Grundy values of (r, c)"));
        assert_eq!(svg.matches(r##"fill="#D32F2F""##).count(), 4, "one red cell per P-position");
    }

    #[test]
    fn a_sequence_picture_beyond_the_limit_is_refused() {
        let game = nimlab_engine::GameSpec::named("nim").unwrap().build(&Budget::default()).unwrap();
        let error = SequencePicture::compute(game.as_ref(), MAX_UPTO + 1, &Budget::default()).unwrap_err();
        assert!(error.is_usage() && error.to_string().contains("at most 10000"), "{error}");
    }
}
