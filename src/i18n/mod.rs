//! The localisation seam: message ids in, text out, in the player's language (Project Fluent).
//! Every word a player reads lives in `assets/locales/<code>/reversi.ftl`, embedded in the binary;
//! only the UI asks for it, through [`tr!`](crate::tr).
//!
//! The language is the player's choice in the settings, else the system's (the browser's
//! `navigator.languages` on the web) negotiated against the four the game speaks (pt-BR → pt,
//! nl-BE → nl), else English. `--lang CODE` / `?lang=CODE` choose one for a run; `pseudo` is
//! English made about 40 % longer and accented, to find text that does not fit or is not
//! translated.

use std::borrow::Cow;
use std::str::FromStr;

use bevy::prelude::Resource;
use fluent_bundle::FluentResource;
use fluent_bundle::concurrent::FluentBundle;
use unic_langid::LanguageIdentifier;

pub use fluent_bundle::{FluentArgs, FluentValue};

/// A language the game speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Language {
    #[default]
    English,
    Portuguese,
    Italian,
    Dutch,
    /// English, accented and lengthened: a test of the layout, not a language to play in.
    Pseudo,
}

impl Language {
    /// The languages a player chooses from (the pseudo-language is for testing only).
    pub const ALL: [Language; 4] = [
        Language::English,
        Language::Portuguese,
        Language::Italian,
        Language::Dutch,
    ];

    /// The language's code: `en`, `pt`, `it`, `nl`, or `pseudo`.
    pub const fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Portuguese => "pt",
            Language::Italian => "it",
            Language::Dutch => "nl",
            Language::Pseudo => "pseudo",
        }
    }

    /// The messages, as written in `assets/locales`.
    pub const fn source(self) -> &'static str {
        match self {
            Language::English | Language::Pseudo => {
                include_str!("../../assets/locales/en/reversi.ftl")
            }
            Language::Portuguese => include_str!("../../assets/locales/pt/reversi.ftl"),
            Language::Italian => include_str!("../../assets/locales/it/reversi.ftl"),
            Language::Dutch => include_str!("../../assets/locales/nl/reversi.ftl"),
        }
    }

    /// The best of the game's languages for a list of preferred ones (BCP 47 tags, best first,
    /// such as `pt-BR` or `nl_BE.UTF-8`), or `None` when none of them is spoken here.
    pub fn negotiate<S: AsRef<str>>(preferred: &[S]) -> Option<Language> {
        let requested: Vec<LanguageIdentifier> = preferred
            .iter()
            .filter_map(|tag| {
                // POSIX locales (nl_BE.UTF-8, pt_BR@euro) are tags with a suffix.
                let tag = tag.as_ref().split(['.', '@']).next().unwrap_or_default();
                LanguageIdentifier::from_str(&tag.replace('_', "-")).ok()
            })
            .collect();
        let available: Vec<LanguageIdentifier> = Language::ALL
            .iter()
            .map(|l| l.code().parse().expect("a valid tag"))
            .collect();
        let chosen = fluent_langneg::negotiate_languages(
            &requested,
            &available,
            None,
            fluent_langneg::NegotiationStrategy::Lookup,
        );
        let code = chosen.first()?.language.as_str().to_string();
        Language::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The language of this system's (or this browser's) preferred languages.
    pub fn of_system() -> Language {
        let preferred: Vec<String> = sys_locale::get_locales().collect();
        Language::negotiate(&preferred).unwrap_or_default()
    }
}

impl FromStr for Language {
    type Err = String;

    /// A code (`en`, `pt-BR`, `nl`, `pseudo`), negotiated to a language the game speaks.
    fn from_str(text: &str) -> Result<Language, String> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("pseudo") {
            return Ok(Language::Pseudo);
        }
        Language::negotiate(&[text])
            .ok_or_else(|| format!("'{text}' is not a language of the game (en, pt, it, nl)"))
    }
}

/// The messages of every language, and the one shown.
#[derive(Resource)]
pub struct Texts {
    language: Language,
    bundles: Vec<(Language, FluentBundle<FluentResource>)>,
}

impl Texts {
    /// Every language's messages, showing `language`. Panics when a message file does not parse:
    /// they are part of the binary, and a test parses each.
    pub fn new(language: Language) -> Texts {
        let bundles = Language::ALL
            .into_iter()
            .chain([Language::Pseudo])
            .map(|l| (l, bundle(l).unwrap_or_else(|e| panic!("{}: {e}", l.code()))))
            .collect();
        Texts { language, bundles }
    }

    pub fn language(&self) -> Language {
        self.language
    }

    pub fn set_language(&mut self, language: Language) {
        self.language = language;
    }

    fn bundle_of(&self, language: Language) -> &FluentBundle<FluentResource> {
        &self
            .bundles
            .iter()
            .find(|(l, _)| *l == language)
            .expect("every language has a bundle")
            .1
    }

    /// The message `id` in the language shown, formatted with `args`; English where a
    /// translation lacks it, and the id itself where English does too.
    pub fn text(&self, id: &str, args: Option<&FluentArgs>) -> String {
        self.text_in(self.language, id, args)
            .or_else(|| self.text_in(Language::English, id, args))
            .unwrap_or_else(|| id.to_string())
    }

    /// The message `id` in `language`, or `None` when it has no such message (or it does not
    /// format).
    pub fn text_in(
        &self,
        language: Language,
        id: &str,
        args: Option<&FluentArgs>,
    ) -> Option<String> {
        let bundle = self.bundle_of(language);
        let pattern = bundle.get_message(id)?.value()?;
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, args, &mut errors);
        errors.is_empty().then(|| text.into_owned())
    }

    /// A language's own name ("Português"), whatever language is shown.
    pub fn own_name(&self, language: Language) -> String {
        self.text_in(language, "language-name", None)
            .unwrap_or_else(|| language.code().to_string())
    }

    /// `value` with `places` decimals and the shown language's decimal separator.
    pub fn decimal(&self, value: f64, places: usize) -> String {
        let text = format!("{value:.places$}");
        match self.text("decimal-separator", None).as_str() {
            "." => text,
            separator => text.replace('.', separator),
        }
    }
}

impl Default for Texts {
    fn default() -> Texts {
        Texts::new(Language::English)
    }
}

/// The bundle of one language's messages.
fn bundle(language: Language) -> Result<FluentBundle<FluentResource>, String> {
    let resource = FluentResource::try_new(language.source().to_string())
        .map_err(|(_, errors)| format!("{errors:?}"))?;
    let tag: LanguageIdentifier = match language {
        Language::Pseudo => "en".parse(),
        other => other.code().parse(),
    }
    .map_err(|e: unic_langid::LanguageIdentifierError| e.to_string())?;
    let mut bundle = FluentBundle::new_concurrent(vec![tag]);
    // egui draws no bidirectional isolation marks: leave them out.
    bundle.set_use_isolating(false);
    if language == Language::Pseudo {
        bundle.set_transform(Some(pseudo));
    }
    bundle
        .add_resource(resource)
        .map_err(|errors| format!("{errors:?}"))?;
    Ok(bundle)
}

/// The pseudo-language's text: every letter accented (with letters the game's font has), vowels
/// doubled, then padded with middle dots to at least 40 % longer than the English.
fn pseudo(text: &str) -> Cow<'_, str> {
    const PLAIN: &str = "aceinosuyzACEINOSUYZ";
    const ACCENTED: &str = "àçéîñöšûýžÀÇÉÎÑÖŠÛÝŽ";
    let mut out = String::with_capacity(text.len() * 2);
    for c in text.chars() {
        let accented = PLAIN
            .find(c)
            .and_then(|i| ACCENTED.chars().nth(PLAIN[..i].chars().count()))
            .unwrap_or(c);
        out.push(accented);
        if "aeiouAEIOU".contains(c) {
            out.push(accented);
        }
    }
    let want = text.chars().count() * 7 / 5;
    let have = out.chars().count();
    if text.chars().any(char::is_alphabetic) && have < want {
        out.extend(std::iter::repeat_n('·', want - have));
    }
    Cow::Owned(out)
}

/// The text of message `id` in the language shown: `tr!(texts, "menu-start")`, or with named
/// arguments, `tr!(texts, "menu-clock-minutes", minutes = 5)`.
#[macro_export]
macro_rules! tr {
    ($texts:expr, $id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::tr_id!($texts, $id $(, $name = $value)*)
    };
}

/// The text of a message whose id is data rather than written in the code (a lesson's), with
/// named arguments as in [`tr!`]: `tr_id!(texts, step.text)`, `tr_id!(texts, id, square = "c4")`.
#[macro_export]
macro_rules! tr_id {
    ($texts:expr, $id:expr) => {
        $texts.text($id, None)
    };
    ($texts:expr, $id:expr, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = $crate::i18n::FluentArgs::new();
        $(args.set(stringify!($name), $crate::i18n::FluentValue::from($value));)+
        $texts.text($id, Some(&args))
    }};
}

/// The opening names of [`crate::rules::openings`] that the languages translate, with their
/// messages; the others are written alike in every language.
const OPENING_NAMES: [(&str, &str); 3] = [
    ("Perpendicular", "opening-name-perpendicular"),
    ("Parallel", "opening-name-parallel"),
    ("Diagonal", "opening-name-diagonal"),
];

impl Texts {
    /// An opening's name (as the openings' table writes it) in the language shown.
    pub fn opening(&self, name: &str) -> String {
        match OPENING_NAMES.iter().find(|(n, _)| *n == name) {
            Some((_, id)) => self.text(id, None),
            None => name.to_string(),
        }
    }
}

#[cfg(test)]
mod plurals;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod words;
