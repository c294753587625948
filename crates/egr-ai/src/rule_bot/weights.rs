//! The few numbers the rule-based player trades its goals off with, all in Victory Points.
//! They are fields so that a variant can be measured against the default (`egr-strength
//! --mode variant --variant coin=0.2,worker=1`).

/// What things are worth to [`super::RuleBot`], in Victory Points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// One coin while technologies can still be bought with it.
    pub coin: f64,
    /// One more worker to place in a later turn.
    pub worker: f64,
    /// One permanent Military Science cube (attacks, defence, the Galactic War).
    pub cube: f64,
    /// One point of workers spent from the Covert Mission box.
    pub covert_point: f64,
    /// How much each later scoring counts against the one before it: the board will change.
    pub discount: f64,
    /// Of the rivals' gains held against the bot, the share put on the strongest rival (the
    /// rest is spread over all rivals); with two players the one rival takes it all.
    pub leader: f64,
    /// One Senate point as bidding power for the Imperial Action cards.
    pub senate_card: f64,
    /// One good not yet in a trade set, in coins of income: a start on the next set.
    pub loose_good: f64,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            coin: 0.3,
            worker: 3.0,
            cube: 1.5,
            covert_point: 0.5,
            discount: 0.85,
            leader: 0.5,
            senate_card: 0.4,
            loose_good: 0.15,
        }
    }
}

impl Weights {
    /// Reads `name=value` pairs separated by commas over the defaults, e.g. `coin=0.2`.
    pub fn parse(text: &str) -> Result<Weights, String> {
        let mut w = Weights::default();
        for pair in text.split(',').filter(|p| !p.trim().is_empty()) {
            let (name, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("`{pair}` is not name=value"))?;
            let value: f64 = value
                .trim()
                .parse()
                .map_err(|_| format!("`{value}` is not a number"))?;
            let field = match name.trim() {
                "coin" => &mut w.coin,
                "worker" => &mut w.worker,
                "cube" => &mut w.cube,
                "covert_point" => &mut w.covert_point,
                "discount" => &mut w.discount,
                "leader" => &mut w.leader,
                "senate_card" => &mut w.senate_card,
                "loose_good" => &mut w.loose_good,
                other => return Err(format!("no weight named `{other}`")),
            };
            *field = value;
        }
        Ok(w)
    }
}
