//! Who plays whom, and with which colour: a round robin's rounds (Berger's tables), a gauntlet's,
//! and a Swiss tournament's next round from the standings.

use super::GameResult;

/// One round: the games as (Black, White), and the player left out of it (an odd number of
/// players), if any.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    pub games: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

/// A round robin of `players`: `players - 1` rounds (`players` when odd, each player resting in one
/// of them), each player meeting every other once. Berger's tables by the circle method: the last
/// player stays, the others turn round it a place a round; colours alternate from round to round
/// for almost every player, and each player has Black in half their games, or one game more or
/// fewer.
pub fn round_robin(players: usize) -> Vec<Round> {
    if players < 2 {
        return Vec::new();
    }
    // An odd number of players gets a stand-in; who meets it rests.
    let n = players + players % 2;
    let fixed = n - 1;
    let ring = n - 1;
    let stand_in = (players % 2 == 1).then_some(players);
    (0..ring)
        .map(|r| {
            // The player at place `k` of the ring in round `r`.
            let at = |k: usize| (k + r) % ring;
            let mut pairs = Vec::with_capacity(n / 2);
            // The fixed player against place 0, White in even rounds.
            pairs.push(if r % 2 == 0 {
                (at(0), fixed)
            } else {
                (fixed, at(0))
            });
            // Place k against place ring - k: the odd place Black, so that each player's colour
            // alternates as it moves down the places.
            for k in 1..n / 2 {
                let (a, b) = (at(k), at(ring - k));
                pairs.push(if k % 2 == 1 { (a, b) } else { (b, a) });
            }
            let mut round = Round::default();
            for (black, white) in pairs {
                if Some(black) == stand_in {
                    round.bye = Some(white);
                } else if Some(white) == stand_in {
                    round.bye = Some(black);
                } else {
                    round.games.push((black, white));
                }
            }
            round
        })
        .collect()
}

/// A gauntlet: player 0 against each of the others in turn, one round each, a game with either
/// colour.
pub fn gauntlet(players: usize) -> Vec<Round> {
    (1..players)
        .map(|other| Round {
            games: vec![(0, other), (other, 0)],
            bye: None,
        })
        .collect()
}

/// Round `round_number` (from 0) of a Swiss tournament. `ranked` holds every player, best first (the standings so
/// far; seed order before the first round); `played` the games so far; `byes` who has had a bye.
///
/// The rules, in order:
/// 1. With an odd number of players, the lowest-ranked player who has not had a bye gets it (a
///    win, half the board's squares in discs); when all have had one, the lowest-ranked.
/// 2. From the top of the ranking down, each player not yet paired meets the highest-ranked player
///    not yet paired whom they have not met; where that leaves someone below without an opponent,
///    the pairing above is undone and the next candidate tried. Only when no pairing avoids a
///    rematch are rematches allowed, fewest meetings first.
/// 3. Colours: Black goes to the player who has had White more often; when even, to the one who
///    had White in their last game; when that is even too, to the higher-ranked player in the first
///    round and every second one after it, to the lower-ranked in the others.
pub fn swiss_round(
    round_number: usize,
    ranked: &[usize],
    played: &[GameResult],
    byes: &[usize],
) -> Round {
    let players = ranked.len();
    let mut order: Vec<usize> = ranked.to_vec();
    let mut bye = None;
    if players % 2 == 1 {
        let pick = order
            .iter()
            .rev()
            .position(|p| !byes.contains(p))
            .unwrap_or(0);
        bye = Some(order.remove(players - 1 - pick));
    }
    let meetings = |a: usize, b: usize| {
        played
            .iter()
            .filter(|g| (g.black == a && g.white == b) || (g.black == b && g.white == a))
            .count()
    };
    let mut pairs = None;
    for allowed in 0..=played.len() {
        let mut chosen = Vec::new();
        if pair_down(&order, &meetings, allowed, &mut chosen) {
            pairs = Some(chosen);
            break;
        }
    }
    let pairs = pairs.unwrap_or_default();
    let colour_balance = |p: usize| -> i64 {
        played
            .iter()
            .map(|g| i64::from(g.white == p) - i64::from(g.black == p))
            .sum()
    };
    let last_was_white = |p: usize| -> Option<bool> {
        played
            .iter()
            .rev()
            .find(|g| g.black == p || g.white == p)
            .map(|g| g.white == p)
    };
    let games = pairs
        .into_iter()
        .map(|(higher, lower)| {
            let (h, l) = (colour_balance(higher), colour_balance(lower));
            let higher_black = if h != l {
                h > l
            } else {
                match (last_was_white(higher), last_was_white(lower)) {
                    (Some(a), Some(b)) if a != b => a,
                    _ => round_number.is_multiple_of(2),
                }
            };
            if higher_black {
                (higher, lower)
            } else {
                (lower, higher)
            }
        })
        .collect();
    Round { games, bye }
}

/// Pairs `left` (best first) top down, each with the highest-ranked partner met at most `allowed`
/// times before, undoing a pairing where the rest cannot be paired.
fn pair_down(
    left: &[usize],
    meetings: &dyn Fn(usize, usize) -> usize,
    allowed: usize,
    chosen: &mut Vec<(usize, usize)>,
) -> bool {
    let Some((&top, rest)) = left.split_first() else {
        return true;
    };
    for (i, &partner) in rest.iter().enumerate() {
        if meetings(top, partner) > allowed {
            continue;
        }
        let others: Vec<usize> = rest
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &p)| p)
            .collect();
        chosen.push((top, partner));
        if pair_down(&others, meetings, allowed, chosen) {
            return true;
        }
        chosen.pop();
    }
    false
}
