//! A folder picker drawn in egui, for the desktop's "Add WTHOR files…": the folder's path (typed,
//! or reached by clicks), its subfolders to open, one level up, and the WTHOR files it holds, which
//! the caller adds with one button. The folder is listed once each time it changes, not a frame.

use std::path::{Path, PathBuf};

use bevy_egui::egui;

use crate::database::is_wthor_name;
use crate::i18n::Texts;
use crate::tr;

/// Where the picker stands and what it found there.
#[derive(Debug, Default)]
pub struct FolderPicker {
    /// The folder's path as shown and typed.
    pub dir: String,
    listed: Option<(PathBuf, Listing)>,
}

#[derive(Debug, Default)]
struct Listing {
    folders: Vec<String>,
    files: Vec<String>,
    error: Option<String>,
}

fn list(dir: &Path) -> Listing {
    let mut listing = Listing::default();
    match std::fs::read_dir(dir) {
        Err(e) => listing.error = Some(e.to_string()),
        Ok(entries) => {
            for entry in entries.flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                let path = entry.path();
                if name.starts_with('.') {
                    continue;
                }
                if path.is_dir() {
                    listing.folders.push(name);
                } else if is_wthor_name(&name) {
                    listing.files.push(name);
                }
            }
        }
    }
    listing.folders.sort_by_key(|n| n.to_lowercase());
    listing.files.sort();
    listing
}

impl FolderPicker {
    /// Draws the picker; the folder to add when its button is pressed.
    pub fn show(&mut self, ui: &mut egui::Ui, texts: &Texts) -> Option<PathBuf> {
        if self.dir.is_empty() {
            self.dir = crate::database::first_folder().display().to_string();
        }
        let dir = PathBuf::from(self.dir.trim());
        if self.listed.as_ref().is_none_or(|(at, _)| *at != dir) {
            self.listed = Some((dir.clone(), list(&dir)));
        }
        let mut go: Option<PathBuf> = None;
        let mut chosen = None;
        ui.horizontal(|ui| {
            if ui
                .add_enabled(
                    dir.parent().is_some(),
                    egui::Button::new(tr!(texts, "db-up")),
                )
                .clicked()
            {
                go = dir.parent().map(Path::to_path_buf);
            }
            ui.add(
                egui::TextEdit::singleline(&mut self.dir)
                    .hint_text(tr!(texts, "db-add-path"))
                    .desired_width(ui.available_width().min(460.0)),
            );
        });
        let (_, listing) = self.listed.as_ref().expect("listed above");
        if let Some(error) = &listing.error {
            ui.label(egui::RichText::new(error).weak());
        }
        egui::ScrollArea::vertical()
            .id_salt(egui::Id::new("db-folders"))
            .max_height(110.0)
            .show(ui, |ui| {
                ui.set_min_width(ui.available_width());
                ui.horizontal_wrapped(|ui| {
                    for name in &listing.folders {
                        if ui.small_button(format!("{name}/")).clicked() {
                            go = Some(dir.join(name));
                        }
                    }
                });
                if !listing.files.is_empty() {
                    ui.label(egui::RichText::new(listing.files.join("  ")).weak().small());
                }
            });
        ui.horizontal(|ui| {
            let count = listing.files.len();
            ui.label(tr!(texts, "db-files-here", count = count));
            if ui
                .add_enabled(count > 0, egui::Button::new(tr!(texts, "db-add")))
                .clicked()
            {
                chosen = Some(dir.clone());
            }
        });
        if let Some(next) = go {
            self.dir = next.display().to_string();
        }
        chosen
    }
}
