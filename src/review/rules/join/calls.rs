//! Calls as the index keeps them until the join: names interned, arguments counted. A large
//! repository has calls by the hundred thousand; as the summaries give them (names, classes
//! and argument ranges each on the heap) they were most of what the index held.

use std::collections::HashMap;
use std::num::NonZeroU32;

use super::super::taint::summary::CallSite;

/// A name the index has seen called: a number, the same for the same text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Name(NonZeroU32);

/// The names of the calls the index holds, each kept once.
#[derive(Debug, Default)]
pub(super) struct Names {
    numbers: HashMap<Box<str>, Name>,
}

impl Names {
    fn intern(&mut self, text: &str) -> Name {
        if let Some(name) = self.numbers.get(text) {
            return *name;
        }
        let next = u32::try_from(self.numbers.len() + 1)
            .ok()
            .and_then(NonZeroU32::new)
            .expect("fewer names than calls, which are far below 2^32");
        let name = Name(next);
        self.numbers.insert(text.into(), name);
        name
    }

    /// The number of `text`, `None` when no call names it (a function by that name is then
    /// called nowhere the index saw).
    pub(super) fn get(&self, text: &str) -> Option<Name> {
        self.numbers.get(text).copied()
    }

    /// What the join needs of `site`.
    pub(super) fn call(&mut self, site: CallSite) -> Call {
        let by_address: Box<[u32]> = site
            .by_address
            .iter()
            .enumerate()
            .filter(|(_, by_address)| **by_address)
            .map(|(position, _)| narrow(position))
            .collect();
        let overwritten: Box<[u32]> = site.overwritten.into_iter().map(narrow).collect();
        Call {
            name: self.intern(&site.name),
            class: site.class.as_deref().map(|class| self.intern(class)),
            arguments: narrow(site.arguments.len()),
            unknown_receiver: site.unknown_receiver,
            marks: (!by_address.is_empty() || !overwritten.is_empty()).then(|| {
                Box::new(Marks {
                    by_address,
                    overwritten,
                })
            }),
        }
    }
}

/// A call of a file, as the join resolves and follows it (see [`CallSite`]).
#[derive(Debug, Clone)]
pub(crate) struct Call {
    pub(super) name: Name,
    pub(super) class: Option<Name>,
    /// How many arguments it is given.
    pub(super) arguments: u32,
    pub(super) unknown_receiver: bool,
    /// What few calls have (a C or C++ call handing over an address, a call right after its
    /// caller stored a constant): boxed apart, so that the rest cost a pointer, not two slices.
    marks: Option<Box<Marks>>,
}

#[derive(Debug, Clone)]
struct Marks {
    by_address: Box<[u32]>,
    overwritten: Box<[u32]>,
}

impl Call {
    /// The positions of the arguments handed over by address.
    pub(super) fn by_address(&self) -> &[u32] {
        self.marks.as_ref().map_or(&[], |marks| &marks.by_address)
    }

    /// The file's fields the caller has just stored a constant in.
    pub(super) fn overwritten(&self) -> &[u32] {
        self.marks.as_ref().map_or(&[], |marks| &marks.overwritten)
    }
}

/// Positions and counts within one file are far below 2^32.
fn narrow(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_keeps_its_names_once_and_the_positions_it_hands_over_by_address() {
        let mut names = Names::default();
        let site = |name: &str, class: Option<&str>| CallSite {
            name: name.to_string(),
            class: class.map(str::to_string),
            unknown_receiver: false,
            arguments: vec![0..1, 2..3, 4..5],
            by_address: vec![false, true, true],
            overwritten: vec![7],
        };
        let first = names.call(site("run", Some("Helper")));
        let second = names.call(site("Helper", Some("run")));
        assert_eq!(first.name, second.class.unwrap());
        assert_eq!(first.class.unwrap(), second.name);
        assert_eq!(names.get("run"), Some(first.name));
        assert_eq!(names.get("other"), None);
        assert_eq!(first.arguments, 3);
        assert_eq!(first.by_address(), &[1, 2]);
        assert_eq!(first.overwritten(), &[7]);
        let plain = names.call(CallSite {
            by_address: vec![false; 3],
            overwritten: Vec::new(),
            ..site("run", None)
        });
        assert!(plain.marks.is_none(), "nothing to box");
        assert_eq!(
            (plain.by_address(), plain.overwritten()),
            (&[][..], &[][..])
        );
        #[cfg(target_pointer_width = "64")]
        assert_eq!(
            std::mem::size_of::<Call>(),
            24,
            "the reason this type exists"
        );
    }
}
