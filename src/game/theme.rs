//! Board themes: the colours of the felt, grid, frame, background, discs and markers. The classic
//! green felt, a wooden board, a dark board, and a high-contrast board (strong grid lines, pure
//! black and white discs, markers that stand out from everything around them). Chosen in the
//! settings, saved with them; a change recolours the board at once.

use std::fmt;
use std::str::FromStr;

use bevy::prelude::*;

/// A board theme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Theme {
    #[default]
    Classic,
    Wood,
    Dark,
    HighContrast,
}

/// Every colour a theme sets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    pub background: Color,
    pub frame: Color,
    pub grid: Color,
    pub felt: Color,
    /// The felt under the cursor.
    pub cursor: Color,
    /// The felt of a square that refused a disc.
    pub illegal: Color,
    /// The legal-move dots.
    pub legal: Color,
    /// The ring on the disc placed last.
    pub accent: Color,
    /// The cursor's outline: unlike the last move's ring, so that the square a player last
    /// clicked does not read as a second last move.
    pub outline: Color,
    pub black: Color,
    pub white: Color,
}

impl Theme {
    pub const ALL: [Theme; 4] = [
        Theme::Classic,
        Theme::Wood,
        Theme::Dark,
        Theme::HighContrast,
    ];

    /// The name in save files and on the command line.
    pub const fn key(self) -> &'static str {
        match self {
            Theme::Classic => "classic",
            Theme::Wood => "wood",
            Theme::Dark => "dark",
            Theme::HighContrast => "high-contrast",
        }
    }

    pub fn palette(self) -> Palette {
        match self {
            Theme::Classic => Palette {
                background: Color::srgb(0.11, 0.12, 0.14),
                frame: Color::srgb(0.36, 0.2, 0.1),
                grid: Color::srgb(0.02, 0.16, 0.07),
                felt: Color::srgb(0.05, 0.42, 0.2),
                cursor: Color::srgb(0.16, 0.58, 0.32),
                illegal: Color::srgb(0.55, 0.18, 0.15),
                legal: Color::srgba(1.0, 0.95, 0.6, 0.55),
                accent: Color::srgb(0.95, 0.55, 0.1),
                outline: Color::srgb(0.9, 0.96, 0.9),
                black: Color::srgb(0.04, 0.04, 0.05),
                white: Color::srgb(0.93, 0.92, 0.88),
            },
            Theme::Wood => Palette {
                background: Color::srgb(0.16, 0.13, 0.11),
                frame: Color::srgb(0.22, 0.12, 0.06),
                grid: Color::srgb(0.18, 0.1, 0.05),
                felt: Color::srgb(0.55, 0.36, 0.2),
                cursor: Color::srgb(0.68, 0.5, 0.32),
                illegal: Color::srgb(0.6, 0.22, 0.16),
                legal: Color::srgba(1.0, 0.97, 0.85, 0.55),
                accent: Color::srgb(0.1, 0.45, 0.95),
                outline: Color::srgb(0.98, 0.95, 0.85),
                black: Color::srgb(0.04, 0.04, 0.05),
                white: Color::srgb(0.95, 0.94, 0.9),
            },
            Theme::Dark => Palette {
                background: Color::srgb(0.03, 0.03, 0.04),
                frame: Color::srgb(0.08, 0.08, 0.09),
                grid: Color::srgb(0.02, 0.02, 0.03),
                felt: Color::srgb(0.24, 0.28, 0.33),
                cursor: Color::srgb(0.34, 0.4, 0.47),
                illegal: Color::srgb(0.5, 0.2, 0.25),
                legal: Color::srgba(1.0, 1.0, 1.0, 0.3),
                accent: Color::srgb(0.95, 0.6, 0.1),
                outline: Color::srgb(0.85, 0.9, 1.0),
                black: Color::srgb(0.02, 0.02, 0.02),
                white: Color::srgb(0.9, 0.9, 0.9),
            },
            Theme::HighContrast => Palette {
                background: Color::BLACK,
                frame: Color::srgb(0.1, 0.1, 0.1),
                grid: Color::srgb(1.0, 0.85, 0.0),
                felt: Color::srgb(0.0, 0.36, 0.16),
                cursor: Color::srgb(0.0, 0.55, 0.75),
                illegal: Color::srgb(0.75, 0.0, 0.45),
                legal: Color::srgb(1.0, 0.85, 0.0),
                accent: Color::srgb(0.0, 0.8, 1.0),
                outline: Color::WHITE,
                black: Color::BLACK,
                white: Color::WHITE,
            },
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for Theme {
    type Err = String;

    fn from_str(text: &str) -> Result<Theme, String> {
        Theme::ALL
            .into_iter()
            .find(|t| t.key() == text)
            .ok_or_else(|| {
                format!("'{text}' is not a theme (classic, wood, dark or high-contrast)")
            })
    }
}

/// The menus' and panels' brightness: dark (light text on dark panels) or light.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum UiMode {
    #[default]
    Dark,
    Light,
}

impl UiMode {
    pub const ALL: [UiMode; 2] = [UiMode::Dark, UiMode::Light];

    /// The name in save files and on the command line.
    pub const fn key(self) -> &'static str {
        match self {
            UiMode::Dark => "dark",
            UiMode::Light => "light",
        }
    }
}

impl FromStr for UiMode {
    type Err = String;

    fn from_str(text: &str) -> Result<UiMode, String> {
        UiMode::ALL
            .into_iter()
            .find(|mode| mode.key() == text)
            .ok_or_else(|| format!("'{text}' is not a look for the menus (dark or light)"))
    }
}

/// A material that takes one of the palette's colours.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tint {
    Frame,
    Grid,
    Felt,
    Cursor,
    Illegal,
    Legal,
    Accent,
    Outline,
    Black,
    White,
}

impl Tint {
    pub fn colour(self, palette: &Palette) -> Color {
        match self {
            Tint::Frame => palette.frame,
            Tint::Grid => palette.grid,
            Tint::Felt => palette.felt,
            Tint::Cursor => palette.cursor,
            Tint::Illegal => palette.illegal,
            Tint::Legal => palette.legal,
            Tint::Accent => palette.accent,
            Tint::Outline => palette.outline,
            Tint::Black => palette.black,
            Tint::White => palette.white,
        }
    }
}

/// The themed materials, each with the palette colour it takes.
#[derive(Resource, Default)]
pub struct ThemedMaterials(pub Vec<(Handle<StandardMaterial>, Tint)>);

impl ThemedMaterials {
    /// A material of `tint`'s colour in the current theme, recoloured when the theme changes.
    pub fn add(
        &mut self,
        materials: &mut Assets<StandardMaterial>,
        theme: Theme,
        tint: Tint,
        material: StandardMaterial,
    ) -> Handle<StandardMaterial> {
        let colour = tint.colour(&theme.palette());
        let handle = materials.add(StandardMaterial {
            base_color: colour,
            alpha_mode: if colour.alpha() < 1.0 {
                AlphaMode::Blend
            } else {
                material.alpha_mode
            },
            ..material
        });
        self.0.push((handle.clone(), tint));
        handle
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<ThemedMaterials>()
        .add_systems(Startup, super::look::make_textures)
        .add_systems(PostUpdate, recolour);
}

/// What a themed material's colour lies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Surface {
    /// A plain colour.
    Plain,
    /// Wood grain along the mesh's own texture coordinates (the frame's run across the board).
    Wood,
    /// Wood grain on each square, every square a piece of its own.
    WoodSquares,
    /// The felt's fine fibres, a square at a time.
    Felt,
}

impl Tint {
    /// The surface this tint's material shows in `theme`: the frame is wood; the squares are
    /// felt, or wood on the wooden board.
    pub fn surface(self, theme: Theme) -> Surface {
        match self {
            Tint::Frame => Surface::Wood,
            Tint::Felt | Tint::Cursor | Tint::Illegal if theme == Theme::Wood => {
                Surface::WoodSquares
            }
            Tint::Felt | Tint::Cursor | Tint::Illegal => Surface::Felt,
            _ => Surface::Plain,
        }
    }
}

/// How many squares one repeat of the wood grain spans on the wooden board's squares.
const WOOD_SQUARES_REPEAT: f32 = 3.0;

/// A new theme recolours every themed material and the background, and lays each on its
/// surface's texture (where the app has made them).
fn recolour(
    settings: Res<super::GameSettings>,
    themed: Res<ThemedMaterials>,
    textures: Option<Res<super::look::LookTextures>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut clear: ResMut<ClearColor>,
    mut shown: Local<Option<Theme>>,
) {
    if *shown == Some(settings.theme) {
        return;
    }
    *shown = Some(settings.theme);
    let palette = settings.theme.palette();
    clear.0 = palette.background;
    for (handle, tint) in &themed.0 {
        if let Some(mut material) = materials.get_mut(handle) {
            let colour = tint.colour(&palette);
            material.base_color = colour;
            if let Some(textures) = &textures {
                let surface = tint.surface(settings.theme);
                material.base_color_texture = match surface {
                    Surface::Plain => None,
                    Surface::Wood | Surface::WoodSquares => Some(textures.wood.clone()),
                    Surface::Felt => Some(textures.felt.clone()),
                };
                material.uv_transform = if surface == Surface::WoodSquares {
                    bevy::math::Affine2::from_scale(Vec2::splat(1.0 / WOOD_SQUARES_REPEAT))
                } else {
                    bevy::math::Affine2::IDENTITY
                };
            }
            material.alpha_mode = if colour.alpha() < 1.0 {
                AlphaMode::Blend
            } else {
                AlphaMode::Opaque
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG's relative luminance of an sRGB colour.
    fn luminance(colour: Color) -> f32 {
        let c = colour.to_linear();
        0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue
    }

    fn contrast(a: Color, b: Color) -> f32 {
        let (x, y) = (luminance(a), luminance(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    /// How far apart two colours are, as the largest difference of their sRGB channels (0 to 1).
    fn colour_distance(a: Color, b: Color) -> f32 {
        let (a, b) = (a.to_srgba(), b.to_srgba());
        [a.red - b.red, a.green - b.green, a.blue - b.blue]
            .into_iter()
            .map(f32::abs)
            .fold(0.0, f32::max)
    }

    /// `top` (with its alpha) blended over the opaque `under`, in linear light as the renderer
    /// blends.
    fn over(top: Color, under: Color) -> Color {
        let (t, u, a) = (top.to_linear(), under.to_linear(), top.alpha());
        Color::linear_rgb(
            a * t.red + (1.0 - a) * u.red,
            a * t.green + (1.0 - a) * u.green,
            a * t.blue + (1.0 - a) * u.blue,
        )
    }

    #[test]
    fn legal_move_dots_stand_out_from_the_felt_in_every_theme() {
        for theme in Theme::ALL {
            let p = theme.palette();
            let dot = over(p.legal, p.felt);
            assert!(
                contrast(dot, p.felt) >= 3.0,
                "{theme}: legal-move dots at {:.2}:1 against the felt",
                contrast(dot, p.felt)
            );
            // Nor does a dot read as a disc of either colour.
            assert!(
                contrast(dot, p.white) >= 1.3,
                "{theme}: dots like white discs"
            );
            assert!(
                contrast(dot, p.black) >= 3.0,
                "{theme}: dots like black discs"
            );
        }
    }

    #[test]
    fn the_cursor_is_outlined_unlike_the_last_move_in_every_theme() {
        for theme in Theme::ALL {
            let p = theme.palette();
            assert!(
                contrast(p.outline, p.cursor) >= 3.0,
                "{theme}: the outline on the lit square"
            );
            assert!(
                colour_distance(p.outline, p.accent) >= 0.5,
                "{theme}: the outline looks like the last move's ring"
            );
        }
    }

    #[test]
    fn themes_read_back_by_their_keys_and_bad_keys_are_refused() {
        for theme in Theme::ALL {
            assert_eq!(theme.key().parse::<Theme>(), Ok(theme));
        }
        assert!("neon".parse::<Theme>().unwrap_err().contains("not a theme"));
    }

    #[test]
    fn discs_and_markers_stand_out_from_the_felt_in_every_theme() {
        for theme in Theme::ALL {
            let p = theme.palette();
            // Discs: each colour against the felt, and against each other.
            assert!(contrast(p.white, p.felt) >= 3.0, "{theme}: white on felt");
            assert!(contrast(p.black, p.felt) >= 1.5, "{theme}: black on felt");
            assert!(contrast(p.black, p.white) >= 10.0, "{theme}");
            // The accent ring shows on both colours of disc.
            assert!(
                contrast(p.accent, p.black) >= 3.0,
                "{theme}: accent on black"
            );
            assert!(
                contrast(p.accent, p.white) >= 1.3,
                "{theme}: accent on white"
            );
        }
        // High contrast: WCAG AA's 4.5:1 and more for discs, grid and markers.
        let p = Theme::HighContrast.palette();
        assert!(contrast(p.white, p.felt) >= 4.5);
        assert!(contrast(p.grid, p.felt) >= 4.5);
        assert!(contrast(p.legal, p.felt) >= 4.5);
        assert!(contrast(p.black, p.white) >= 20.0);
    }
}
