//! Each language keeps its rule book's words: the words a second dialect or a second term would
//! bring back are not there, Dutch turns discs with *omdraaien* (its parts "draait … om" in one
//! sentence), and Portuguese squares are the masculine *quadrado*.

use super::Language;

/// Each language says a thing with one word, its rule book's: Brazilian Portuguese "quadrado",
/// "jogada legal", "cercar", "oponente" and "computador", Italian "casella", "tavoliere" and
/// "mossa legale", Dutch "gelijkspel", "omgedraaid" and "tips"; the words a second dialect or a
/// second term would bring back are not there.
#[test]
fn each_language_keeps_its_rule_books_words() {
    let banned: [(Language, &[&str]); 3] = [
        (
            Language::Portuguese,
            &[
                "casa",
                "casas",
                "válida",
                "válidas",
                "ligação",
                "ligar",
                "acaso",
                "desforra",
                "noutro",
                "noutra",
                "guardada",
                "guardadas",
                "espera",
                "adversário",
                "flanquear",
                "flanqueia",
                "flanquearia",
                "flanqueado",
                "motor",
            ],
        ),
        (
            Language::Italian,
            &[
                "casa",
                "case",
                "scacchiera",
                "valida",
                "valide",
                "silenziosa",
            ],
        ),
        (Language::Dutch, &["remise", "gedraaid", "hints", "hint"]),
    ];
    for (language, words) in banned {
        for line in language.source().lines().filter(|l| !l.starts_with('#')) {
            // The text, not the message's id ("panel-hints = Tips").
            let text = line.split_once(" = ").map_or(line, |(_, text)| text);
            let lower = text.to_lowercase();
            let found: Vec<&&str> = words
                .iter()
                .filter(|w| {
                    lower
                        .split(|c: char| !c.is_alphanumeric())
                        .any(|token| token == **w)
                })
                .collect();
            assert!(found.is_empty(), "{}: {found:?} in {line}", language.code());
        }
    }
}

/// The messages of a language's file, each on one line (a message's continuation lines joined).
fn whole_messages(language: Language) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in language.source().lines() {
        if line.starts_with(' ') || line.starts_with('}') {
            if let Some(last) = out.last_mut() {
                last.push(' ');
                last.push_str(line.trim());
            }
        } else if !line.starts_with('#') && !line.trim().is_empty() {
            out.push(line.to_string());
        }
    }
    out
}

/// The Dutch rule book turns discs with *omdraaien*: where a sentence says "draait" or
/// "draaien", its "om" follows in the same sentence ("c6 draait maar één steen om"). A server that
/// runs another version ("De server draait") is the one other use.
#[test]
fn dutch_turns_discs_with_omdraaien() {
    for message in whole_messages(Language::Dutch) {
        if message.starts_with("online-failed-version") {
            continue;
        }
        for sentence in message.split(['.', ':', ';', '?', '!']) {
            let words: Vec<&str> = sentence
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .collect();
            if let Some(at) = words.iter().position(|w| *w == "draait" || *w == "draaien") {
                assert!(
                    words[at..].contains(&"om"),
                    "nl: \"{}\" in: {message}",
                    sentence.trim()
                );
            }
        }
    }
}

/// The Brazilian book's square is the masculine *quadrado*: nothing says of a square what the old
/// feminine *casa* took ("Esta é c4", "está ocupada", "cada uma").
#[test]
fn portuguese_squares_are_masculine() {
    let feminine = ["Esta é { $square }", "está ocupada", "cada uma fica"];
    for message in whole_messages(Language::Portuguese) {
        for phrase in feminine {
            assert!(!message.contains(phrase), "pt: {phrase:?} in: {message}");
        }
    }
}

/// Dutch players are Zwart and Wit, capitalised where they are the players ("het beste antwoord
/// van Wit"); the colours' adjectives stay lower case ("zwarte stenen").
#[test]
fn dutch_players_are_capitalised() {
    for message in whole_messages(Language::Dutch) {
        let id = message.split(' ').next().unwrap_or_default();
        // A square's, a disc's or a move's colour, lower case in every language.
        if ["cell-", "over-discs", "what-if-move", "analysis-mistake"]
            .iter()
            .any(|prefix| id.starts_with(prefix))
        {
            continue;
        }
        for phrase in [
            "van zwart",
            "van wit",
            "voor zwart",
            "voor wit",
            "geeft zwart",
            "laat wit",
            "] zwart",
            "] wit",
        ] {
            // The phrase as whole words: "] zwarte steen" is an adjective.
            let whole = message.match_indices(phrase).any(|(at, _)| {
                !message[at + phrase.len()..].starts_with(|c: char| c.is_alphabetic())
            });
            assert!(!whole, "nl: {phrase:?} in: {message}");
        }
    }
}
