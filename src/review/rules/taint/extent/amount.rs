//! Amounts of memory as the code states them: a count of bytes, or a count of a type whose size
//! the code does not say (`50 * sizeof(twoIntsStruct)`, with the struct defined in a header the
//! scan may not hold). Two amounts compare only in the same unit, so a buffer of 50 structs and a
//! copy of 100 compare without knowing the struct's size, and a buffer of 50 bytes and a copy of
//! 10 structs do not compare at all.

/// What an [`Amount`] counts.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Unit {
    Byte,
    /// Objects of a type whose size the engine does not know (a struct, `long`, a pointer).
    Of(String),
    /// The size of a buffer the code does not say (`malloc(n)`, a file): followed for who
    /// holds it, never compared.
    Unknown,
}

/// A count of [`Unit`]s.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Amount {
    pub(crate) count: i64,
    pub(crate) unit: Unit,
}

impl Amount {
    pub(crate) fn bytes(count: i64) -> Amount {
        Amount {
            count,
            unit: Unit::Byte,
        }
    }

    /// This amount `times` over, if it does not overflow.
    pub(crate) fn times(&self, times: i64) -> Option<Amount> {
        Some(Amount {
            count: self.count.checked_mul(times)?,
            unit: self.unit.clone(),
        })
    }

    /// The sum of two amounts of the same unit.
    pub(crate) fn plus(&self, other: &Amount) -> Option<Amount> {
        (self.unit == other.unit).then_some(())?;
        Some(Amount {
            count: self.count.checked_add(other.count)?,
            unit: self.unit.clone(),
        })
    }

    /// The difference of two amounts of the same unit.
    pub(crate) fn minus(&self, other: &Amount) -> Option<Amount> {
        (self.unit == other.unit).then_some(())?;
        Some(Amount {
            count: self.count.checked_sub(other.count)?,
            unit: self.unit.clone(),
        })
    }

    /// How `other` counts in this amount's unit: a number of bytes in bytes, a number of
    /// structs in structs; `None` across units, and for a size not known.
    pub(crate) fn in_unit_of(&self, other: &Amount) -> Option<i64> {
        (self.unit == other.unit && self.unit != Unit::Unknown).then_some(other.count)
    }

    /// A size not known.
    pub(crate) fn unknown() -> Amount {
        Amount {
            count: 0,
            unit: Unit::Unknown,
        }
    }

    /// `50 bytes`, `50 × sizeof(twoIntsStruct)`.
    pub(crate) fn describe(&self) -> String {
        match &self.unit {
            Unit::Byte if self.count == 1 => String::from("1 byte"),
            Unit::Byte => format!("{} bytes", self.count),
            Unit::Of(name) => format!("{} × sizeof({name})", self.count),
            Unit::Unknown => String::from("a size not known"),
        }
    }
}

/// The size of a C or C++ type written in the code (`char`, `unsigned int`, `wchar_t`,
/// `int64_t`), with whitespace and qualifiers as written. The sizes are those of the 64-bit
/// Unix targets (LP64) where they are the same on Windows; types whose size differs between
/// them (`long`, `size_t`) and every pointer are counted as objects of their own, so that a
/// comparison never depends on the target.
pub(crate) fn type_size(written: &str) -> Amount {
    let mut words: Vec<&str> = written
        .split(|c: char| c.is_whitespace())
        .filter(|w| {
            !w.is_empty()
                && !matches!(
                    *w,
                    "const" | "volatile" | "static" | "register" | "struct" | "class" | "union"
                )
        })
        .collect();
    if written.contains('*') || written.contains('&') {
        return Amount {
            count: 1,
            unit: Unit::Of(String::from("void *")),
        };
    }
    if words.first() == Some(&"signed") || words.first() == Some(&"unsigned") {
        if words.len() == 1 {
            words.push("int");
        }
        words.remove(0);
    }
    let name = words.join(" ");
    let bytes = match name.as_str() {
        "char" | "int8_t" | "uint8_t" | "bool" | "_Bool" | "char8_t" | "BYTE" | "UCHAR"
        | "CHAR" => 1,
        "short" | "short int" | "int16_t" | "uint16_t" | "char16_t" | "WORD" => 2,
        "int" | "int32_t" | "uint32_t" | "float" | "char32_t" | "wchar_t" | "DWORD" => 4,
        "long long" | "long long int" | "int64_t" | "uint64_t" | "double" => 8,
        _ => {
            return Amount {
                count: 1,
                unit: Unit::Of(name),
            }
        }
    };
    Amount::bytes(bytes)
}

/// The characters of a C string literal (`"ab\n"`, `L"ab"`, `u8"x"`, or adjacent literals
/// joined), as (length in characters, bytes per character); `None` for what is no plain
/// literal.
pub(crate) fn literal_length(literal: &str) -> Option<(i64, i64)> {
    let literal = literal.trim();
    let (width, body) = if let Some(rest) = literal.strip_prefix("u8") {
        (1, rest)
    } else if let Some(rest) = literal
        .strip_prefix('L')
        .or_else(|| literal.strip_prefix('U'))
    {
        (4, rest)
    } else if let Some(rest) = literal.strip_prefix('u') {
        (2, rest)
    } else {
        (1, literal)
    };
    let inner = body.strip_prefix('"')?.strip_suffix('"')?;
    if inner.contains('"') {
        // Adjacent literals (`"a" "b"`) or a raw string: not counted.
        return None;
    }
    let mut length = 0i64;
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next()? {
                'x' => {
                    while chars.peek().is_some_and(|c| c.is_ascii_hexdigit()) {
                        chars.next();
                    }
                }
                '0'..='7' => {
                    for _ in 0..2 {
                        if chars.peek().is_some_and(|c| ('0'..='7').contains(c)) {
                            chars.next();
                        }
                    }
                }
                'u' | 'U' => return None,
                _ => {}
            }
        } else if width == 1 && !c.is_ascii() {
            // A multi-byte character in a narrow literal counts its UTF-8 bytes.
            length += c.len_utf8() as i64 - 1;
        }
        length += 1;
    }
    Some((length, width))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_of_types_are_bytes_where_every_target_agrees() {
        for (written, bytes) in [
            ("char", 1),
            ("unsigned char", 1),
            ("const char", 1),
            ("wchar_t", 4),
            ("int", 4),
            ("unsigned", 4),
            ("unsigned int", 4),
            ("short", 2),
            ("int64_t", 8),
            ("double", 8),
            ("long long", 8),
        ] {
            assert_eq!(type_size(written), Amount::bytes(bytes), "{written}");
        }
        for written in ["long", "size_t", "twoIntsStruct", "struct node", "char *"] {
            assert!(
                matches!(type_size(written).unit, Unit::Of(_)),
                "{written} is no known size"
            );
        }
        assert_eq!(type_size("struct node"), type_size("node"));
    }

    #[test]
    fn amounts_add_and_compare_only_in_one_unit() {
        let structs = type_size("twoIntsStruct").times(50).unwrap();
        let more = type_size("twoIntsStruct").times(100).unwrap();
        assert_eq!(structs.in_unit_of(&more), Some(100));
        assert_eq!(structs.in_unit_of(&Amount::bytes(100)), None);
        assert_eq!(
            Amount::bytes(10).plus(&Amount::bytes(1)),
            Some(Amount::bytes(11))
        );
        assert_eq!(structs.plus(&Amount::bytes(1)), None);
        assert_eq!(structs.describe(), "50 × sizeof(twoIntsStruct)");
        assert_eq!(Amount::bytes(50).describe(), "50 bytes");
    }

    #[test]
    fn literal_lengths_count_characters_after_escapes() {
        assert_eq!(literal_length("\"AAAAAAAAAA\""), Some((10, 1)));
        assert_eq!(literal_length("L\"AAAAAAAAAA\""), Some((10, 4)));
        assert_eq!(literal_length("\"a\\n\\0\\x41\\101\""), Some((5, 1)));
        assert_eq!(literal_length("\"\""), Some((0, 1)));
        assert_eq!(literal_length("\"é\""), Some((2, 1)));
        assert_eq!(literal_length("\"a\" \"b\""), None);
        assert_eq!(literal_length("name"), None);
    }
}
