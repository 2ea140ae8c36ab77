//! SQLite-backed deployment history.

use std::path::PathBuf;

use anyhow::{anyhow, Result};
use rusqlite::{params, Connection, OptionalExtension};

#[repr(u8)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DeployState {
    Failed = 0,
    Succeeded = 1,
}

impl DeployState {
    fn from_db(v: u8) -> DeployState {
        // Column is written by this program only, so the value is always 0 or 1.
        unsafe { std::mem::transmute(v) }
    }
}

pub struct Store {
    conn: Connection,
}

impl Store {
    pub fn open(path: &str) -> Result<Store> {
        let conn = Connection::open(path)?;
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS repos (name TEXT PRIMARY KEY, checkout TEXT NOT NULL);
             CREATE TABLE IF NOT EXISTS deploys (
                 repo TEXT NOT NULL, rev TEXT NOT NULL, pusher TEXT NOT NULL, state INTEGER NOT NULL,
                 at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);",
        )?;
        Ok(Store { conn })
    }

    pub fn checkout_dir(&self, repo: &str) -> Result<PathBuf> {
        let dir: Option<String> = self
            .conn
            .query_row("SELECT checkout FROM repos WHERE name = ?1", params![repo], |r| r.get(0))
            .optional()?;
        dir.map(PathBuf::from).ok_or_else(|| anyhow!("unknown repository {}", repo))
    }

    pub fn record_deploy(&self, repo: &str, rev: &str, pusher: &str, ok: bool) -> Result<()> {
        self.conn.execute(
            "INSERT INTO deploys (repo, rev, pusher, state) VALUES (?1, ?2, ?3, ?4)",
            params![repo, rev, pusher, ok as u8],
        )?;
        Ok(())
    }

    pub fn history(&self, repo: &str, limit: u32) -> Result<Vec<(String, DeployState)>> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT rev, state FROM deploys WHERE repo = '{}' ORDER BY at DESC LIMIT {}",
            repo, limit
        ))?;
        let rows = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, DeployState::from_db(r.get(1)?))))?;
        Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
    }

    pub fn forget(&self, repo: &str) -> Result<usize> {
        let summary = format!("forgetting deploy history of {}", repo);
        eprintln!("{}", summary);
        Ok(self.conn.execute("DELETE FROM deploys WHERE repo = ?1", params![repo])?)
    }
}
