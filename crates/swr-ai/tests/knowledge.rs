//! `base_candidates` reads only a player's view, and must never rule out the real base (which
//! the test reads from the game state) and always rule out every probe card the Empire holds.

use swr_ai::{base_candidate_mask, base_candidates, Player, RandomBot, RuleBot};
use swr_engine::data::systems::named::CORUSCANT;
use swr_engine::{Game, GameOptions, Side, SystemId};

/// Plays a game, checking the candidates from both views after every action. Returns how many
/// checks were made and the candidate count at the Empire's last check.
fn check_game(seed: u64, empire: &mut dyn Player, rebel: &mut dyn Player) -> (u32, u32) {
    let mut game = Game::new(seed, GameOptions::default());
    let mut checks = 0;
    let mut last = 32;
    while let Some(side) = game.state().active_player() {
        let view = game.view(side);
        let player: &mut dyn Player = match side {
            Side::Empire => empire,
            Side::Rebel => rebel,
        };
        let action = player.choose(&view);
        game.apply(side, action).unwrap();

        let state = game.state();
        let empire_view = game.view(Side::Empire);
        let mask = base_candidate_mask(&empire_view);
        let list = base_candidates(&empire_view);
        assert_eq!(
            list.iter().fold(0u32, |m, s| m | s.bit()),
            mask,
            "the list and the mask agree"
        );
        assert_eq!(mask & CORUSCANT.bit(), 0, "Coruscant has no probe card");
        for &probe in state.probes() {
            assert_eq!(
                mask & probe.bit(),
                0,
                "seed {seed}: probe card {} still a candidate",
                probe.name()
            );
        }
        if let Some(base) = state.base() {
            assert_ne!(
                mask & base.bit(),
                0,
                "seed {seed}, after {:?}: the base {} was ruled out (candidates {:?})",
                action,
                base.name(),
                list.iter().map(|s| s.name()).collect::<Vec<_>>()
            );
            if state.base_revealed() {
                assert_eq!(mask, base.bit());
            }
            // What the Empire can deduce from public information alone holds the base too.
            let rebel_view = game.view(Side::Rebel);
            assert_ne!(
                base_candidate_mask(&rebel_view) & base.bit(),
                0,
                "seed {seed}"
            );
            last = mask.count_ones();
        }
        checks += 1;
    }
    (checks, last)
}

#[test]
fn candidates_keep_the_base_and_drop_the_probe_cards() {
    let mut narrowed = 0;
    let mut games = 0;
    for seed in 0..12 {
        let pairings: [(Box<dyn Player>, Box<dyn Player>); 4] = [
            (
                Box::new(RuleBot::new(seed)),
                Box::new(RuleBot::new(seed + 9)),
            ),
            (Box::new(RuleBot::new(seed)), Box::new(RandomBot::new(seed))),
            (Box::new(RandomBot::new(seed)), Box::new(RuleBot::new(seed))),
            (
                Box::new(RandomBot::new(seed + 1)),
                Box::new(RandomBot::new(seed + 2)),
            ),
        ];
        for (mut empire, mut rebel) in pairings {
            let (checks, last) = check_game(seed, empire.as_mut(), rebel.as_mut());
            assert!(checks > 50);
            games += 1;
            if last <= 10 {
                narrowed += 1;
            }
        }
    }
    // The deductions are not idle: most games end with few candidates left.
    assert!(
        narrowed * 2 > games,
        "{narrowed} of {games} games narrowed the search"
    );
}

#[test]
fn before_the_base_is_chosen_every_system_with_a_probe_card_is_a_candidate() {
    let game = Game::new(1, GameOptions::default());
    let view = game.view(Side::Empire);
    let candidates = base_candidates(&view);
    assert!(!candidates.contains(&CORUSCANT));
    // Imperial loyalty at setup rules systems out; nothing else has happened yet.
    for s in SystemId::ALL {
        let loyal = view.systems[s.index()].markers.loyalty == Some(swr_engine::Loyalty::Empire);
        if s != CORUSCANT && !loyal {
            assert!(candidates.contains(&s), "{}", s.name());
        }
    }
}
