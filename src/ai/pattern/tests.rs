#[cfg(target_arch = "x86_64")]
use super::gather::pext_reader;
use super::gather::reader;
use super::model::{pow3, symmetries};
use super::*;
use crate::rules::Board;

#[test]
fn placements_cover_every_symmetric_image_once() {
    let layout = Model::Rich.layout();
    let count = |name: &str| {
        let g = layout.group_names().position(|g| g == name).unwrap();
        let offset = layout.group_offsets[g];
        layout
            .placements
            .iter()
            .filter(|p| p.offset == offset)
            .count()
    };
    // Edges and rows: four sides read both ways; the 3x3 corner: four corners, two orders;
    // the long diagonal: two diagonals read both ways.
    assert_eq!(count("edge+2X"), 8);
    assert_eq!(count("corner 3x3"), 8);
    assert_eq!(count("row 2"), 8);
    assert_eq!(count("diagonal 8"), 4);
    assert_eq!(count("diagonal 4"), 8);
    // The corner shapes: four corners, two orders each (the triangle, the edge with its block),
    // or two shapes each (the 2×5 corner along either edge).
    assert_eq!(count("corner 2x5"), 8);
    assert_eq!(count("corner triangle"), 8);
    assert_eq!(count("edge+block"), 8);
    assert_eq!(layout.placements.len(), 76 + 24);
    assert_eq!(Model::Classic.layout().placements.len(), 76);
    for p in &layout.placements {
        let squares = &p.squares[..p.len as usize];
        assert!(squares.iter().all(|&s| s < 64));
        let mut sorted = squares.to_vec();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), squares.len(), "a square twice in {squares:?}");
    }
}

#[test]
fn indices_stay_inside_their_tables() {
    for model in Model::ALL {
        indices_stay_inside_the_tables_of(model.layout());
    }
}

fn indices_stay_inside_the_tables_of(layout: &Layout) {
    let full = Board {
        player: 0,
        opponent: u64::MAX,
    };
    for p in &layout.placements {
        let group = layout
            .group_offsets
            .iter()
            .position(|&o| o == p.offset)
            .unwrap();
        assert_eq!(
            index(p, full.player, full.opponent),
            pow3(p.len as usize) - 1
        );
        assert_eq!(index(p, 0, 0), 0);
        let end = layout
            .group_offsets
            .get(group + 1)
            .map_or(layout.per_phase - layout.model.linear(), |&o| o as usize);
        assert_eq!(p.offset as usize + pow3(p.len as usize), end);
    }
}

#[test]
fn the_fast_reading_gives_every_placements_index() {
    for model in Model::ALL {
        let layout = model.layout();
        check_reads(
            layout,
            reader(layout),
            0x2545_F491_4F6C_DD1D,
            |gather, x| gather.bits(x),
        );
    }
}

/// Each read of `reader`, with `bits` as its gather, gives its placement's [`index`] on random
/// boards (checked indexing), and its table offset.
fn check_reads<G: Copy>(
    layout: &Layout,
    reader: &gather::Reader<G>,
    seed: u64,
    bits: impl Fn(G, u64) -> usize,
) {
    let mut next = xorshift(seed);
    for _ in 0..2000 {
        let (a, b) = (next(), next());
        let (player, opponent) = (a & b, !a & next());
        let opponent = opponent & !player;
        for (&i, &(gather, digits, offset)) in reader.placements.iter().zip(&reader.reads) {
            let p = &layout.placements[i];
            let digits = &reader.digits[digits as usize..];
            let fast =
                digits[bits(gather, player)] as usize + 2 * digits[bits(gather, opponent)] as usize;
            assert_eq!(fast, index(p, player, opponent), "{:?}", p.squares);
            assert_eq!(offset, p.offset);
        }
    }
}

#[test]
fn the_evaluation_is_the_same_under_every_symmetry() {
    // Symmetric placements share tables, so any weights give equal values to mirrored boards.
    for model in Model::ALL {
        the_evaluation_is_the_same_under_every_symmetry_of(random_weights_of(model, 12345, 100));
    }
}

fn the_evaluation_is_the_same_under_every_symmetry_of(weights: Weights) {
    let game = crate::rules::notation::parse_transcript(
        "f5d6c3d3c4f4f6f3e6e7d7",
        crate::rules::Variant::STANDARD,
    )
    .unwrap();
    let board = game.position().to_board().unwrap();
    let transform = |bits: u64, s: usize| {
        let mut out = 0u64;
        for sq in 0..64u8 {
            if bits >> sq & 1 == 1 {
                let (f, r) = symmetries(sq % 8, sq / 8)[s];
                out |= 1 << (r * 8 + f);
            }
        }
        out
    };
    let value = weights.evaluate(board.player, board.opponent);
    for s in 1..8 {
        let (p, o) = (transform(board.player, s), transform(board.opponent, s));
        assert_eq!(weights.evaluate(p, o), value, "symmetry {s}");
    }
}

#[test]
fn weights_round_trip_and_bad_files_are_refused() {
    let mut values = Weights::zero().values;
    values[7] = -300;
    values[12345] = 2000;
    let weights = Weights::from_values(values);
    let bytes = weights.to_bytes();
    assert_eq!(Weights::from_bytes(&bytes).unwrap(), weights);
    // A weight too large to fold.
    let mut large = bytes.clone();
    let at = MAGIC.len() + 8 + 2 * 7;
    large[at..at + 2].copy_from_slice(&(MAX_WEIGHT + 1).to_le_bytes());
    assert!(Weights::from_bytes(&large).is_err());
    assert!(Weights::from_bytes(&bytes[..bytes.len() - 1]).is_err());
    assert!(Weights::from_bytes(b"nonsense").is_err());
    let mut other = bytes.clone();
    other[8] = 11;
    assert!(Weights::from_bytes(&other).is_err());
}

/// Weights of the shipped layout, each a pseudo-random value in ±`bound`.
fn random_weights(seed: u64, bound: i16) -> Weights {
    random_weights_of(Model::Classic, seed, bound)
}

/// Weights of `model`, each a pseudo-random value in ±`bound`.
fn random_weights_of(model: Model, seed: u64, bound: i16) -> Weights {
    let mut next = xorshift(seed);
    let values = (0..model.layout().weights())
        .map(|_| (next() % (2 * bound as u64 + 1)) as i16 - bound)
        .collect();
    Weights::of_model(model, values)
}

/// A xorshift generator from `seed` (not zero).
fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut x = seed;
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

#[test]
fn half_the_placements_read_in_folded_tables_give_the_sum_over_all() {
    // Every classic placement has a mirror; of the rich model's, the 2×5 corners have none.
    let classic = layout();
    assert_eq!(reader(classic).reads.len() * 2, classic.placements.len());
    let rich = Model::Rich.layout();
    assert_eq!(
        reader(rich).reads.len(),
        (rich.placements.len() - 8) / 2 + 8
    );
    for weights in [
        random_weights(7, 100),
        random_weights(8, MAX_WEIGHT),
        shipped().unwrap().clone(),
        random_weights_of(Model::Rich, 9, 100),
        random_weights_of(Model::Rich, 10, MAX_WEIGHT),
    ] {
        let layout = weights.layout();
        let mut next = xorshift(99);
        for _ in 0..3000 {
            let (a, b) = (next(), next());
            let (player, opponent) = (a & b, !a & next() & !(a & b));
            let phase = layout.model.phase((player | opponent).count_ones());
            let table = &weights.values()[phase * layout.per_phase..][..layout.per_phase];
            // Every placement read in the unfolded table, as the weights were fitted.
            let mut want: i32 = layout
                .placements
                .iter()
                .map(|p| table[p.offset as usize + index(p, player, opponent)] as i32)
                .sum();
            let linear = &table[layout.per_phase - layout.model.linear()..];
            assert_eq!(linear.len(), layout.model.linear());
            for (w, x) in linear.iter().zip(linear_features(player, opponent)) {
                want += *w as i32 * x;
            }
            let want = want.clamp(-64 * DISC + 1, 64 * DISC - 1);
            assert_eq!(weights.evaluate(player, opponent), want);
        }
    }
}

#[test]
fn the_fast_evaluation_equals_the_portable_one() {
    for weights in [
        shipped().unwrap().clone(),
        random_weights_of(Model::Rich, 11, 1000),
    ] {
        the_fast_evaluation_equals_the_portable_one_for(&weights);
    }
}

fn the_fast_evaluation_equals_the_portable_one_for(weights: &Weights) {
    let mut next = xorshift(31);
    for _ in 0..20_000 {
        let (a, b) = (next(), next());
        let (player, opponent) = (a & b, !a & next() & !(a & b));
        assert_eq!(
            weights.evaluate_fast(player, opponent),
            weights.evaluate(player, opponent)
        );
    }
}

#[cfg(target_arch = "x86_64")]
#[test]
fn the_pext_reading_gives_every_placements_index() {
    if crate::rules::x86::lacks(
        std::is_x86_feature_detected!("bmi2"),
        "the_pext_reading_gives_every_placements_index",
        "BMI2",
    ) {
        return;
    }
    for model in Model::ALL {
        let layout = model.layout();
        let pext = pext_reader(layout);
        assert_eq!(pext.placements, reader(layout).placements);
        // SAFETY: BMI2 was detected above.
        check_reads(layout, pext, 0x9E37_79B9_7F4A_7C15, |mask, x| unsafe {
            std::arch::x86_64::_pext_u64(x, mask) as usize
        });
    }
    let pext = pext_reader(layout());
    let table = vec![0i16; pext.table_len];
    let mut next = xorshift(7);
    for _ in 0..2000 {
        let (player, opponent) = (next() & next(), next());
        let opponent = opponent & !player;
        // SAFETY: as above.
        assert_eq!(unsafe { pext.sum(&table, player, opponent) }, 0);
    }
}

#[cfg(target_arch = "x86_64")]
#[test]
fn the_pext_evaluation_equals_the_portable_one() {
    if crate::rules::x86::lacks(
        std::is_x86_feature_detected!("bmi2"),
        "the_pext_evaluation_equals_the_portable_one",
        "BMI2",
    ) {
        return;
    }
    for weights in [
        shipped().unwrap().clone(),
        random_weights(77, 1000),
        random_weights_of(Model::Rich, 78, 1000),
    ] {
        let mut next = xorshift(41);
        for _ in 0..20_000 {
            let (a, b) = (next(), next());
            let (player, opponent) = (a & b, !a & next() & !(a & b));
            // SAFETY: BMI2 was detected above.
            let pext = unsafe { weights.evaluate_pext(player, opponent, legal_moves) };
            assert_eq!(pext, weights.evaluate(player, opponent));
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[test]
fn pext_is_taken_only_where_bmi2_is() {
    use super::gather::fast_pext;
    use crate::rules::x86::avx512_path;
    if fast_pext() {
        assert!(std::is_x86_feature_detected!("bmi2"));
    }
    if avx512_path() {
        assert!(fast_pext());
    }
}

/// The fast readings index their tables unchecked, which is safe only for boards where no
/// square is both sides': anything else is refused.
#[test]
#[should_panic(expected = "a square on both sides")]
fn a_board_with_a_square_on_both_sides_is_refused() {
    let weights = random_weights(3, 100);
    weights.evaluate(0x0000_0010_0800_0000, 0x0000_0018_1000_0000);
}

#[test]
fn the_shipped_weights_load() {
    assert!(
        shipped().is_some(),
        "src/ai/weights.bin does not match the layout"
    );
    // The midgame's overlay reads (a failure would leave the solver's phases in its place)
    // and holds the midgame phases, nothing else.
    let overlay = include_bytes!("../weights-midgame.bin");
    let laid = shipped().unwrap().with_overlay(overlay).unwrap();
    assert_eq!(classic_midgame(), Some(&laid));
    let per_phase = layout().per_phase;
    assert_eq!(
        overlay.len(),
        OVERLAY_MAGIC.len() + 12 + 2 * MIDGAME_PHASES.count() * per_phase
    );
    for phase in 0..PHASES {
        let range = phase * per_phase..(phase + 1) * per_phase;
        let same = laid.values()[range.clone()] == shipped().unwrap().values()[range];
        assert_eq!(same, !MIDGAME_PHASES.contains(&phase), "phase {phase}");
    }
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
fn the_midgame_search_reads_the_rich_weights_compiled_in() {
    let rich = rich().expect("src/ai/weights-rich.bin.gz does not read as weights");
    assert_eq!(rich.model(), Model::Rich);
    assert_eq!(midgame(), Some(rich));
}

/// Installs weights equal to those the midgame search already reads, so that no other test
/// (in this process) sees a different evaluation.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn installed_weights_become_the_midgame_searchs_and_only_the_first_installation_counts() {
    let rich = rich().unwrap();
    install_midgame(rich.clone()).unwrap();
    let installed = midgame().unwrap();
    assert!(
        !std::ptr::eq(installed, rich),
        "the installed copy, not the compiled one"
    );
    assert_eq!(installed, rich);
    let other = random_weights_of(Model::Rich, 5, 100);
    assert!(install_midgame(other).unwrap_err().contains("already"));
    assert!(std::ptr::eq(midgame().unwrap(), installed));
}

#[test]
fn an_overlay_replaces_its_phases_and_bad_overlays_are_refused() {
    let base = random_weights(5, 1000);
    let other = random_weights(6, 1000);
    let overlay = other.overlay_bytes(2..=3);
    let laid = base.with_overlay(&overlay).unwrap();
    let per_phase = layout().per_phase;
    for phase in 0..PHASES {
        let range = phase * per_phase..(phase + 1) * per_phase;
        let from = if (2..=3).contains(&phase) {
            &other
        } else {
            &base
        };
        assert_eq!(
            laid.values()[range.clone()],
            from.values()[range],
            "phase {phase}"
        );
    }
    assert_eq!(
        base.with_overlay(&other.overlay_bytes(0..=PHASES - 1))
            .unwrap(),
        other
    );
    // Whole weights read as they are; an overlay lies on the shipped ones.
    assert_eq!(Weights::read(&other.to_bytes()).unwrap(), other);
    let on_shipped = Weights::read(&overlay).unwrap();
    assert_eq!(
        on_shipped,
        shipped().unwrap().with_overlay(&overlay).unwrap()
    );
    // Cut short, of another layout, beyond the phases, a weight too large, not an overlay.
    assert!(base.with_overlay(&overlay[..overlay.len() - 2]).is_err());
    let mut layout_ = overlay.clone();
    layout_[OVERLAY_MAGIC.len() + 8] ^= 1;
    assert!(base.with_overlay(&layout_).is_err());
    let mut beyond = overlay.clone();
    beyond[OVERLAY_MAGIC.len()] = PHASES as u8 - 1;
    assert!(base.with_overlay(&beyond).is_err());
    let mut none = overlay.clone();
    none[OVERLAY_MAGIC.len()..OVERLAY_MAGIC.len() + 8].fill(0);
    assert!(base.with_overlay(&none).is_err(), "no phase at all");
    let mut far = overlay.clone();
    far[OVERLAY_MAGIC.len()..OVERLAY_MAGIC.len() + 4].fill(0xff);
    assert!(
        base.with_overlay(&far).is_err(),
        "a first phase near u32::MAX"
    );
    let mut large = overlay.clone();
    let at = OVERLAY_MAGIC.len() + 12;
    large[at..at + 2].copy_from_slice(&(MAX_WEIGHT + 1).to_le_bytes());
    assert!(base.with_overlay(&large).is_err());
    assert!(base.with_overlay(&other.to_bytes()).is_err());
    assert!(Weights::read(b"nonsense").is_err());
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

#[test]
fn gzip_compressed_weights_read_as_the_weights_and_damaged_streams_are_refused() {
    let weights = random_weights_of(Model::Rich, 91, 500);
    let packed = gzip(&weights.to_bytes());
    assert_eq!(Weights::read(&packed).unwrap(), weights);
    let overlay = random_weights(92, 300).overlay_bytes(6..=8);
    assert_eq!(
        Weights::read(&gzip(&overlay)).unwrap(),
        Weights::read(&overlay).unwrap()
    );

    let cut = &packed[..packed.len() / 2];
    assert!(Weights::read(cut).unwrap_err().contains("gzip"));
    assert!(Weights::read(&gzip(&packed)).unwrap_err().contains("twice"));
    let mut damaged = packed.clone();
    let middle = damaged.len() / 2;
    damaged[middle] ^= 0x55;
    assert!(Weights::read(&damaged).is_err());
    assert!(Weights::read(&gzip(b"RVPATW01 not weights")).is_err());
}

#[test]
fn a_weights_file_that_inflates_beyond_the_bound_is_refused_without_inflating_it_all() {
    let bomb = gzip(&vec![0; (MAX_INFLATED + 1) as usize]);
    assert!(bomb.len() < 1 << 20);
    assert!(gunzip(&bomb).unwrap_err().contains("more than"));
}
