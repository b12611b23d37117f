//! Every count agrees with its noun: each message, rendered in each language with each of its
//! counts at 0, 1, 2 and 5 (the others at 7), writes no noun in the plural after a 1 and none in
//! the singular after a 2 or a 5, and the counts given as words ("one square") stay words.

use std::collections::BTreeSet;

use super::tests::{messages, sample_args};
use super::{Language, Texts};

/// Nouns and participles that must not follow "1 " (plural forms) and those that must not
/// follow "2 " or "5 " (singular forms), in each language.
fn forms(language: Language) -> (&'static [&'static str], &'static [&'static str]) {
    match language {
        Language::English => (
            &[
                "squares",
                "moves",
                "discs",
                "lessons",
                "puzzles",
                "games",
                "points",
                "players",
                "rounds",
                "seconds",
                "minutes",
                "regions",
                "plies",
                "empties",
                "mistakes",
                "openings",
                "lines",
                "positions",
                "byes",
            ],
            &[
                "square", "move", "disc", "lesson", "puzzle", "game", "point", "player", "round",
                "second", "minute", "region", "ply", "mistake", "opening", "line", "position",
                "bye",
            ],
        ),
        Language::Italian => (
            &[
                "caselle",
                "mosse",
                "pedine",
                "lezioni",
                "problemi",
                "partite",
                "punti",
                "giocatori",
                "turni",
                "secondi",
                "minuti",
                "regioni",
                "errori",
                "aperture",
                "linee",
                "posizioni",
                "risolti",
                "completate",
                "vuote",
                "giocate",
                "imparate",
            ],
            &[
                "casella",
                "mossa",
                "pedina",
                "lezione",
                "problema",
                "partita",
                "punto",
                "giocatore",
                "turno",
                "secondo",
                "minuto",
                "regione",
                "errore",
                "apertura",
                "linea",
                "posizione",
                "risolto",
                "completata",
                "vuota",
                "giocata",
                "imparata",
            ],
        ),
        Language::Portuguese => (
            &[
                "quadrados",
                "jogadas",
                "peças",
                "lições",
                "problemas",
                "partidas",
                "pontos",
                "jogadores",
                "rodadas",
                "segundos",
                "minutos",
                "regiões",
                "erros",
                "aberturas",
                "linhas",
                "posições",
                "resolvidos",
                "concluídas",
                "vazios",
                "aprendidas",
            ],
            &[
                "quadrado",
                "jogada",
                "peça",
                "lição",
                "problema",
                "partida",
                "ponto",
                "jogador",
                "rodada",
                "segundo",
                "minuto",
                "região",
                "erro",
                "abertura",
                "linha",
                "posição",
                "resolvido",
                "concluída",
                "vazio",
                "aprendida",
            ],
        ),
        Language::Dutch => (
            &[
                "velden",
                "zetten",
                "stenen",
                "lessen",
                "puzzels",
                "partijen",
                "punten",
                "spelers",
                "ronden",
                "rondes",
                "seconden",
                "minuten",
                "gebieden",
                "fouten",
                "openingen",
                "lijnen",
                "stellingen",
            ],
            &[
                "veld", "zet", "steen", "les", "puzzel", "partij", "punt", "speler", "ronde",
                "seconde", "minuut", "gebied", "fout", "opening", "lijn", "stelling",
            ],
        ),
        Language::Pseudo => (&[], &[]),
    }
}

/// The two words of `text` that follow the number `n` written alone, lower-cased: a noun and
/// an adjective before it ("1 empty squares", "1 lege velden"), but not after "21" or "1,5".
fn words_after(text: &str, n: i64) -> Vec<String> {
    let number = n.to_string();
    let tokens: Vec<&str> = text.split(' ').collect();
    let word = |token: &str| {
        token
            .trim_end_matches(|c: char| !c.is_alphabetic())
            .to_lowercase()
    };
    let mut out = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        if token.trim_start_matches(['(', '–', '-', '«', '"']) != number {
            continue;
        }
        // The next word, and the one after it where nothing but a space parts them.
        for next in tokens.iter().skip(i + 1).take(2) {
            let w = word(next);
            if w.is_empty() {
                break;
            }
            out.push(w);
            if !next.ends_with(|c: char| c.is_alphabetic()) {
                break;
            }
        }
    }
    out
}

/// Counts that are never below 2, so that no form for one is written: the squares of a board
/// (16 at least), the most players of a tournament, the empties an analysis is exact from.
const NEVER_ONE: [(&str, &str); 3] = [
    ("record-paste-help", "squares"),
    ("tournament-need-players", "most"),
    // The analysis is exact from 14, 16 or 18 empties.
    ("analysis-done", "empties"),
];

/// The numeric variables of a message: those `sample_args` gives a number.
fn counts(variables: &BTreeSet<String>) -> Vec<String> {
    let args = sample_args(variables, 3);
    variables
        .iter()
        .filter(|name| matches!(args.get(name.as_str()), Some(super::FluentValue::Number(_))))
        .cloned()
        .collect()
}

#[test]
fn every_count_agrees_with_its_noun_in_every_language() {
    let texts = Texts::new(Language::English);
    let english = messages(Language::English);
    let mut wrong = Vec::new();
    for language in Language::ALL {
        let (plurals, singulars) = forms(language);
        for (id, variables) in &english {
            for count in counts(variables) {
                if NEVER_ONE.contains(&(id.as_str(), count.as_str())) {
                    continue;
                }
                for n in [0, 1, 2, 5] {
                    let mut args = sample_args(variables, 7);
                    args.set(count.clone(), n);
                    let text = texts
                        .text_in(language, id, Some(&args))
                        .unwrap_or_else(|| panic!("{}: {id} does not format", language.code()));
                    let bad: &[&str] = if n == 1 { plurals } else { singulars };
                    for word in words_after(&text, n) {
                        if bad.contains(&word.as_str()) {
                            wrong.push(format!(
                                "{}: {id} (${count} = {n}): {text}",
                                language.code()
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} disagreements:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn the_agreement_check_finds_a_wrong_form() {
    assert_eq!(words_after("regions of 1 squares.", 1), ["squares"]);
    assert_eq!(words_after("(1 caselle) e 21 caselle", 1), ["caselle"]);
    assert!(words_after("Bianco 1 · Vuote 7", 1).is_empty());
    assert_eq!(words_after("of 1 empty squares", 1), ["empty", "squares"]);
    assert!(words_after("11 squares, 1,5 squares", 1).is_empty());
    let (plurals, singulars) = forms(Language::Italian);
    assert!(plurals.contains(&"problemi") && singulars.contains(&"mossa"));
}
