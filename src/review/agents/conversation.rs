//! An agent's conversation about one shard: with read-only tools offered, each turn is one
//! request under every guard of [`super::call`] (the cap, the rate limits, the budget, the stop
//! signal, recording and replay); the agent's lookups are answered from the symbol index and the
//! conversation goes on, until it answers, or a cap makes the next turn the last: the turn cap
//! (`--max-turns`) or the shard's token cap (`--max-shard-tokens`). A conversation cut short by a
//! cap answers with what it has seen, and the figures say how many were.

use std::sync::Arc;

use super::governor::Slot;
use super::{bump, Inner};
use crate::review::context::tools;
use crate::review::llm::{Completion, Request, Turn};

impl Inner {
    /// Runs the conversation that starts with `request` (keyed `key`, the shard's cache key)
    /// and returns the answer. `slot` is the place the first turn was dispatched with; later
    /// turns queue for one like any request.
    pub(super) async fn converse(
        self: &Arc<Self>,
        agent: usize,
        mut request: Request,
        key: &str,
        slot: Slot,
        label: &str,
        path: &str,
    ) -> Result<Completion, String> {
        let mut slot = Some(slot);
        let turns = self.settings.max_turns.max(1);
        let mut spent = 0u64;
        let mut capped = false;
        for turn in 1..=turns {
            if !request.tools.is_empty() {
                let last = turn == turns;
                let over = spent >= self.settings.shard_tokens;
                if (last || over) && !request.answer_now && turn > 1 {
                    capped = true;
                    if over {
                        bump(&self.counters.token_capped, 1);
                    } else {
                        bump(&self.counters.turn_capped, 1);
                    }
                }
                request.answer_now = last || over;
            }
            let turn_key = if turn == 1 {
                key.to_string()
            } else {
                self.key(agent, &request)
            };
            let answer = self
                .call(agent, &request, &turn_key, &mut slot, label, false)
                .await;
            // The slot goes back between turns: the tools' answers need no agent's place.
            slot = None;
            let completion = answer?;
            bump(&self.counters.turns, 1);
            spent += completion.tokens_in + completion.tokens_out;
            if completion.tool_calls.is_empty() {
                return Ok(completion);
            }
            if request.answer_now || request.tools.is_empty() {
                return Err(format!(
                    "no answer within {} (the agent still called tools when it had to answer)",
                    if capped && spent >= self.settings.shard_tokens {
                        format!("the shard's token cap ({})", self.settings.shard_tokens)
                    } else {
                        format!("the turn cap ({turns} turns)")
                    }
                ));
            }
            let Some(index) = self.index.get() else {
                return Err(String::from(
                    "the agent called a tool, but there is no index",
                ));
            };
            bump(
                &self.counters.tool_calls,
                completion.tool_calls.len() as u64,
            );
            // CPU and file work, bounded per call: off the async threads.
            let calls = completion.tool_calls;
            let results = tokio::task::block_in_place(|| {
                calls
                    .iter()
                    .map(|call| tools::run(index, path, call))
                    .collect::<Vec<_>>()
            });
            request.turns.push(Turn { calls, results });
        }
        Err(format!("no answer within the turn cap ({turns} turns)"))
    }
}
