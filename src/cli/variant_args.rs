//! The board a command plays: `--size`, `--rules` and `--shape`, read into a [`Variant`].

use crate::rules::Variant;

/// The rules a command plays: `--size N` (4, 6, 7, 8, 10, 12, 14, 16), `--rules othello | classic
/// | anti | classic-anti` and `--shape cross | octagon | FILE`. The default, standard 8×8 Othello,
/// runs the tuned 8×8 engine; every other variant the generic one.
#[derive(clap::Args, Clone, Debug)]
pub struct VariantArgs {
    /// Board size: 4, 6, 7, 8, 10, 12, 14 or 16.
    #[arg(long, default_value_t = 8)]
    pub size: u32,
    /// othello (the standard start), classic (free placements in the centre first), anti (fewest
    /// discs wins) or classic-anti.
    #[arg(long, default_value = "othello")]
    pub rules: RulesName,
    /// The board's shape: cross (Annexation's: 10×10 without its 3×3 corners), octagon (10×10
    /// without a triangle of six squares at each corner), the squares that are off on the --size
    /// board (a1,h8), or a FILE with a picture of the board (n rows of n squares, # off, - on).
    #[arg(long, value_name = "cross|octagon|SQUARES|FILE")]
    pub shape: Option<String>,
}

/// A `--rules` value, checked when read.
#[derive(Clone, Copy, Debug)]
pub struct RulesName(pub Variant);

impl std::str::FromStr for RulesName {
    type Err = String;
    fn from_str(text: &str) -> Result<RulesName, String> {
        Variant::parse(8, text)
            .map(RulesName)
            .map_err(|e| e.to_string())
    }
}

impl VariantArgs {
    /// The variant, or why it does not exist (the classic opening on 7×7, a shape without its
    /// centre …).
    pub fn variant(&self) -> Result<Variant, String> {
        let variant = self
            .rules
            .0
            .with_size(self.size)
            .map_err(|e| e.to_string())?;
        match &self.shape {
            Some(shape) => with_shape_arg(variant, shape),
            None => Ok(variant),
        }
    }
}

/// `variant` on the shape of a `--shape` value: a named shape, a file with a picture of the board
/// (which brings its size), or the squares that are off.
pub fn with_shape_arg(variant: Variant, shape: &str) -> Result<Variant, String> {
    use crate::rules::shape;
    let path = std::path::Path::new(shape);
    if path.is_file() {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{shape}: {e}"))?;
        let (size, holes) = shape::parse_picture(&text).map_err(|e| format!("{shape}: {e}"))?;
        return variant
            .with_size(size)
            .map_err(|e| e.to_string())?
            .with_holes(holes)
            .map_err(|e| format!("{shape}: {e}"));
    }
    variant.with_shape(shape).map_err(|e| e.to_string())
}
