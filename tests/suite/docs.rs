//! The documentation matches the code: every folder of `src/` is described in
//! `docs/architecture.md`, every source file is named in its folder's row, and every folder and
//! file that page names exists; the levels tables say what the
//! levels are set to; and the layout stays a tree: no two files of the library import each other
//! in a loop.

use std::path::Path;

/// The folders under `dir`, as paths from the package root (`src/ai/endgame/`).
fn folders(root: &Path, dir: &str, found: &mut Vec<String>) {
    for entry in std::fs::read_dir(root.join(dir)).expect("readable folder") {
        let entry = entry.expect("a folder entry");
        if entry.file_type().expect("its type").is_dir() {
            let path = format!("{dir}{}/", entry.file_name().to_string_lossy());
            folders(root, &path, found);
            found.push(path);
        }
    }
}

/// The backquoted paths ending in `/` that the page names.
fn named_folders(page: &str) -> Vec<String> {
    page.split('`')
        .skip(1)
        .step_by(2)
        .filter(|text| text.ends_with('/') && !text.contains(' '))
        .map(str::to_string)
        .collect()
}

#[test]
fn architecture_page_and_source_tree_name_the_same_folders() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/architecture.md")).expect("the page");
    let named = named_folders(&page);
    let mut source = Vec::new();
    folders(root, "src/", &mut source);
    assert!(source.len() >= 8, "{source:?}");
    for folder in &source {
        assert!(
            named.contains(folder),
            "{folder} is not described in docs/architecture.md"
        );
    }
    for folder in &named {
        assert!(
            root.join(folder).is_dir(),
            "docs/architecture.md names {folder}, which does not exist"
        );
    }
}

/// Each folder row of the page (`| `src/ai/` | …` and `| `src/` (files) | …`): the folder and its
/// text.
fn folder_rows(page: &str) -> Vec<(String, String)> {
    page.lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("| `")?;
            let (folder, text) = rest.split_once('`')?;
            folder
                .starts_with("src/")
                .then(|| (folder.to_string(), text.to_string()))
        })
        .collect()
}

/// The `.rs` files in `folder` (not below it), by name.
fn files_in(root: &Path, folder: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root.join(folder))
        .expect("readable folder")
        .map(|entry| {
            entry
                .expect("a folder entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".rs"))
        .collect();
    names.sort();
    names
}

#[test]
fn architecture_page_names_every_source_file_in_its_folders_row() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/architecture.md")).expect("the page");
    let rows = folder_rows(&page);
    assert!(rows.len() >= 8, "{rows:?}");
    for (folder, text) in &rows {
        let named: Vec<&str> = text
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|word| word.ends_with(".rs") && !word.contains('/'))
            .collect();
        let files = files_in(root, folder);
        for file in files.iter().filter(|f| *f != "mod.rs") {
            assert!(
                named.contains(&file.as_str()),
                "docs/architecture.md: the {folder} row does not name {file}"
            );
        }
        for name in named {
            assert!(
                files.iter().any(|f| f == name),
                "docs/architecture.md: the {folder} row names {name}, which is not in {folder}"
            );
        }
    }
}

/// A file's module path from `src/` (`src/ai/pattern/mod.rs` is `ai::pattern`, `src/lib.rs` the
/// root), or `None` for the binary's own files.
fn module_of(path: &str) -> Option<Vec<String>> {
    let inner = path.strip_prefix("src/")?.strip_suffix(".rs")?;
    if inner == "main" {
        return None;
    }
    let mut parts: Vec<String> = inner.split('/').map(str::to_string).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    Some(parts)
}

/// The `crate::`, `super::` and `self::` paths a file's code names (comments and inline test
/// modules left out), each made absolute, with `use` groups (`super::{a, b::C}`) expanded.
fn paths_named(text: &str, module: &[String]) -> Vec<Vec<String>> {
    let code: String = text
        .split("#[cfg(test)]\nmod tests {")
        .next()
        .unwrap_or("")
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    // Expand one level of braces at a time until none is left: `a::{b, c::{d}}` → `a::b`, `a::c::d`.
    let mut pending = vec![code];
    let mut flat = Vec::new();
    while let Some(text) = pending.pop() {
        let Some(open) = text.find("::{") else {
            flat.push(text);
            continue;
        };
        let start = text[..open]
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .map_or(0, |i| i + 1);
        let (mut depth, mut close) = (0, open + 2);
        for (i, c) in text[open + 2..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = open + 2 + i;
                        break;
                    }
                }
                _ => {}
            }
        }
        let prefix = &text[start..open];
        let inner = &text[open + 3..close];
        let mut items = Vec::new();
        let (mut depth, mut from) = (0, 0);
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    items.push(&inner[from..i]);
                    from = i + 1;
                }
                _ => {}
            }
        }
        items.push(&inner[from..]);
        for item in items.iter().map(|i| i.trim()).filter(|i| !i.is_empty()) {
            pending.push(format!("{prefix}::{item}"));
        }
        pending.push(format!("{} {}", &text[..start], &text[close + 1..]));
    }
    let mut paths = Vec::new();
    for text in flat {
        let words = text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'));
        for word in words {
            let segments: Vec<&str> = word.split("::").collect();
            let mut at: Vec<String> = match segments.first() {
                Some(&"crate") => Vec::new(),
                Some(&"super") | Some(&"self") => module.to_vec(),
                _ => continue,
            };
            // In `a/b.rs` (module a::b) `super` is `a`; in `a/mod.rs` (module a) it is the root.
            let mut rest = &segments[..];
            if rest[0] == "crate" {
                rest = &rest[1..];
            } else {
                while let Some(&first) = rest.first() {
                    match first {
                        "super" => {
                            at.pop();
                        }
                        "self" => {}
                        _ => break,
                    }
                    rest = &rest[1..];
                }
            }
            at.extend(rest.iter().filter(|s| !s.is_empty()).map(|s| s.to_string()));
            paths.push(at);
        }
    }
    paths
}

#[test]
fn no_two_files_of_the_library_import_each_other_in_a_loop() {
    use std::collections::{BTreeMap, BTreeSet};
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    let mut dirs = vec!["src/".to_string()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(root.join(&dir)).unwrap() {
            let entry = entry.unwrap();
            let name = format!("{dir}{}", entry.file_name().to_string_lossy());
            if entry.file_type().unwrap().is_dir() {
                dirs.push(format!("{name}/"));
            } else if name.ends_with(".rs") && !name.ends_with("/tests.rs") {
                files.push(name);
            }
        }
    }
    let modules: BTreeMap<Vec<String>, String> = files
        .iter()
        .filter_map(|f| module_of(f).map(|m| (m, f.clone())))
        .collect();
    assert!(modules.len() > 50, "{} modules", modules.len());
    // Each file's imports: the longest known module that begins each path it names.
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, file) in &modules {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        for path in paths_named(&text, module) {
            let target = (0..=path.len())
                .rev()
                .find_map(|n| modules.get(&path[..n]))
                .expect("the root module");
            // A module naming itself, or its parent by `super::Item`, is no loop of files unless
            // the parent names it back; a parent's own declarations of its children are not read.
            if target != file {
                edges
                    .entry(file.clone())
                    .or_default()
                    .insert(target.clone());
            }
        }
    }
    // A loop: a file that reaches itself.
    let mut loops = Vec::new();
    for start in edges.keys() {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<&String> = edges[start].iter().collect();
        while let Some(file) = stack.pop() {
            if file == start {
                loops.push(start.clone());
                break;
            }
            if seen.insert(file) {
                stack.extend(edges.get(file).into_iter().flatten());
            }
        }
    }
    assert!(
        loops.is_empty(),
        "files that import themselves through others: {loops:?}"
    );
}

/// The discs a level's last column names ("any move within 21 discs of its best", "within 5
/// discs", "21 discs of its best"), or 0 for "none" and "best only".
fn slips_in(row: &str) -> Option<i32> {
    let slips = row.trim_end_matches('|').rsplit('|').next()?.trim();
    if slips == "none" || slips == "best only" {
        return Some(0);
    }
    let number = slips.rsplit("within ").next()?;
    number.split_whitespace().next()?.parse().ok()
}

/// The levels tables of docs/playing.md and docs/engine.md say what each level's settings are:
/// its depth, where it plays perfectly from and how far it slips.
#[test]
fn the_levels_tables_match_the_levels_settings() {
    use reversi::ai::Level;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for page in ["docs/playing.md", "docs/engine.md"] {
        let text = std::fs::read_to_string(root.join(page)).expect("the page");
        for level in Level::ALL {
            let settings = level.settings();
            let row = text
                .lines()
                .find(|line| line.starts_with(&format!("| {} |", level.name())))
                .unwrap_or_else(|| panic!("{page} has no row for {level}"));
            let cells: Vec<&str> = row.split('|').map(str::trim).collect();
            assert_eq!(
                slips_in(row),
                Some(settings.noise_discs),
                "{page}, {level}: {row}"
            );
            let exact = if settings.endgame_empties == 0 {
                "—".to_string()
            } else {
                settings.endgame_empties.to_string()
            };
            assert!(
                cells[3].starts_with(&exact),
                "{page}, {level}: perfect from {exact}, the row says {}",
                cells[3]
            );
            if level != Level::Maximum {
                assert!(
                    cells[2].starts_with(&settings.depth.to_string()),
                    "{page}, {level}: depth {}, the row says {}",
                    settings.depth,
                    cells[2]
                );
            }
        }
    }
}

/// The screenshots the pages show are the ones `scripts/screenshots` makes, so that one command
/// regenerates them all: every image a page shows exists, and every image under
/// `docs/screenshots/` is one of the script's native shots or one of the browser test's
/// (`web-*.png`, from `web/e2e.mjs`).
#[test]
fn every_screenshot_is_made_by_scripts_screenshots() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let script = std::fs::read_to_string(root.join("scripts/screenshots")).expect("the script");
    let native: Vec<&str> = script
        .lines()
        .filter_map(|line| line.trim().strip_prefix('"'))
        .filter_map(|shot| shot.split_whitespace().next())
        .map(|name| name.trim_end_matches('"'))
        .collect();
    assert!(native.len() >= 30, "{native:?}");
    let browser = std::fs::read_to_string(root.join("web/e2e.mjs")).expect("the browser test");
    let made = |file: &str| match file.strip_suffix(".png") {
        Some(name) if name.starts_with("web-") => browser.contains(&format!("/{file}`")),
        Some(name) => native.contains(&name),
        None => false,
    };
    for entry in std::fs::read_dir(root.join("docs/screenshots")).expect("the folder") {
        let file = entry
            .expect("an entry")
            .file_name()
            .to_string_lossy()
            .to_string();
        assert!(
            made(&file),
            "docs/screenshots/{file} is not made by scripts/screenshots"
        );
    }
    let mut pages = vec![root.join("README.md")];
    for entry in std::fs::read_dir(root.join("docs")).expect("docs") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "md") {
            pages.push(path);
        }
    }
    for page in pages {
        let text = std::fs::read_to_string(&page).expect("a page");
        for (at, _) in text.match_indices("screenshots/") {
            let name: String = text[at + "screenshots/".len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '.')
                .collect();
            if !name.ends_with(".png") {
                continue;
            }
            assert!(
                root.join("docs/screenshots").join(&name).exists(),
                "{} shows screenshots/{name}, which does not exist",
                page.display()
            );
        }
    }
}
