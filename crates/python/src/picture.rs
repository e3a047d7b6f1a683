//! `nimlab.Picture`: the pictures `nimlab plot` draws (a grid of positions, a sequence of Grundy
//! values), as an SVG document that notebooks show (`_repr_svg_`). The drawing is
//! `nimlab_reports::plot`'s, the same code as the command line's; the values come from the
//! engine's table path, as for `Game.grid` and `Game.sequence`.

use std::path::PathBuf;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// A picture drawn as ``nimlab plot`` draws it (``Game.plot_grid``, ``Game.plot_sequence``):
/// ``svg`` is the SVG document, shown by notebooks through ``_repr_svg_``; ``save(path)`` writes
/// it to a file.
///
/// >>> picture = Game('wythoff').plot_grid(9, 9, outcomes=True)
/// >>> picture
/// Picture('wythoff: P-positions of (r, c)')
/// >>> picture.svg.startswith('<svg')
/// True
/// >>> picture.svg.count('fill="#D32F2F"')  # Wythoff's P-positions (0, 0), (1, 2), (2, 1), ...
/// 7
#[pyclass(module = "nimlab", frozen)]
pub(crate) struct Picture {
    title: String,
    svg: String,
}

impl Picture {
    /// A picture drawn by `draw`, captioned `title`.
    pub(crate) fn new(
        title: String,
        draw: impl FnOnce() -> Result<String, nimlab_reports::plot::DrawError>,
    ) -> PyResult<Picture> {
        let svg = draw().map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        Ok(Picture { title, svg })
    }
}

#[pymethods]
impl Picture {
    /// The caption: the game and what the picture shows.
    #[getter]
    fn title(&self) -> &str {
        &self.title
    }

    /// The SVG document.
    #[getter]
    fn svg(&self) -> &str {
        &self.svg
    }

    /// The SVG document, for notebooks.
    fn _repr_svg_(&self) -> &str {
        &self.svg
    }

    /// Writes the SVG document to ``path`` (whatever its extension: the picture is SVG).
    fn save(&self, path: PathBuf) -> PyResult<()> {
        std::fs::write(path, &self.svg)?;
        Ok(())
    }

    fn __repr__(&self) -> String {
        let quoted = self.title.replace('\\', "\\\\").replace('\'', "\\'");
        format!("Picture('{quoted}')")
    }
}
