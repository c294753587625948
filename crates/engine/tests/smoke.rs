use evr_engine::*;

#[test]
fn random_games_finish() {
    let mut buf = Vec::new();
    for seed in 0..2000u64 {
        let mut rng = evr_engine::rng::Rng::new(seed ^ 0xABCDEF);
        let mut state = GameState::new(seed, GameOptions::default(), &mut NoLog);
        let mut steps = 0;
        while !state.is_over() {
            let active = state.active_players();
            let player = active.iter().next().unwrap();
            state.legal_actions_into(player, &mut buf);
            assert!(
                !buf.is_empty(),
                "no legal action for {player:?} in {:?}",
                state.phase
            );
            let a = buf[rng.below(buf.len())];
            state.apply(player, a, &mut NoLog).unwrap();
            steps += 1;
            assert!(steps < 100_000, "stalled");
        }
    }
}

#[test]
fn stats() {
    let mut buf = Vec::new();
    let (mut steps, mut rounds, mut wins) = (0u64, 0u64, [0u32; 3]);
    let n = 2000u64;
    for seed in 0..n {
        let mut rng = evr_engine::rng::Rng::new(seed ^ 0xABCDEF);
        let mut state = GameState::new(seed, GameOptions::default(), &mut NoLog);
        while !state.is_over() {
            let player = state.active_players().iter().next().unwrap();
            state.legal_actions_into(player, &mut buf);
            let a = buf[rng.below(buf.len())];
            state.apply(player, a, &mut NoLog).unwrap();
            steps += 1;
        }
        rounds += state.round as u64;
        wins[match state.winner() {
            Some(Side::Rebel) => 0,
            Some(Side::Imperial) => 1,
            None => 2,
        }] += 1;
    }
    println!(
        "steps/game {} rounds/game {} wins {:?}",
        steps / n,
        rounds as f64 / n as f64,
        wins
    );
}
