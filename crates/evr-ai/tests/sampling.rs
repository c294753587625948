//! The sampler against real games: every sample must look exactly like the viewer's view,
//! and everything the viewer remembers must be true of the real game.

use evr_ai::search::{Knowledge, Sampler};
use evr_ai::{Bot, RandomBot};
use evr_engine::cards::Side;
use evr_engine::rng::Rng;
use evr_engine::{Game, GameOptions, GameState, PlayerView, Variant};

/// What the viewer remembers is true of the real state.
fn check_knowledge(view: &PlayerView, knowledge: &Knowledge, real: &GameState) {
    for side in Side::BOTH {
        let deck = real.side(side).deck.as_slice();
        let known: Vec<_> = knowledge
            .top_of(side)
            .iter()
            .copied()
            .filter(|c| deck.contains(c))
            .collect();
        let top = &deck[deck.len() - known.len()..];
        assert_eq!(
            top,
            &known[..],
            "{side:?} deck top, viewer {:?}",
            view.viewer
        );
    }
    let them = real.side(view.viewer.opponent());
    for c in &knowledge.opponent_reserve {
        assert!(them.reserve.contains(*c), "{c:?} should be in the reserve");
    }
    for c in &knowledge.opponent_deck {
        assert!(them.deck.contains(*c), "{c:?} should be in the deck");
    }
    let events = real.event_deck.as_slice();
    let top: Vec<_> = events
        .iter()
        .rev()
        .take(knowledge.event_top.len())
        .copied()
        .collect();
    assert_eq!(top, knowledge.event_top, "event top");
    assert_eq!(
        &events[..knowledge.event_bottom.len()],
        &knowledge.event_bottom[..],
        "event bottom"
    );
}

/// How often the viewer remembered something beyond the table: (deck tops, opponent's
/// reserve, event deck top).
static REMEMBERED: [std::sync::atomic::AtomicUsize; 3] = [
    std::sync::atomic::AtomicUsize::new(0),
    std::sync::atomic::AtomicUsize::new(0),
    std::sync::atomic::AtomicUsize::new(0),
];

fn check_game(seed: u64, variant: Variant) -> usize {
    let mut game = Game::new(seed, GameOptions { variant });
    let mut bots = [RandomBot::new(seed), RandomBot::new(seed + 1)];
    let mut rng = Rng::new(seed ^ 77);
    let mut checked = 0;
    while let Some(player) = game.state().active_players().iter().next() {
        for viewer in Side::BOTH {
            let view = game.view(viewer);
            let knowledge = Knowledge::read(&view);
            check_knowledge(&view, &knowledge, game.state());
            for (i, known) in [
                !knowledge.deck_top[0].is_empty() || !knowledge.deck_top[1].is_empty(),
                !knowledge.opponent_reserve.is_empty(),
                !knowledge.event_top.is_empty(),
            ]
            .into_iter()
            .enumerate()
            {
                if known {
                    REMEMBERED[i].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
            }
            // Only the player who must decide searches; the other may not know which step of
            // the opponent's power is open (or which cards it holds aside).
            if view.decision.is_none() {
                continue;
            }
            let sampler = Sampler::new(&view, &knowledge)
                .unwrap_or_else(|e| panic!("seed {seed}: {e:?} for {view:#?}"));
            for _ in 0..2 {
                let sample = sampler.sample(&mut rng);
                let mut seen = sample.view(viewer);
                seen.log = view.log.clone();
                assert_eq!(seen, view, "seed {seed}: a sample does not match the view");
                assert_eq!(
                    sample.cards_of(viewer.opponent()).len(),
                    game.state().cards_of(viewer.opponent()).len()
                );
                checked += 1;
            }
        }
        let view = game.view(player);
        let action = bots[player.index()].choose(&view);
        game.apply(player, action).expect("legal");
    }
    checked
}

#[test]
fn samples_match_the_view_and_memory_is_true() {
    let mut checked = 0;
    for seed in 0..120 {
        checked += check_game(seed, Variant::Full);
    }
    for seed in 0..10 {
        checked += check_game(seed, Variant::Tutorial);
    }
    assert!(checked > 10_000, "{checked}");
    // The memory was exercised, not just trivially true.
    for (what, count) in ["deck tops", "opponent's reserve", "event deck top"]
        .iter()
        .zip(&REMEMBERED)
    {
        let count = count.load(std::sync::atomic::Ordering::Relaxed);
        assert!(count > 50, "{what} remembered only {count} times");
    }
}
