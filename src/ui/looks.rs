//! The menus' and panels' look: egui's dark or light visuals (the high-contrast theme's strong
//! ink on either), and colours for words on the panels that read on both.

use bevy_egui::egui;

use crate::game::theme::UiMode;

/// The menus' and panels' look: egui's dark or light one made the game's own (warm panels, rounded
/// windows rimmed in the board frame's colour, the chosen option in the felt's); the high-contrast
/// theme also makes every text white (black on light panels) and every widget's outline strong.
pub fn visuals(mode: UiMode, theme: crate::game::theme::Theme) -> egui::Visuals {
    let mut visuals = match mode {
        UiMode::Dark => egui::Visuals::dark(),
        UiMode::Light => egui::Visuals::light(),
    };
    let palette = theme.palette();
    let (felt, frame) = (egui_colour(palette.felt), egui_colour(palette.frame));
    let (window, panel, selected_text) = match mode {
        UiMode::Dark => (
            egui::Color32::from_rgb(31, 28, 25),
            egui::Color32::from_rgb(26, 24, 22),
            egui::Color32::WHITE,
        ),
        UiMode::Light => (
            egui::Color32::from_rgb(250, 246, 238),
            egui::Color32::from_rgb(243, 237, 227),
            egui::Color32::BLACK,
        ),
    };
    visuals.window_fill = window;
    visuals.panel_fill = panel;
    visuals.window_corner_radius = egui::CornerRadius::same(12);
    visuals.menu_corner_radius = egui::CornerRadius::same(8);
    let white = egui::Color32::WHITE;
    visuals.window_stroke = egui::Stroke::new(1.5, frame.lerp_to_gamma(white, 0.25));
    let widgets = &mut visuals.widgets;
    for state in [
        &mut widgets.inactive,
        &mut widgets.hovered,
        &mut widgets.active,
        &mut widgets.open,
    ] {
        state.corner_radius = egui::CornerRadius::same(6);
    }
    visuals.selection.bg_fill = match mode {
        UiMode::Dark => felt,
        UiMode::Light => felt.lerp_to_gamma(white, 0.7),
    };
    visuals.selection.stroke = egui::Stroke::new(1.0, selected_text);
    if theme == crate::game::theme::Theme::HighContrast {
        let ink = match mode {
            UiMode::Dark => egui::Color32::WHITE,
            UiMode::Light => egui::Color32::BLACK,
        };
        visuals.override_text_color = Some(ink);
        let strong = egui::Stroke::new(1.5, ink);
        visuals.widgets.inactive.bg_stroke = strong;
        visuals.widgets.noninteractive.bg_stroke = strong;
        visuals.window_stroke = strong;
    }
    visuals
}

/// A colour of the board's palette (opaque) as egui's.
pub fn egui_colour(colour: bevy::prelude::Color) -> egui::Color32 {
    use bevy::prelude::ColorToPacked;
    let [r, g, b] = colour.to_srgba().to_u8_array_no_alpha();
    egui::Color32::from_rgb(r, g, b)
}

/// A colour for text on the panels: `colour` itself on dark panels; on light ones darkened until
/// it reads, at WCAG's 4.5:1 against the panel.
pub fn ink(ui: &egui::Ui, colour: egui::Color32) -> egui::Color32 {
    let visuals = ui.visuals();
    if visuals.dark_mode {
        colour
    } else {
        readable_on(colour, visuals.panel_fill)
    }
}

/// WCAG's contrast ratio of two colours.
pub fn contrast(a: egui::Color32, b: egui::Color32) -> f32 {
    let luminance = |c: egui::Color32| {
        let channel = |v: u8| {
            let v = v as f32 / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(c.r()) + 0.7152 * channel(c.g()) + 0.0722 * channel(c.b())
    };
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// `colour` darkened in steps, keeping its hue, until it has 4.5:1 against the light `background`.
fn readable_on(colour: egui::Color32, background: egui::Color32) -> egui::Color32 {
    let mut shade = colour;
    let mut factor = 1.0_f32;
    while contrast(shade, background) < 4.5 && factor > 0.05 {
        factor *= 0.9;
        let dim = |v: u8| (v as f32 * factor).round() as u8;
        shade = egui::Color32::from_rgba_unmultiplied(
            dim(colour.r()),
            dim(colour.g()),
            dim(colour.b()),
            colour.a(),
        );
    }
    shade
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coloured_words_read_on_light_panels_and_the_light_look_is_light() {
        let light = visuals(UiMode::Light, crate::game::theme::Theme::Classic);
        let dark = visuals(UiMode::Dark, crate::game::theme::Theme::Classic);
        assert!(!light.dark_mode && dark.dark_mode);
        assert!(contrast(light.text_color(), light.panel_fill) >= 4.5);
        // Every colour the panels write words in: found, wrong, hint, fine, missed, marked,
        // the book's gold, errors.
        let colours = [
            super::super::on_board::FOUND,
            super::super::on_board::WRONG,
            super::super::on_board::HINT,
            egui::Color32::from_rgb(255, 210, 90),
            egui::Color32::from_rgb(255, 170, 40),
            egui::Color32::from_rgb(255, 230, 90),
            egui::Color32::from_rgb(230, 185, 60),
            egui::Color32::from_rgb(240, 120, 100),
            egui::Color32::from_rgb(240, 90, 80),
        ];
        for colour in colours {
            let shade = readable_on(colour, light.panel_fill);
            assert!(
                contrast(shade, light.panel_fill) >= 4.5,
                "{colour:?} as {shade:?}"
            );
            // Darkened, not changed into another hue: the strongest channel stays the strongest.
            let strongest = |c: egui::Color32| {
                let v = [c.r(), c.g(), c.b()];
                (0..3).max_by_key(|&i| v[i]).unwrap()
            };
            assert_eq!(strongest(shade), strongest(colour), "{colour:?}");
            // On dark panels the colours are as they are, and read there.
            assert!(
                contrast(colour, dark.panel_fill) >= 4.5,
                "{colour:?} on dark"
            );
        }
    }

    #[test]
    fn the_chosen_option_reads_in_every_theme_and_look() {
        use crate::game::theme::Theme;
        for theme in Theme::ALL {
            for mode in UiMode::ALL {
                let look = visuals(mode, theme);
                let selection = look.selection;
                let ratio = contrast(selection.stroke.color, selection.bg_fill);
                assert!(ratio >= 4.5, "{theme:?} {mode:?}: {ratio}");
                assert!(contrast(look.text_color(), look.window_fill) >= 4.5);
            }
        }
    }

    #[test]
    fn high_contrast_writes_black_on_light_panels_and_white_on_dark() {
        use crate::game::theme::Theme;
        let light = visuals(UiMode::Light, Theme::HighContrast);
        let dark = visuals(UiMode::Dark, Theme::HighContrast);
        assert_eq!(light.override_text_color, Some(egui::Color32::BLACK));
        assert_eq!(dark.override_text_color, Some(egui::Color32::WHITE));
        assert!(contrast(egui::Color32::BLACK, light.panel_fill) >= 15.0);
        assert_eq!(visuals(UiMode::Dark, Theme::Wood).override_text_color, None);
    }
}
