//! What the C library's allocators and copies do to buffers, by name: how large a buffer an
//! allocator returns, and how far each copy, fill, read or format call writes into or reads from
//! the buffers it is given. Names come as the file resolves them, so a macro that picks a
//! function per platform (`#define SNPRINTF _snprintf`) is that function.

use super::Access;

/// How an allocator's arguments give the size of what it returns, in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Allocation {
    /// One argument (`malloc(n)`, `alloca(n)`; `realloc(p, n)`'s second).
    Argument(usize),
    /// The product of two (`calloc(count, size)`).
    Product(usize, usize),
}

/// Whether the allocator called `name` returns zeroed memory (`calloc`, `kzalloc`).
pub(super) fn zeroes(name: &str) -> bool {
    matches!(
        name,
        "calloc"
            | "xcalloc"
            | "kcalloc"
            | "kzalloc"
            | "g_malloc0"
            | "OPENSSL_zalloc"
            | "av_mallocz"
    )
}

/// The allocator called `name`, if it is one.
pub(super) fn allocator(name: &str) -> Option<Allocation> {
    Some(match name {
        "malloc" | "alloca" | "_alloca" | "__builtin_alloca" | "ALLOCA" | "xmalloc"
        | "g_malloc" | "g_malloc0" | "kmalloc" | "kzalloc" | "vmalloc" | "OPENSSL_malloc"
        | "PyMem_Malloc" | "emalloc" | "av_malloc" | "av_mallocz" => Allocation::Argument(0),
        "calloc" | "xcalloc" | "kcalloc" | "OPENSSL_zalloc" => Allocation::Product(0, 1),
        "realloc" | "reallocf" | "xrealloc" | "g_realloc" | "OPENSSL_realloc" | "av_realloc" => {
            Allocation::Argument(1)
        }
        _ => return None,
    })
}

/// How far an access reaches, from the pointer it is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reach {
    /// The bytes an argument counts (`memcpy`'s `n`).
    Bytes(usize),
    /// The characters an argument counts (`wmemcpy`'s `n`, `strncpy`'s `n`).
    Chars(usize),
    /// `size * count` bytes (`fread`).
    Product(usize, usize),
    /// The string an argument holds, with its terminator (`strcpy`'s source).
    String(usize),
    /// What the buffer already holds, then the string an argument holds, then a terminator
    /// (`strcat`).
    Append(usize),
    /// What the buffer holds, then at most `n` characters of a string, then a terminator
    /// (`strncat(dst, src, n)`): (string, n).
    AppendAtMost(usize, usize),
    /// A string with its terminator, but at most `n` characters (`strlcpy`, what `strncpy`
    /// reads): (string, n). Where the string's length is not known, a write reaches `n` and a
    /// read is not judged.
    StringAtMost(usize, usize),
    /// A formatted string with its terminator, at most `n` characters (`snprintf(dst, n,
    /// format, ...)`): (n, format). Where the formatted length is not known, `n`.
    Formatted(usize, usize),
    /// A formatted string with its terminator, unbounded (`sprintf(dst, format, ...)`): judged
    /// only where its length is known.
    Unbounded(usize),
}

/// One buffer a call touches: which argument, how, and how far.
pub(super) type Touch = (usize, Access, Reach);

/// A call's model: the bytes of one of its characters, and what it does to its buffers.
pub(super) struct Model {
    pub(super) width: i64,
    pub(super) touches: &'static [Touch],
}

use Access::{Read, Write};
use Reach::*;

/// The call named `name`, if its reach is modelled.
pub(super) fn model(name: &str) -> Option<Model> {
    let (width, touches): (i64, &'static [Touch]) = match name {
        "memcpy" | "memmove" | "__builtin_memcpy" | "__builtin_memmove" | "CopyMemory"
        | "MoveMemory" => (1, &[(0, Write, Bytes(2)), (1, Read, Bytes(2))]),
        "wmemcpy" | "wmemmove" => (4, &[(0, Write, Chars(2)), (1, Read, Chars(2))]),
        "bcopy" => (1, &[(1, Write, Bytes(2)), (0, Read, Bytes(2))]),
        "memset" | "__builtin_memset" | "FillMemory" => (1, &[(0, Write, Bytes(2))]),
        "bzero" | "explicit_bzero" | "ZeroMemory" | "SecureZeroMemory" => {
            (1, &[(0, Write, Bytes(1))])
        }
        "wmemset" => (4, &[(0, Write, Chars(2))]),
        "strcpy" | "stpcpy" => (1, &[(0, Write, String(1)), (1, Read, String(1))]),
        "wcscpy" => (4, &[(0, Write, String(1)), (1, Read, String(1))]),
        "strcat" => (1, &[(0, Write, Append(1)), (1, Read, String(1))]),
        "wcscat" => (4, &[(0, Write, Append(1)), (1, Read, String(1))]),
        "strncpy" | "stpncpy" => (1, &[(0, Write, Chars(2)), (1, Read, StringAtMost(1, 2))]),
        "wcsncpy" => (4, &[(0, Write, Chars(2)), (1, Read, StringAtMost(1, 2))]),
        "strncat" => (1, &[(0, Write, AppendAtMost(1, 2))]),
        "wcsncat" => (4, &[(0, Write, AppendAtMost(1, 2))]),
        "strlcpy" => (1, &[(0, Write, StringAtMost(1, 2))]),
        "snprintf" | "_snprintf" | "vsnprintf" | "_vsnprintf" => {
            (1, &[(0, Write, Formatted(1, 2))])
        }
        "swprintf" | "_snwprintf" | "vswprintf" => (4, &[(0, Write, Formatted(1, 2))]),
        "sprintf" | "vsprintf" => (1, &[(0, Write, Unbounded(1))]),
        "fgets" => (1, &[(0, Write, Chars(1))]),
        "fgetws" => (4, &[(0, Write, Chars(1))]),
        "read" | "recv" | "pread" | "recvfrom" => (1, &[(1, Write, Bytes(2))]),
        "fread" => (1, &[(0, Write, Product(1, 2))]),
        _ => return None,
    };
    Some(Model { width, touches })
}

/// Calls that read the buffers they are given and never write them: a buffer handed to any
/// other call may have new contents afterwards.
pub(super) fn only_reads(name: &str) -> bool {
    matches!(
        name,
        "strlen"
            | "wcslen"
            | "strnlen"
            | "strcmp"
            | "strncmp"
            | "wcscmp"
            | "wcsncmp"
            | "strcasecmp"
            | "strncasecmp"
            | "memcmp"
            | "strchr"
            | "strrchr"
            | "wcschr"
            | "strstr"
            | "wcsstr"
            | "strspn"
            | "strcspn"
            | "puts"
            | "fputs"
            | "fputws"
            | "printf"
            | "wprintf"
            | "fprintf"
            | "fwprintf"
            | "write"
            | "send"
            | "fwrite"
            | "atoi"
            | "atol"
            | "strtol"
            | "strtoul"
            | "free"
            // What reads or moves through an open file or directory keeps nothing.
            | "fgetc"
            | "getc"
            | "ungetc"
            | "fputc"
            | "putc"
            | "fscanf"
            | "vfprintf"
            | "fseek"
            | "fseeko"
            | "ftell"
            | "ftello"
            | "rewind"
            | "feof"
            | "ferror"
            | "clearerr"
            | "fflush"
            | "fileno"
            | "setvbuf"
            | "setbuf"
            | "flockfile"
            | "funlockfile"
            | "fstat"
            | "readdir"
            | "rewinddir"
            | "telldir"
            | "seekdir"
            | "dirfd"
    )
}

/// Calls that keep what they are given although they write nothing through it: a stream keeps
/// the buffer `setvbuf` gives it, and `strtol`'s end pointer points into its string.
pub(super) fn keeps_given(name: &str) -> bool {
    matches!(
        name,
        "setvbuf"
            | "setbuf"
            | "setbuffer"
            | "setlinebuf"
            | "strtol"
            | "strtoul"
            | "strtoll"
            | "strtoull"
            | "strtod"
            | "strtof"
            | "strtold"
            | "strtoimax"
            | "strtoumax"
    )
}

/// Calls that neither keep nor release what they are given: the readers, copies, formatters,
/// allocators and openers (a call named by none of the lists may keep it).
pub(super) fn leaves_alone(name: &str) -> bool {
    !keeps_given(name)
        && (only_reads(name)
            || model(name).is_some()
            || allocator(name).is_some()
            || acquires(name).is_some())
}

/// Readers that answer a pointer into the buffer they are given (`strchr(p, c)`): what they
/// return still points at it.
pub(super) fn returns_within(name: &str) -> bool {
    matches!(
        name,
        "strchr"
            | "strrchr"
            | "wcschr"
            | "wcsrchr"
            | "strstr"
            | "wcsstr"
            | "memchr"
            | "strpbrk"
            | "wcspbrk"
    )
}

/// What a call acquires that the function must give back (release, or hand on), said as a
/// message says it: memory from the heap, an open file, directory or pipe.
pub(super) fn acquires(name: &str) -> Option<&'static str> {
    Some(match name {
        "malloc" | "calloc" | "realloc" | "reallocf" | "xmalloc" | "xcalloc" | "xrealloc"
        | "g_malloc" | "g_malloc0" | "g_realloc" | "kmalloc" | "kzalloc" | "kcalloc"
        | "vmalloc" | "OPENSSL_malloc" | "OPENSSL_zalloc" | "OPENSSL_realloc" | "PyMem_Malloc"
        | "emalloc" | "av_malloc" | "av_mallocz" | "av_realloc" => "memory",
        _ if duplicates(name).is_some() => "memory",
        "fopen" | "fdopen" | "tmpfile" | "fopen64" => "file",
        "opendir" | "fdopendir" => "directory",
        "popen" => "pipe",
        _ => return None,
    })
}

/// The calls that duplicate a string into new memory, with the bytes of a character.
pub(super) fn duplicates(name: &str) -> Option<i64> {
    match name {
        "strdup" | "_strdup" | "xstrdup" | "g_strdup" | "OPENSSL_strdup" => Some(1),
        "wcsdup" | "_wcsdup" => Some(4),
        _ => None,
    }
}

/// Calls that end a buffer's life (`free(p)`, `fclose(f)`): what pointed into it points
/// nowhere known, and nothing is left to give back.
pub(super) fn releases(name: &str) -> bool {
    matches!(
        name,
        "free"
            | "g_free"
            | "xfree"
            | "kfree"
            | "vfree"
            | "OPENSSL_free"
            | "av_free"
            | "PyMem_Free"
            | "efree"
            | "fclose"
            | "closedir"
            | "pclose"
    )
}

/// Calls that give back what their first argument held and hand out a new buffer in its place
/// (`realloc(p, n)`).
pub(super) fn reallocates(name: &str) -> bool {
    matches!(
        name,
        "realloc" | "reallocf" | "xrealloc" | "g_realloc" | "OPENSSL_realloc" | "av_realloc"
    )
}
