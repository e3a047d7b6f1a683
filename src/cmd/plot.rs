//! `nimlab plot`: pictures of the values, as SVG or PNG (chosen by the file's extension).
//!
//! * A grid (`--rows R --cols C`): one cell per position, built from a cell template (`r c` by
//!   default: two heaps, whose values come from the game's table path; `r c c` draws the apple
//!   game's (M, N, N) table, each cell analysed on its own), P-positions in red, other cells
//!   shaded by their Grundy value. Wythoff's P-positions show as two rays.
//! * A sequence (`--upto N`): the Grundy values of one heap (from the table path) as bars, with
//!   the period marked: certified by the engine for subtraction games (`--set`), otherwise the
//!   least period seen in the computed values (and labelled as only observed).
//!
//! Text is drawn with a font embedded in the binary (ab_glyph), so PNGs need no system fonts.

use std::io::Write;
use std::path::{Path, PathBuf};

use nimlab_engine::listing::observed_period;
use nimlab_engine::periodicity::certify_period;
use nimlab_engine::spec::grammar::parse_natural;
use nimlab_engine::tables::{GridRequest, SequenceRequest, TableValues, P_CELL};
use nimlab_engine::{AnyGame, BigUint, Budget, GrundyValue, Method, Outcome, Play, Query};
use nimlab_reports::position::GameRef;
use nimlab_reports::ReportError;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::FontStyle;
use serde::Serialize;

use crate::cmd::play;
use crate::game_args::GameArgs;
use crate::{write_json, Context, UsageError};

/// Arguments of `nimlab plot`.
#[derive(clap::Args, Debug)]
#[command(
    allow_negative_numbers = true,
    after_help = "Examples:\n  nimlab plot wythoff --rows 40 --cols 40 --outcomes -o wythoff.png\n  \
                  nimlab plot nim --rows 16 --cols 16 -o nim.svg\n  \
                  nimlab plot apple --max 3 --cell 'r c c' --rows 9 --cols 9 --outcomes -o apple.png\n  \
                  nimlab plot subtraction --set 1,3,4 --upto 60 -o sub134.png"
)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// A sequence: Grundy values of one heap, 0..=N.
    #[arg(long, value_name = "N", conflicts_with_all = ["rows", "cols"], value_parser = crate::game_args::count)]
    pub upto: Option<u64>,
    /// A grid: rows r = 0..=R.
    #[arg(long, value_name = "R", requires = "cols", value_parser = crate::game_args::count)]
    pub rows: Option<u64>,
    /// A grid: columns c = 0..=C.
    #[arg(long, value_name = "C", requires = "rows", value_parser = crate::game_args::count)]
    pub cols: Option<u64>,
    /// The position of a grid cell: numbers and the letters r (row) and c (column).
    #[arg(long, value_name = "TEMPLATE", default_value = "r c")]
    pub cell: String,
    /// Colour P/N outcomes only (the default shades cells by Grundy value).
    #[arg(long)]
    pub outcomes: bool,
    /// Misère play (outcomes only).
    #[arg(long)]
    pub misere: bool,
    /// The image to write: a .svg or .png file.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: PathBuf,
}

/// What a picture shows (the `--json` summary).
#[derive(Debug, Serialize)]
pub struct PlotReport {
    /// The game.
    #[serde(flatten)]
    pub game: GameRef,
    /// Normal or misère.
    pub play: Play,
    /// The file written.
    pub file: String,
    /// The picture.
    #[serde(flatten)]
    pub picture: Picture,
}

/// A grid or a sequence.
#[derive(Debug, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Picture {
    /// One cell per position of a grid.
    Grid {
        /// The last row.
        rows: u64,
        /// The last column.
        cols: u64,
        /// The cell template.
        cell: String,
        /// The P-positions as (row, column).
        p_positions: Vec<[u64; 2]>,
    },
    /// One bar per heap.
    Sequence {
        /// The Grundy values.
        values: Vec<u64>,
        /// The period, if one is certified or seen.
        period: Option<u64>,
        /// Where the periodic part starts.
        preperiod: Option<u64>,
        /// True when the period is certified (not only seen in the values).
        certified: bool,
    },
}

/// The most cells of a grid picture.
const MAX_GRID_CELLS: u64 = 250_000;
/// The longest sequence picture.
const MAX_UPTO: u64 = 10_000;
/// Font family name under which the embedded font is registered.
const FONT: &str = "sans-serif";
/// The colour of P-positions.
const P_RED: RGBColor = RGBColor(211, 47, 47);

/// Runs `nimlab plot`.
///
/// # Errors
/// Usage errors for bad input or an unknown file type; engine errors; drawing and I/O errors.
pub fn run(args: &Args, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    let format = ImageFormat::of(&args.output)?;
    let spec = args.game.spec()?;
    let budget = &cx.budget;
    let game = spec.build(budget)?;
    let play = play(args.misere);
    check_writable(&args.output)?;
    register_font();
    let picture = match (args.upto, args.rows, args.cols) {
        (Some(upto), _, _) => sequence(game.as_ref(), args, format, upto, budget)?,
        (None, Some(rows), Some(cols)) => {
            let template = CellTemplate::parse(&args.cell)?;
            if rows.saturating_add(1).saturating_mul(cols.saturating_add(1)) > MAX_GRID_CELLS {
                return Err(UsageError(format!(
                    "a grid picture has at most {MAX_GRID_CELLS} cells (a fixed limit)"
                ))
                .into());
            }
            let outcomes = args.outcomes || play == Play::Misere;
            let title = format!(
                "{}: {} of ({}){}",
                game.name(),
                if outcomes { "P-positions" } else { "Grundy values" },
                template.text.replace(' ', ", "),
                if play == Play::Misere { ", misère play" } else { "" }
            );
            let cells = if template.is_pair() {
                table_cells(game.as_ref(), rows, cols, outcomes, play, budget)?
            } else {
                analyzed_cells(game.as_ref(), &template, rows, cols, outcomes, play, budget)?
            };
            let grid = GridPicture { rows, cols, outcomes, title, row_label: "r", col_label: "c" };
            let p_positions = grid.draw(&args.output, format, &cells)?;
            Picture::Grid { rows, cols, cell: template.text, p_positions }
        }
        _ => {
            return Err(
                UsageError("plot needs --upto N (one heap) or --rows R --cols C (a grid)".into()).into()
            )
        }
    };
    let report =
        PlotReport { game: GameRef::from(&spec), play, file: args.output.display().to_string(), picture };
    if cx.json {
        write_json(out, &report)
    } else {
        let kind = match report.picture {
            Picture::Grid { .. } => "grid",
            Picture::Sequence { .. } => "sequence",
        };
        writeln!(out, "wrote {} ({kind} of {})", args.output.display(), game.name())?;
        Ok(())
    }
}

/// Fails early, with the system's words, when the picture's folder does not exist or the file
/// cannot be written; nothing is created or truncated before the picture is drawn.
fn check_writable(path: &Path) -> anyhow::Result<()> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let cannot = |why: String| anyhow::anyhow!("cannot write '{}': {why}", path.display());
    let meta = std::fs::metadata(folder).map_err(|e| cannot(format!("{}: {e}", folder.display())))?;
    if !meta.is_dir() {
        return Err(cannot(format!("{} is not a folder", folder.display())));
    }
    if let Ok(file) = std::fs::metadata(path) {
        if file.is_dir() {
            return Err(cannot("it is a folder".into()));
        }
        if file.permissions().readonly() {
            return Err(cannot("the file is read-only".into()));
        }
    }
    Ok(())
}

/// Registers the embedded font once; a second registration replaces it harmlessly.
fn register_font() {
    // The font is a valid TrueType file shipped in a crate; failing would only lose the text.
    let _ = plotters::style::register_font(FONT, FontStyle::Normal, epaint_default_fonts::UBUNTU_LIGHT);
}

/// SVG or PNG.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ImageFormat {
    Svg,
    Png,
}

impl ImageFormat {
    fn of(path: &Path) -> anyhow::Result<ImageFormat> {
        match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
            Some("svg") => Ok(ImageFormat::Svg),
            Some("png") => Ok(ImageFormat::Png),
            _ => {
                Err(UsageError(format!("'{}': the picture must be a .svg or .png file", path.display()))
                    .into())
            }
        }
    }
}

/// Draws with `$draw` (a closure over the drawing area, expanded once per backend) into an SVG
/// or PNG file of `$size` pixels.
macro_rules! draw_to_file {
    ($path:expr, $format:expr, $size:expr, $draw:expr) => {
        match $format {
            ImageFormat::Svg => {
                let root = SVGBackend::new($path, $size).into_drawing_area();
                $draw(&root)?;
                root.present().map_err(drawing_error)?;
            }
            ImageFormat::Png => {
                let root = BitMapBackend::new($path, $size).into_drawing_area();
                $draw(&root)?;
                root.present().map_err(drawing_error)?;
            }
        }
    };
}

/// A drawing error in words: the innermost cause (an I/O error, say), not the backend's debug text.
fn drawing_error<E: std::error::Error + Send + Sync>(error: DrawingAreaErrorKind<E>) -> anyhow::Error {
    let mut cause: &dyn std::error::Error = &error;
    while let Some(inner) = cause.source() {
        cause = inner;
    }
    anyhow::anyhow!("cannot draw the picture: {cause}")
}

/// One cell of a grid picture.
#[derive(Debug, Clone, Copy)]
struct Cell {
    p_position: bool,
    /// The Grundy value when shown (and small enough to colour).
    grundy: Option<u64>,
}

/// A grid of positions, one cell per (row, column), row 0 at the bottom.
struct GridPicture {
    rows: u64,
    cols: u64,
    outcomes: bool,
    title: String,
    row_label: &'static str,
    col_label: &'static str,
}

impl GridPicture {
    /// Draws the picture of `cells` (row by row); returns the P-positions (row, column) in
    /// row-major order.
    fn draw(&self, path: &Path, format: ImageFormat, cells: &[Vec<Cell>]) -> anyhow::Result<Vec<[u64; 2]>> {
        let p_positions = (0u64..)
            .zip(cells)
            .flat_map(|(r, line)| {
                (0u64..).zip(line).filter(|(_, cell)| cell.p_position).map(move |(c, _)| [r, c])
            })
            .collect();
        let span = self.rows.max(self.cols) + 1;
        let pixels = (900 / span).clamp(3, 32) as u32;
        let size = (pixels * (self.cols as u32 + 1) + 110, pixels * (self.rows as u32 + 1) + 120);
        draw_to_file!(path, format, size, |root| self.render(root, cells, pixels));
        Ok(p_positions)
    }

    fn render<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        cells: &[Vec<Cell>],
        pixels: u32,
    ) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static,
    {
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

/// The cells of the grid `(r, c)` from the game's table path (the ruleset's fastest: a closed
/// form, the line kernel, the dense table), row by row.
fn table_cells(
    game: &dyn AnyGame,
    rows: u64,
    cols: u64,
    outcomes: bool,
    play: Play,
    budget: &Budget,
) -> anyhow::Result<Vec<Vec<Cell>>> {
    let values = if outcomes { TableValues::Outcomes } else { TableValues::Grundy };
    let mut grid =
        game.grid(&GridRequest::new(rows, cols, values, play), budget).map_err(ReportError::from)?;
    let mut row = vec![0; grid.row_len()];
    let mut cells = Vec::new();
    while grid.next_row(&mut row).map_err(ReportError::from)?.is_some() {
        cells.push(
            row.iter().map(|&v| Cell { p_position: v == P_CELL, grundy: (!outcomes).then_some(v) }).collect(),
        );
    }
    Ok(cells)
}

/// The cells of a grid whose positions are not the two heaps `(r, c)` (a template such as
/// `r c c`), each analysed on its own. `O(cells)` analyses.
fn analyzed_cells(
    game: &dyn AnyGame,
    template: &CellTemplate,
    rows: u64,
    cols: u64,
    outcomes: bool,
    play: Play,
    budget: &Budget,
) -> anyhow::Result<Vec<Vec<Cell>>> {
    let query = Query { method: Method::Auto, play, max_moves: 0 };
    (0..=rows)
        .map(|r| {
            (0..=cols)
                .map(|c| {
                    let numbers = game.check_position(&template.position(r, c))?;
                    let analysis = game.analyze(&numbers, &query, budget)?;
                    let grundy = match (&analysis.grundy, outcomes) {
                        (GrundyValue::Value(g), false) => g.try_into().ok(),
                        _ => None,
                    };
                    Ok(Cell { p_position: analysis.outcome == Outcome::P, grundy })
                })
                .collect()
        })
        .collect()
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

/// A periodic tail of a sequence: values repeat with `period` from `preperiod` on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct SeenPeriod {
    preperiod: u64,
    period: u64,
    certified: bool,
}

fn sequence(
    game: &dyn AnyGame,
    args: &Args,
    format: ImageFormat,
    upto: u64,
    budget: &Budget,
) -> anyhow::Result<Picture> {
    if upto > MAX_UPTO {
        return Err(
            UsageError(format!("a sequence picture goes up to at most {MAX_UPTO} (a fixed limit)")).into()
        );
    }
    if args.misere {
        return Err(UsageError(
            "a sequence picture shows Grundy values, which misère play does not have".into(),
        )
        .into());
    }
    let request = SequenceRequest::new(upto, TableValues::Grundy, Play::Normal);
    let values =
        game.sequence(&request, budget).and_then(|mut s| s.collect_rest()).map_err(ReportError::from)?;
    let spec = game.spec();
    let certified = if spec.name() == "subtraction" {
        certify_period(spec.params().set("set"), nimlab_reports::period::DEFAULT_LIMIT, budget).ok()
    } else {
        None
    };
    let period = match certified {
        Some(p) => Some(SeenPeriod { preperiod: p.preperiod, period: p.period, certified: true }),
        None => observed_period(&values).map(|p| SeenPeriod {
            preperiod: p.preperiod,
            period: p.period,
            certified: false,
        }),
    };
    let period_text = match period {
        Some(SeenPeriod { preperiod, period, certified }) => format!(
            "period {period} from n = {preperiod} ({})",
            if certified { "certified" } else { "observed in this range" }
        ),
        None => "no period in this range".into(),
    };
    let title = format!("{}: Grundy values G(n), n = 0..{upto}; {period_text}", game.name());
    let width = (upto as u32 + 1).saturating_mul(12).clamp(640, 1600) + 80;
    draw_to_file!(&args.output, format, (width, 480), |root| render_sequence(root, &title, &values, period));
    Ok(Picture::Sequence {
        period: period.map(|p| p.period),
        preperiod: period.map(|p| p.preperiod),
        certified: period.is_some_and(|p| p.certified),
        values,
    })
}

fn render_sequence<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    values: &[u64],
    period: Option<SeenPeriod>,
) -> anyhow::Result<()>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE).map_err(drawing_error)?;
    let len = values.len() as u64;
    let top = values.iter().copied().max().unwrap_or(0) + 1;
    let mut chart = ChartBuilder::on(root)
        .caption(title, (FONT, 18))
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
    if let Some(SeenPeriod { preperiod, period, .. }) = period {
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
                PathElement::new(vec![(exact(n), 0), (exact(n), top)], RGBColor(191, 144, 0).stroke_width(2))
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

/// A position with the letters `r` and `c` standing for the cell's row and column.
struct CellTemplate {
    text: String,
    slots: Vec<Slot>,
}

enum Slot {
    Row,
    Col,
    Number(BigUint),
}

impl CellTemplate {
    fn parse(text: &str) -> anyhow::Result<CellTemplate> {
        let slots: Vec<Slot> = text
            .split_whitespace()
            .map(|w| match w {
                "r" => Ok(Slot::Row),
                "c" => Ok(Slot::Col),
                n => parse_natural(n).map(Slot::Number).map_err(|e| UsageError(format!("--cell: {e}"))),
            })
            .collect::<Result<_, _>>()?;
        if !slots.iter().any(|s| matches!(s, Slot::Row)) || !slots.iter().any(|s| matches!(s, Slot::Col)) {
            return Err(
                UsageError(format!("--cell '{text}' must use both r and c, e.g. 'r c' or 'r c c'")).into()
            );
        }
        Ok(CellTemplate { text: text.split_whitespace().collect::<Vec<_>>().join(" "), slots })
    }

    /// True for the plain template `r c`: the cell is the two-heap position `(r, c)`.
    fn is_pair(&self) -> bool {
        matches!(self.slots[..], [Slot::Row, Slot::Col])
    }

    fn position(&self, r: u64, c: u64) -> Vec<BigUint> {
        self.slots
            .iter()
            .map(|s| match s {
                Slot::Row => BigUint::from(r),
                Slot::Col => BigUint::from(c),
                Slot::Number(n) => n.clone(),
            })
            .collect()
    }
}
