//! The walk's budget: how much work one walk may do and how deep it may go before it gives up, so
//! that a pathological file (ten thousand branches at the top level, loops nested twenty deep, an
//! expression thousands of levels deep) costs a bounded time and never overflows the stack. A walk
//! that gave up has judged nothing (see [`super::open_sinks`]).

use std::cell::Cell;

/// Most units of work (values looked at, state entries copied or dropped) one walk may do before
/// it gives up: pathological files (ten thousand branches at the top level, loops nested twenty
/// deep) cost a bounded time.
const WORK_LIMIT: u64 = 4_000_000;

/// Deepest nesting of expressions and statements the walk follows (its recursion depth).
const DEPTH_LIMIT: u32 = 150;

/// How much one walk may do.
#[derive(Clone, Copy, Debug)]
pub(super) struct Limits {
    /// Units of work (see [`WORK_LIMIT`]).
    pub(super) work: u64,
    /// Recursion depth (see [`DEPTH_LIMIT`]).
    pub(super) depth: u32,
}

impl Limits {
    /// The limits of every real walk.
    pub(super) const DEFAULT: Limits = Limits {
        work: WORK_LIMIT,
        depth: DEPTH_LIMIT,
    };
}

/// What a walk has spent of its [`Limits`]. Shared by the parts of the walk that only read the
/// state (the taint of an expression), hence the cells.
pub(super) struct Budget {
    limits: Limits,
    /// Units of work done so far.
    work: Cell<u64>,
    /// Current recursion depth.
    depth: Cell<u32>,
}

impl Budget {
    pub(super) fn new(limits: Limits) -> Budget {
        Budget {
            limits,
            work: Cell::new(0),
            depth: Cell::new(0),
        }
    }

    /// Counts `units` of work; false once the walk has done too much and must stop.
    pub(super) fn spend(&self, units: usize) -> bool {
        self.work.set(self.work.get().saturating_add(units as u64));
        self.work.get() <= self.limits.work
    }

    /// Whether the walk has given up: past its work limit, or stopped at its depth limit.
    pub(super) fn exhausted(&self) -> bool {
        self.work.get() > self.limits.work
    }

    /// Runs `f` one level deeper; past the depth limit the walk stops (and `f` is not run).
    pub(super) fn deeper<T>(&self, f: impl FnOnce() -> Option<T>) -> Option<T> {
        if self.depth.get() >= self.limits.depth {
            self.give_up();
            return None;
        }
        self.depth.set(self.depth.get() + 1);
        let result = f();
        self.depth.set(self.depth.get() - 1);
        result
    }

    /// Goes one level deeper into statements, for a caller that then calls [`Budget::leave`];
    /// false, and the walk stops, once it has given up or is as deep as it may go.
    pub(super) fn enter(&self) -> bool {
        if self.exhausted() || self.depth.get() >= self.limits.depth {
            self.give_up();
            return false;
        }
        self.depth.set(self.depth.get() + 1);
        true
    }

    /// Comes back from a level [`Budget::enter`] went into.
    pub(super) fn leave(&self) {
        self.depth.set(self.depth.get() - 1);
    }

    /// Runs `f` aside, as work that counts for nothing: after it the work done and the depth
    /// are what they were. `None` when it gave up on a limit, so that its answer may not be
    /// the one it would have given with more room.
    pub(super) fn aside<T>(&self, f: impl FnOnce() -> T) -> Option<T> {
        let (work, depth) = (self.work.get(), self.depth.get());
        let found = f();
        let gave_up = self.exhausted();
        self.work.set(work);
        self.depth.set(depth);
        (!gave_up).then_some(found)
    }

    /// Stops the walk: every later [`Budget::spend`] and [`Budget::enter`] refuses.
    fn give_up(&self) {
        self.work.set(self.limits.work + 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_past_the_limit_exhausts_the_walk() {
        let budget = Budget::new(Limits { work: 3, depth: 10 });
        assert!(budget.spend(2));
        assert!(budget.spend(1), "the limit itself may be reached");
        assert!(!budget.exhausted());
        assert!(!budget.spend(1));
        assert!(budget.exhausted());
        assert!(!budget.enter(), "an exhausted walk goes no deeper");
    }

    #[test]
    fn work_done_aside_counts_for_nothing() {
        let budget = Budget::new(Limits { work: 3, depth: 10 });
        assert!(budget.spend(1));
        assert_eq!(budget.aside(|| budget.spend(2)), Some(true));
        assert!(budget.spend(2), "the work aside was given back");
        assert_eq!(budget.aside(|| budget.spend(1)), None, "past the limit");
        assert!(
            !budget.exhausted(),
            "an aside that gave up leaves the walk going"
        );
    }

    #[test]
    fn depth_past_the_limit_gives_up_without_running_the_next_level() {
        let budget = Budget::new(Limits {
            work: 100,
            depth: 2,
        });
        assert!(budget.enter());
        assert_eq!(budget.deeper(|| Some("ran")), Some("ran"));
        assert!(budget.enter());
        let mut ran = false;
        assert_eq!(
            budget.deeper(|| {
                ran = true;
                Some(())
            }),
            None
        );
        assert!(!ran);
        assert!(budget.exhausted());
        assert!(!budget.spend(0), "giving up is for good");
    }

    #[test]
    fn leaving_a_level_makes_room_for_another() {
        let budget = Budget::new(Limits {
            work: 100,
            depth: 1,
        });
        for _ in 0..3 {
            assert!(budget.enter());
            budget.leave();
        }
        assert!(!budget.exhausted());
    }
}
