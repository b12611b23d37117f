//! The documentation matches the code: every folder of `src/` is described in
//! `docs/architecture.md`, and every folder that page names exists.

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
