//! The token and cost budget: each request reserves its worst case before it is sent and settles
//! what it really used after, so the budget is never overshot by more than what is in flight.

use std::sync::Mutex;

/// The token and cost budget: each request reserves its worst case before it is sent.
pub(super) struct Budget {
    max_tokens: Option<u64>,
    max_cost: Option<f64>,
    state: Mutex<Spend>,
}

#[derive(Default)]
struct Spend {
    tokens: u64,
    cost: f64,
    reserved_tokens: u64,
    reserved_cost: f64,
}

pub(super) struct Reservation {
    tokens: u64,
    cost: f64,
}

pub(super) enum Reserve {
    Granted(Reservation),
    Busy,
    Spent(String),
}

impl Budget {
    pub(crate) fn new(max_tokens: Option<u64>, max_cost: Option<f64>) -> Budget {
        Budget {
            max_tokens,
            max_cost,
            state: Mutex::new(Spend::default()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Spend> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Reserves a request's worst case. `Busy` when it would fit once the requests in flight
    /// settle (they usually use less than they reserved); `Spent` when it cannot fit at all.
    pub(crate) fn reserve(&self, tokens: u64, cost: f64) -> Reserve {
        let mut spend = self.lock();
        if let Some(max) = self.max_tokens {
            if spend.tokens + tokens > max {
                return Reserve::Spent(format!(
                    "the token budget is spent (--max-tokens {max}: {} used)",
                    spend.tokens
                ));
            }
            if spend.tokens + spend.reserved_tokens + tokens > max {
                return Reserve::Busy;
            }
        }
        if let Some(max) = self.max_cost {
            if spend.cost + cost > max {
                return Reserve::Spent(format!(
                    "the cost budget is spent (--max-cost {max}: ${:.4} used)",
                    spend.cost
                ));
            }
            if spend.cost + spend.reserved_cost + cost > max {
                return Reserve::Busy;
            }
        }
        spend.reserved_tokens += tokens;
        spend.reserved_cost += cost;
        Reserve::Granted(Reservation { tokens, cost })
    }

    pub(crate) fn settle(&self, reservation: Reservation, tokens: u64, cost: f64) {
        let mut spend = self.lock();
        spend.reserved_tokens = spend.reserved_tokens.saturating_sub(reservation.tokens);
        spend.reserved_cost = (spend.reserved_cost - reservation.cost).max(0.0);
        spend.tokens += tokens;
        spend.cost += cost;
    }

    pub(crate) fn add_spent(&self, tokens: u64, cost: f64) {
        let mut spend = self.lock();
        spend.tokens += tokens;
        spend.cost += cost;
    }

    pub(crate) fn spent_cost(&self) -> f64 {
        self.lock().cost
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_reserves_before_and_settles_after() {
        let budget = Budget::new(Some(1000), None);
        let Reserve::Granted(a) = budget.reserve(600, 0.0) else {
            panic!("the first request fits")
        };
        // It would fit once the first settles: wait, do not give up.
        assert!(matches!(budget.reserve(600, 0.0), Reserve::Busy));
        budget.settle(a, 300, 0.0);
        let Reserve::Granted(b) = budget.reserve(600, 0.0) else {
            panic!("300 + 600 fits")
        };
        budget.settle(b, 600, 0.0);
        assert!(matches!(budget.reserve(200, 0.0), Reserve::Spent(_)));
    }
}
