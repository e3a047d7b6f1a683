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
//! The drawing is `nimlab_reports::plot`'s (shared with the Python module's `_repr_svg_`); this
//! command checks the arguments and the file, computes the cells and writes the picture.

use std::io::Write;
use std::path::{Path, PathBuf};

use nimlab_engine::parse_natural;
use nimlab_engine::{AnyGame, BigUint, Budget, Play};
use nimlab_reports::plot::{
    analyzed_cells, check_upto, drawing_error, hold_grid_picture, p_positions, table_cells, GridAsk,
    SequencePicture,
};
use nimlab_reports::position::GameRef;
use plotters::prelude::*;
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
    let picture = match (args.upto, args.rows, args.cols) {
        (Some(upto), _, _) => sequence(game.as_ref(), args, format, upto, budget)?,
        (None, Some(rows), Some(cols)) => {
            let template = CellTemplate::parse(&args.cell)?;
            let ask = GridAsk::new(rows, cols, args.outcomes, play)?;
            let cells = if template.is_pair() {
                table_cells(game.as_ref(), &ask, budget)?
            } else {
                analyzed_cells(game.as_ref(), &ask, |r, c| template.position(r, c), budget)?
            };
            let grid = ask.picture(&game.name(), &template.text);
            hold_grid_picture(&cells, grid.size(), format == ImageFormat::Svg, budget)?;
            draw_to_file!(&args.output, format, grid.size(), |root| grid.render(root, &cells));
            Picture::Grid { rows, cols, cell: template.text, p_positions: p_positions(&cells) }
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

/// The sequence picture of `--upto N`, written to the output file.
fn sequence(
    game: &dyn AnyGame,
    args: &Args,
    format: ImageFormat,
    upto: u64,
    budget: &Budget,
) -> anyhow::Result<Picture> {
    check_upto(upto)?;
    if args.misere {
        return Err(UsageError(
            "a sequence picture shows Grundy values, which misère play does not have".into(),
        )
        .into());
    }
    let picture = SequencePicture::compute(game, upto, budget)?;
    draw_to_file!(&args.output, format, picture.size(), |root| picture.render(root));
    let period = picture.period;
    Ok(Picture::Sequence {
        period: period.map(|p| p.period),
        preperiod: period.map(|p| p.preperiod),
        certified: period.is_some_and(|p| p.certified),
        values: picture.values,
    })
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
