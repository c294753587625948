//! The plain-English words of the Rebellion screens: card effects, the question being asked
//! (and what the other player is deciding), button labels and the log. Pure functions of the
//! engine's public values and a player's view: no web dependency, no rule decided here.

pub mod actions;
pub mod cards;
pub mod hints;
pub mod lesson;
pub mod log;
pub mod prompts;
pub mod team;

pub use self::actions::{action_group, action_text};
pub use self::cards::{
    action_card_text, capitalize, dice_text, die_text, mission_kind, mission_text, number_of,
    objective_label, objective_text, objective_timing_name, place_name, ring_name, ring_text,
    side_name, skill_name, tactic_is_block, tactic_kind, tactic_label, tactic_text, tactic_theater,
    theater_name, timing_name, unit_name,
};
pub use self::log::log_text;
pub use self::prompts::{effect_has_words, moving_summary, prompt_text, source_name, waiting_text};

#[cfg(test)]
mod tests {
    //! Seeded random games: every question, button and log line of both seats is put into
    //! words and checked for holes (empty text, template or debug leftovers, a card step
    //! without its own words).

    use super::*;
    use game_kit::Rng;
    use std::collections::BTreeSet;
    use swr_engine::{Game, GameOptions, LogEvent, Prompt, Side};

    /// Games played; `SWR_WORDS_GAMES` sets another number (a soak run plays more).
    fn games() -> u64 {
        std::env::var("SWR_WORDS_GAMES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(60)
    }
    /// Log entries handed to the views: the words look back only for the latest roll.
    const LOG_TAIL: usize = 64;

    /// Text that is empty or shows code rather than words.
    fn looks_wrong(text: &str) -> bool {
        const LEFTOVERS: [&str; 10] = [
            "{",
            "}",
            "SystemId(",
            "Some(",
            "None",
            "::",
            "Place(",
            "Source",
            "Effect {",
            "  ",
        ];
        text.trim().is_empty()
            || LEFTOVERS.iter().any(|l| text.contains(l))
            || text.split(|c: char| !c.is_alphanumeric()).any(camel_case)
    }

    /// An enum variant's name left in the text ("RebelBase", "XWing").
    fn camel_case(word: &str) -> bool {
        let chars: Vec<char> = word.chars().collect();
        chars
            .windows(2)
            .any(|w| w[0].is_lowercase() && w[1].is_uppercase())
    }

    #[derive(Default)]
    struct Findings {
        bad: BTreeSet<String>,
        misses: BTreeSet<String>,
        steps: BTreeSet<String>,
        decisions: usize,
        log_lines: usize,
    }

    impl Findings {
        fn check(&mut self, what: &str, text: &str) {
            if looks_wrong(text) {
                self.bad.insert(format!("{what}: {text:?}"));
            }
        }
    }

    fn play(seed: u64, found: &mut Findings) {
        let mut game = Game::new(seed, GameOptions::default());
        let mut policy = Rng::new(seed ^ 0x0057_04D5);
        let mut logs: [Vec<LogEvent>; 2] = [Vec::new(), Vec::new()];
        let mut read_to = 0;
        let mut steps = 0;
        loop {
            for viewer in Side::BOTH {
                for event in game.log_for(viewer, read_to) {
                    found.check(&format!("log {event:?}"), &log_text(event, viewer));
                    found.log_lines += 1;
                    logs[viewer.index()].push(event.clone());
                }
            }
            let state = game.state();
            let Some(player) = state.active_player() else {
                break;
            };
            let with_log = |side: Side| {
                let mut view = state.view(side);
                let log = &logs[side.index()];
                view.log = log[log.len().saturating_sub(LOG_TAIL)..].to_vec();
                view
            };
            let view = with_log(player);
            let waiting = with_log(player.other());
            let prompt = view.prompt.clone().expect("a decision has a prompt");
            found.check(&format!("prompt {prompt:?}"), &prompt_text(&prompt, &view));
            found.check(
                &format!("waiting {prompt:?}"),
                &waiting_text(&prompt, &waiting),
            );
            if let Prompt::Effect { source, step } = prompt {
                let key = format!("{source:?} step {step}");
                if !effect_has_words(source, step, &view)
                    || !effect_has_words(source, step, &waiting)
                {
                    found.misses.insert(key.clone());
                }
                found.steps.insert(key);
            }
            if view.moving.is_some() {
                let summary = moving_summary(&view).expect("a move in progress has a summary");
                found.check(&format!("moving {prompt:?}"), &summary);
            }
            for action in &view.legal {
                let what = format!("{prompt:?} {action:?}");
                found.check(&format!("action {what}"), &action_text(action, &view));
                found.check(&format!("group {what}"), action_group(action, &view));
            }
            found.decisions += 1;
            let action = view.legal[policy.below(view.legal.len())];
            read_to = game.apply(player, action).expect("a legal action");
            steps += 1;
            assert!(steps < 50_000, "seed {seed}: the game does not end");
        }
        for viewer in Side::BOTH {
            let view = game.state().view(viewer);
            let prompt = view.prompt.clone().expect("game over");
            assert!(matches!(prompt, Prompt::GameOver { .. }));
            found.check("game over", &prompt_text(&prompt, &view));
        }
    }

    #[test]
    fn random_games_read_well() {
        let mut found = Findings::default();
        let games = games();
        for seed in 0..games {
            play(seed, &mut found);
        }
        println!(
            "{games} games, {} decisions, {} log lines, {} card steps seen:",
            found.decisions,
            found.log_lines,
            found.steps.len()
        );
        for step in &found.steps {
            println!("  {step}");
        }
        for bad in found.bad.iter().take(60) {
            println!("BAD {bad}");
        }
        for miss in &found.misses {
            println!("NO WORDS {miss}");
        }
        assert!(found.bad.is_empty(), "{} texts look wrong", found.bad.len());
        assert!(
            found.misses.is_empty(),
            "{} card steps fell back",
            found.misses.len()
        );
    }
}
