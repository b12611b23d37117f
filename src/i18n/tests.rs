//! The game's words in its four languages: every message file parses; the languages have the same
//! messages with the same variables; every message the code asks for exists and none is left
//! unused; every message formats in every language (plurals at 0, 1, 2 and 5); and the UI code
//! holds no user-facing literal text.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::*;
use fluent_syntax::ast;

/// Each message's id and the variables it uses (its own and those of the messages it refers to).
pub(super) fn messages(language: Language) -> BTreeMap<String, BTreeSet<String>> {
    let resource = fluent_syntax::parser::parse(language.source())
        .unwrap_or_else(|(_, errors)| panic!("{}: {errors:?}", language.code()));
    let mut out = BTreeMap::new();
    for entry in &resource.body {
        match entry {
            ast::Entry::Message(message) => {
                let mut variables = BTreeSet::new();
                if let Some(pattern) = &message.value {
                    pattern_variables(pattern, &mut variables);
                }
                assert!(
                    out.insert(message.id.name.to_string(), variables).is_none(),
                    "{}: {} twice",
                    language.code(),
                    message.id.name
                );
            }
            ast::Entry::Junk { content } => panic!("{}: cannot read {content}", language.code()),
            _ => {}
        }
    }
    out
}

fn pattern_variables(pattern: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, out);
        }
    }
}

fn expression_variables(expression: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, out);
            for variant in variants {
                pattern_variables(&variant.value, out);
            }
        }
        ast::Expression::Inline(inline) => inline_variables(inline, out),
    }
}

fn inline_variables(inline: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => expression_variables(expression, out),
        _ => {}
    }
}

/// The ids other messages refer to (`{ rules-othello }`).
fn referenced_ids(language: Language) -> BTreeSet<String> {
    let text = language.source();
    let mut out = BTreeSet::new();
    for (i, _) in text.match_indices("{ ") {
        let rest = &text[i + 2..];
        let id: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        if !id.is_empty() && rest[id.len()..].starts_with(" }") {
            out.insert(id);
        }
    }
    out
}

#[test]
fn every_language_parses_and_has_the_same_messages_with_the_same_variables() {
    let english = messages(Language::English);
    assert!(english.len() > 150, "{} messages", english.len());
    for language in Language::ALL {
        bundle(language).unwrap();
        let other = messages(language);
        let ids = |m: &BTreeMap<String, BTreeSet<String>>| m.keys().cloned().collect::<Vec<_>>();
        let missing: Vec<_> = english
            .keys()
            .filter(|id| !other.contains_key(*id))
            .collect();
        let extra: Vec<_> = other
            .keys()
            .filter(|id| !english.contains_key(*id))
            .collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{}: missing {missing:?}, not in English {extra:?}",
            language.code()
        );
        assert_eq!(ids(&english), ids(&other));
        for (id, variables) in &english {
            assert_eq!(
                variables,
                &other[id],
                "{}: {id} has other variables",
                language.code()
            );
        }
    }
}

#[test]
fn every_translated_opening_name_is_in_the_openings_table() {
    let names = crate::rules::openings::names();
    for (name, id) in super::OPENING_NAMES {
        assert!(names.contains(&name), "{name} is not in the table");
        assert_eq!(Texts::new(Language::English).opening(name), name, "{id}");
    }
    let italian = Texts::new(Language::Italian);
    assert_eq!(italian.opening("Parallel"), "Parallela");
}

/// Players in every language call the catalogue's openings by their catalogue names (the Rose is
/// Brian Rose, not a flower): only the three basic openings have a word of each language's own.
#[test]
fn the_catalogue_names_of_openings_are_kept_in_every_language() {
    for language in Language::ALL {
        let texts = Texts::new(language);
        for name in crate::rules::openings::names() {
            if !["Perpendicular", "Parallel", "Diagonal"].contains(&name) {
                assert_eq!(texts.opening(name), name, "{}", language.code());
            }
        }
    }
}

#[test]
fn the_translations_are_translated() {
    let texts = Texts::new(Language::English);
    let english = messages(Language::English);
    for language in [Language::Portuguese, Language::Italian, Language::Dutch] {
        let same: Vec<&String> = english
            .iter()
            .filter(|(id, vars)| {
                vars.is_empty()
                    // Opening names may be written alike (Portuguese "Diagonal").
                    && !id.starts_with("opening-name-")
                    && texts.text_in(language, id, None)
                        == texts.text_in(Language::English, id, None)
            })
            .map(|(id, _)| id)
            .collect();
        // Names and symbols that every language writes alike: Reversi, Othello, GGF, OK, Volume,
        // BQ (the Brightwell quotient)…
        assert!(same.len() <= 13, "{}: {same:?}", language.code());
    }
}

/// Sample arguments for a message's variables: `number` for each count, black for the player,
/// "yes" for each yes/no choice, and a word for the rest.
pub(super) fn sample_args(variables: &BTreeSet<String>, number: i64) -> FluentArgs<'static> {
    let mut args = FluentArgs::new();
    for name in variables {
        let value: FluentValue = match name.as_str() {
            "player" => "black".into(),
            "selective" | "limit" | "beginner" => "yes".into(),
            "token" | "square" | "value" | "property" | "text" | "char" | "letter" | "name"
            | "level" | "language" | "rules" | "variant" | "reason" | "error" | "path" | "last"
            | "seconds" | "factor" | "mb" | "total" | "line" | "regions" | "course" | "side" => {
                "x9".into()
            }
            _ => number.into(),
        };
        args.set(name.clone(), value);
    }
    args
}

#[test]
fn every_message_formats_in_every_language_with_its_plurals() {
    let texts = Texts::new(Language::English);
    let english = messages(Language::English);
    for language in Language::ALL.into_iter().chain([Language::Pseudo]) {
        for (id, variables) in &english {
            let mut seen = BTreeSet::new();
            for number in [0, 1, 2, 5] {
                let args = sample_args(variables, number);
                let text = texts
                    .text_in(language, id, Some(&args))
                    .unwrap_or_else(|| panic!("{}: {id} does not format", language.code()));
                assert!(
                    !text.trim().is_empty() && !text.contains('{') && !text.contains('$'),
                    "{}: {id}: {text:?}",
                    language.code()
                );
                seen.insert(text);
            }
            // Other values of the choices format too.
            let mut args = sample_args(variables, 2);
            for name in variables {
                match name.as_str() {
                    "player" => args.set(name.clone(), "white"),
                    "selective" | "limit" | "beginner" => args.set(name.clone(), "no"),
                    _ => {}
                }
            }
            assert!(texts.text_in(language, id, Some(&args)).is_some(), "{id}");
            let _ = seen;
        }
    }
    // Plurals choose their forms: one disc, two discs.
    let en = Texts::new(Language::English);
    let it = {
        let mut t = Texts::new(Language::English);
        t.set_language(Language::Italian);
        t
    };
    let empties = |texts: &Texts, n: u32| {
        crate::tr!(
            texts,
            "over-discs-empties",
            black = 30,
            white = 30,
            empty = n
        )
    };
    assert!(
        empties(&it, 1).ends_with("1 casella vuota"),
        "{}",
        empties(&it, 1)
    );
    assert!(
        empties(&it, 5).ends_with("5 caselle vuote"),
        "{}",
        empties(&it, 5)
    );
    assert!(empties(&en, 5).ends_with("5 empty squares"));
    assert!(empties(&en, 1).ends_with("1 empty square"));
}

/// The string literals of a Rust file's code before its tests, with the code before each.
fn literals(source: &str) -> Vec<(usize, String, String)> {
    let code = source.split("#[cfg(test)]").next().unwrap_or_default();
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut prefix = String::new();
    let mut line = 1;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '\n' {
            line += 1;
        }
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '\'' {
            // A char literal ('x', '\n'); otherwise a lifetime.
            if next == Some('\\') {
                let end = (i + 2..chars.len())
                    .find(|&j| chars[j] == '\'')
                    .unwrap_or(i);
                i = end + 1;
                continue;
            }
            if chars.get(i + 2) == Some(&'\'') {
                i += 3;
                continue;
            }
        }
        if c == '"' {
            let start_line = line;
            let mut text = String::new();
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                if chars[i] == '\n' {
                    line += 1;
                }
                text.push(chars[i]);
                i += 1;
            }
            out.push((start_line, text, prefix.clone()));
            prefix.push_str("\"\"");
            i += 1;
            continue;
        }
        prefix.push(c);
        i += 1;
    }
    out
}

/// Whether a literal in UI code holds words: two letters in a row outside `{…}` placeholders.
fn has_words(text: &str) -> bool {
    let mut depth = 0;
    let mut letters = 0;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            c if depth == 0 && c.is_alphabetic() => {
                letters += 1;
                if letters >= 2 {
                    return true;
                }
                continue;
            }
            _ => {}
        }
        letters = 0;
    }
    false
}

/// Whether the literal after `prefix` is a message id: the first literal of a `tr!(texts, …)`.
fn is_message_id(prefix: &str) -> bool {
    prefix.rfind("tr!(").is_some_and(|at| {
        let after = &prefix[at..];
        !after.contains('"') && after.trim_end().ends_with(',')
    })
}

/// Calls whose literal is an id, a log line or a selector key, never shown as it is.
const NOT_SHOWN: [&str; 10] = [
    ".with(",
    "target_arch =",
    "from_id_salt(",
    "Id::new(",
    "Id::new((",
    "Name::new(",
    "Grid::new(",
    "Panel::right(",
    "expect(",
    "warn!(",
];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs")
            // A module's tests in a file of their own, as after `#[cfg(test)]` in a file.
            && path.file_name().is_some_and(|name| name != "tests.rs")
        {
            out.push(path);
        }
    }
}

#[test]
fn ui_code_holds_no_literal_words() {
    let mut files = Vec::new();
    rust_files(Path::new("src/ui"), &mut files);
    let mut found = Vec::new();
    for path in &files {
        let source = std::fs::read_to_string(path).unwrap();
        for (line, text, prefix) in literals(&source) {
            let before = prefix.trim_end();
            let shown = has_words(&text)
                && !is_message_id(&prefix)
                && !NOT_SHOWN.iter().any(|call| before.ends_with(call))
                // Selector keys passed to messages.
                && !["black", "white", "yes", "no", "win", "draw", "loss"].contains(&text.as_str());
            if shown {
                found.push(format!("{}:{line}: {text:?}", path.display()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "words a player reads belong in assets/locales (tr!): {found:#?}"
    );
}

#[test]
fn the_literal_check_finds_words_and_passes_ids() {
    let code = "fn f() { ui.label(\"Hello\"); tr!(texts, \"menu-start\"); \
                egui::Id::new(\"root\"); format!(\"{n}×{n}\"); let c = 'x'; }";
    let found: Vec<String> = literals(code)
        .into_iter()
        .filter(|(_, text, prefix)| {
            has_words(text)
                && !is_message_id(prefix)
                && !NOT_SHOWN.iter().any(|c| prefix.trim_end().ends_with(c))
        })
        .map(|(_, text, _)| text)
        .collect();
    assert_eq!(found, ["Hello"]);
}

#[test]
fn every_message_the_code_asks_for_exists_and_none_is_unused() {
    let english = messages(Language::English);
    let mut files = Vec::new();
    rust_files(Path::new("src"), &mut files);
    // Tests ask for messages too, but they do not show them.
    files.retain(|path| !path.ends_with("tests.rs"));
    let mut asked = BTreeSet::new();
    let mut literal_ids = BTreeSet::new();
    for path in &files {
        let source = std::fs::read_to_string(path).unwrap();
        for (line, text, prefix) in literals(&source) {
            if is_message_id(&prefix) {
                assert!(
                    english.contains_key(&text),
                    "{}:{line}: no message {text:?}",
                    path.display()
                );
                asked.insert(text);
            } else if english.contains_key(&text) {
                literal_ids.insert(text);
            }
        }
    }
    // The browser's loading screen reads its messages itself.
    let page = std::fs::read_to_string("web/index.html").unwrap();
    let mut used: BTreeSet<String> = asked.union(&literal_ids).cloned().collect();
    used.extend(referenced_ids(Language::English));
    used.extend(
        english
            .keys()
            .filter(|id| id.starts_with("web-") && page.contains(&format!("'{id}'")))
            .cloned(),
    );
    let unused: Vec<&String> = english.keys().filter(|id| !used.contains(*id)).collect();
    assert!(unused.is_empty(), "messages nothing shows: {unused:?}");
}

// The language negotiation, the formatting and the pseudo-language.
#[test]
fn preferred_languages_are_negotiated_to_the_four_the_game_speaks() {
    assert_eq!(Language::negotiate(&["pt-BR"]), Some(Language::Portuguese));
    assert_eq!(Language::negotiate(&["nl-BE"]), Some(Language::Dutch));
    assert_eq!(
        Language::negotiate(&["it_IT.UTF-8"]),
        Some(Language::Italian)
    );
    assert_eq!(
        Language::negotiate(&["de-DE", "fr", "nl"]),
        Some(Language::Dutch),
        "the first spoken one of the list"
    );
    assert_eq!(
        Language::negotiate(&["en-GB", "pt"]),
        Some(Language::English)
    );
    assert_eq!(Language::negotiate(&["de", "ja"]), None);
    assert_eq!(Language::negotiate::<&str>(&[]), None);
    assert_eq!(Language::negotiate(&["", "not a tag!"]), None);
    assert_eq!("PT-br".parse::<Language>(), Ok(Language::Portuguese));
    assert_eq!("pseudo".parse::<Language>(), Ok(Language::Pseudo));
    assert!("klingon".parse::<Language>().is_err());
}

#[test]
fn a_message_is_formatted_in_the_language_shown_and_switches_at_once() {
    let mut texts = Texts::new(Language::English);
    assert_eq!(
        crate::tr!(texts, "menu-clock-minutes", minutes = 5),
        "5 min per player"
    );
    texts.set_language(Language::Dutch);
    assert_eq!(crate::tr!(texts, "player", player = "black"), "Zwart");
    assert_eq!(texts.own_name(Language::Portuguese), "Português");
    assert_eq!(texts.decimal(1.5, 1), "1,5");
    assert_eq!(texts.text("no-such-message", None), "no-such-message");
}

#[test]
fn the_pseudo_language_is_english_made_longer() {
    let texts = Texts::new(Language::Pseudo);
    let english = Texts::new(Language::English);
    let (long, plain) = (
        texts.text("menu-two-players-note", None),
        english.text("menu-two-players-note", None),
    );
    assert_ne!(long, plain);
    assert!(
        long.chars().count() * 10 >= plain.chars().count() * 14,
        "{long} / {plain}"
    );
    // Numbers and squares passed in stay as they are.
    assert!(crate::tr!(texts, "panel-opening", name = "f5d6").contains("f5d6"));
    // Only letters of Latin-1 and Latin Extended-A, which the game's font draws.
    for c in pseudo("Black has no move — passes. Quit? Zoom!").chars() {
        assert!(
            c.is_ascii() || ('\u{a0}'..='\u{17f}').contains(&c) || c == '—',
            "{c}"
        );
    }
    assert_eq!(pseudo("Start"), "Štààrt·");
}

/// The lessons name their messages as data: each exists in every language, with the arguments
/// the lesson screen gives it (a square for "not this move", a score for a wrong score).
#[test]
fn every_message_a_lesson_names_exists_in_every_language() {
    for language in [
        Language::English,
        Language::Portuguese,
        Language::Italian,
        Language::Dutch,
    ] {
        let known = messages(language);
        for course in &crate::lessons::COURSES {
            assert!(
                known.get(course.title).is_some_and(|v| v.is_empty()),
                "{}: {}",
                language.code(),
                course.title
            );
        }
        for (i, lesson) in crate::lessons::LESSONS.iter().enumerate() {
            let mut ids: Vec<(&str, &[&str])> = vec![(lesson.title, &[]), (lesson.intro, &[])];
            for step in lesson.steps {
                if let crate::lessons::Task::Review = step.task {
                    // A review's sentence names the move the analysis found, and may name whose
                    // game it is.
                    let variables = known.get(step.text).expect("a review's sentence");
                    let named: BTreeSet<&str> = variables.iter().map(String::as_str).collect();
                    let needed = BTreeSet::from(["number", "square", "loss"]);
                    let all = BTreeSet::from(["number", "square", "loss", "player"]);
                    assert!(
                        needed.is_subset(&named) && named.is_subset(&all),
                        "{}: {}: {named:?}",
                        language.code(),
                        step.text
                    );
                } else {
                    ids.push((step.text, &[]));
                }
                ids.push((step.done, &[]));
                if let Some(id) = step.not_this {
                    let argument: &[&str] = match step.task {
                        crate::lessons::Task::Score(_) => &["score"],
                        _ => &["square"],
                    };
                    ids.push((id, argument));
                }
            }
            for (id, arguments) in ids {
                let variables = known.get(id).unwrap_or_else(|| {
                    panic!(
                        "{}: lesson {} names no message {id}",
                        language.code(),
                        i + 1
                    )
                });
                let wanted: BTreeSet<String> = arguments.iter().map(|a| a.to_string()).collect();
                assert_eq!(variables, &wanted, "{}: {id}", language.code());
            }
        }
    }
}
