//! Reading one file: read, classify, parse once, cut into shards.

use std::sync::Arc;

use crate::lang::Language;
use crate::model::{Event, FileInfo, SkipReason};
use crate::slice::{self, Shard, SliceOptions, SourceFile};
use crate::walk::{self, Candidate, Classified};

/// Reads, classifies, parses and cuts one file. `Err` carries the skip event to report instead.
pub(crate) fn read_and_slice(
    candidate: Candidate,
    parser: &mut tree_sitter::Parser,
    options: &SliceOptions,
    accept: &(dyn Fn(Language) -> bool + Sync),
    parse_only: bool,
) -> Result<(FileInfo, Vec<Shard>), Box<Event>> {
    let skipped = |reason, detail| {
        Box::new(Event::Skipped {
            path: candidate.rel_path.clone(),
            reason,
            detail,
        })
    };
    let bytes = match crate::files::read_unnamed(&candidate.path) {
        Ok(bytes) => bytes,
        // Swapped for a FIFO or device since the walker saw it.
        Err(e) if crate::files::as_special(&e).is_some() => {
            let kind = crate::files::as_special(&e).map(|s| s.kind.to_string());
            return Err(skipped(SkipReason::SpecialFile, kind));
        }
        Err(e) => {
            return Err(skipped(
                SkipReason::Error,
                Some(format!("failed to read: {e}")),
            ))
        }
    };
    let (language, text, lossy) = match walk::classify(&candidate.path, candidate.language, bytes) {
        Classified::Skip(reason) => return Err(skipped(reason, None)),
        Classified::Source {
            language,
            text,
            lossy,
        } => (language, text, lossy),
    };
    if !accept(language) {
        return Err(skipped(
            SkipReason::NoReviewer,
            Some(language.name().to_string()),
        ));
    }
    let mut file = SourceFile::new(candidate.rel_path, candidate.uri, language, text);
    file.origin = Some(candidate.path);
    slice::parse(&mut file, parser);
    let file = Arc::new(file);
    let cut = if parse_only {
        Vec::new()
    } else {
        slice::slice_file(&file, options)
    };
    let info = FileInfo {
        path: file.rel_path.clone(),
        language,
        lines: file.line_count(),
        bytes: file.text.len(),
        shards: cut.len(),
        lossy,
        parse_failure: file.parse_failure.clone(),
        counted: true,
    };
    Ok((info, cut))
}
