//! Calls, functions and fields as the index keeps them until the join: names interned,
//! arguments counted. A large repository has calls by the hundred thousand and functions by the
//! ten thousand; as the summaries give them (names, classes and argument ranges each on the
//! heap) they were most of what the index held.

use std::collections::HashMap;
use std::num::NonZeroU32;

use super::super::taint::extent::Keeping;
use super::super::taint::summary::{CallSite, Field, Function};

/// A name of a call, function or field the index holds: a number, the same for the same text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Name(NonZeroU32);

impl Name {
    /// Where the name stands in a table by number (the first name at 0).
    fn slot(self) -> usize {
        self.0.get() as usize - 1
    }
}

/// The names of the calls, functions and fields the index holds, each kept once.
#[derive(Debug, Default)]
pub(super) struct Names {
    numbers: HashMap<Box<str>, Name>,
    /// Per name, by its number: whether a call names it as the function it calls.
    called: Vec<bool>,
}

impl Names {
    fn intern(&mut self, text: &str) -> Name {
        if let Some(name) = self.numbers.get(text) {
            return *name;
        }
        let next = u32::try_from(self.numbers.len() + 1)
            .ok()
            .and_then(NonZeroU32::new)
            .expect("fewer names than the index holds calls, functions and fields: far below 2^32");
        let name = Name(next);
        self.numbers.insert(text.into(), name);
        self.called.push(false);
        name
    }

    /// The number of `text`, `None` when nothing the index holds names it.
    #[cfg(test)]
    pub(super) fn get(&self, text: &str) -> Option<Name> {
        self.numbers.get(text).copied()
    }

    /// Whether a call names `name` as the function it calls: a function by a name no call
    /// has is called nowhere the index saw.
    pub(super) fn called(&self, name: Name) -> bool {
        self.called.get(name.slot()).copied().unwrap_or(false)
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
        let name = self.intern(&site.name);
        self.called[name.slot()] = true;
        Call {
            name,
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

    /// What the join needs of `function`.
    pub(super) fn function(&mut self, function: Function) -> KeptFunction {
        KeptFunction {
            name: self.intern(&function.name),
            class: function.class.as_deref().map(|class| self.intern(class)),
            parameters: narrow(function.parameters),
            variadic: function.variadic,
            private: function.private,
            keeps: function.keeps.into_boxed_slice(),
        }
    }

    /// What the join needs of `field`.
    pub(super) fn field(&mut self, field: &Field) -> KeptField {
        KeptField {
            name: self.intern(&field.name),
            private: field.private,
        }
    }
}

/// A function of a file, as the join resolves calls to it and follows them (see [`Function`]).
#[derive(Debug, Clone)]
pub(crate) struct KeptFunction {
    pub(super) name: Name,
    pub(super) class: Option<Name>,
    parameters: u32,
    pub(super) variadic: bool,
    pub(super) private: bool,
    /// Per parameter, for a C or C++ definition: what it may do with what the parameter points
    /// at. Empty where not read: every parameter may be kept.
    pub(super) keeps: Box<[Keeping]>,
}

impl KeptFunction {
    /// How many parameters it names.
    pub(super) fn parameters(&self) -> usize {
        self.parameters as usize
    }
}

/// A field or global of a file, as the join numbers it (see [`Field`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct KeptField {
    pub(super) name: Name,
    pub(super) private: bool,
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

    /// A call of three arguments, the last two handed over by address, after a constant was
    /// stored in the file's field 7.
    fn site(name: &str, class: Option<&str>) -> CallSite {
        CallSite {
            name: name.to_string(),
            class: class.map(str::to_string),
            unknown_receiver: false,
            arguments: vec![0..1, 2..3, 4..5],
            by_address: vec![false, true, true],
            overwritten: vec![7],
        }
    }

    #[test]
    fn a_call_keeps_its_names_once_and_the_positions_it_hands_over_by_address() {
        let mut names = Names::default();
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

    #[test]
    fn functions_and_fields_share_the_calls_names_and_only_a_call_makes_one_called() {
        let mut names = Names::default();
        let function = |name: &str, class: Option<&str>| Function {
            name: name.to_string(),
            class: class.map(str::to_string),
            parameters: 2,
            variadic: true,
            private: true,
            keeps: vec![Keeping {
                kept: false,
                through: vec![(3, 1)],
            }],
        };
        // Named before any call names it, and after.
        let early = names.function(function("run", Some("Helper")));
        let helper = names.call(site("start", Some("Helper")));
        let run = names.call(site("run", None));
        let late = names.function(function("run", Some("Other")));
        let never = names.function(function("Helper", None));
        assert_eq!((early.name, late.name), (run.name, run.name));
        assert_eq!(early.class, helper.class);
        assert_ne!(late.class, helper.class);
        assert_eq!(never.name, helper.class.unwrap());
        assert!(names.called(early.name) && names.called(helper.name));
        assert!(!names.called(never.name), "only a call's class names it");
        assert_eq!(early.parameters(), 2);
        assert!(early.variadic && early.private);
        assert_eq!(early.keeps.len(), 1);
        assert_eq!(early.keeps[0].through, [(3, 1)]);
        let field = |name: &str, private| Field {
            name: name.to_string(),
            private,
        };
        let a = names.field(&field("count", false));
        let b = names.field(&field("count", true));
        let c = names.field(&field("run", false));
        assert_eq!(a.name, b.name);
        assert!(!a.private && b.private);
        assert_eq!(c.name, run.name);
        assert!(!names.called(names.get("count").unwrap()));
        #[cfg(target_pointer_width = "64")]
        assert_eq!(
            (
                std::mem::size_of::<KeptFunction>(),
                std::mem::size_of::<KeptField>()
            ),
            (32, 8),
            "what the index holds per function (as the README says) and per field"
        );
    }
}
