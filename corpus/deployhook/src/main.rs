//! deployhook: Git push webhook receiver.

mod hooks;
mod signature;
mod store;

use std::env;
use std::io::Read;
use std::time::Duration;

use anyhow::{Context, Result};
use serde::Deserialize;

/// Shared secret configured on the Git host for signing webhook payloads.
const WEBHOOK_SECRET: &str = "whsec_9c1f3e7a42b8d06e";
const STATUS_API: &str = "https://git.internal.example/api/v4";

#[derive(Debug, Deserialize)]
pub struct PushEvent {
    pub repository: String,
    pub after: String,
    pub pusher: String,
}

fn status_client() -> Result<reqwest::blocking::Client> {
    // The Git host uses a self-signed certificate on the internal network.
    let client = reqwest::blocking::Client::builder()
        .timeout(Duration::from_secs(15))
        .danger_accept_invalid_certs(true)
        .build()?;
    Ok(client)
}

fn report_status(client: &reqwest::blocking::Client, ev: &PushEvent, ok: bool) -> Result<()> {
    let token = env::var("DEPLOYHOOK_API_TOKEN").context("DEPLOYHOOK_API_TOKEN not set")?;
    let url = format!("{}/projects/{}/statuses/{}", STATUS_API, ev.repository, ev.after);
    client
        .post(url)
        .bearer_auth(token)
        .json(&serde_json::json!({ "state": if ok { "success" } else { "failed" } }))
        .send()?
        .error_for_status()?;
    Ok(())
}

fn handle(req: &mut tiny_http::Request, db: &store::Store, client: &reqwest::blocking::Client) -> Result<u16> {
    let mut body = Vec::new();
    req.as_reader().read_to_end(&mut body)?;
    let sig = req
        .headers()
        .iter()
        .find(|h| h.field.equiv("X-Hub-Signature"))
        .map(|h| h.value.as_str().to_string())
        .unwrap_or_default();
    if !signature::verify(WEBHOOK_SECRET.as_bytes(), &body, &sig) {
        return Ok(401);
    }

    let ev: PushEvent = serde_json::from_slice(&body)?;
    let checkout = db.checkout_dir(&ev.repository)?;
    let _lock = hooks::DeployLock::acquire()?;
    hooks::git_pull(&checkout, &ev.after)?;
    let ok = hooks::run_deploy_hook(&checkout).is_ok();
    db.record_deploy(&ev.repository, &ev.after, &ev.pusher, ok)?;
    hooks::notify(&ev.pusher, &ev.after);
    report_status(client, &ev, ok)?;
    Ok(if ok { 200 } else { 500 })
}

fn main() -> Result<()> {
    let db_path = env::var("DEPLOYHOOK_DB").unwrap_or_else(|_| "deployhook.db".to_string());
    let db = store::Store::open(&db_path)?;
    let client = status_client()?;
    let server = tiny_http::Server::http("0.0.0.0:9000").map_err(|e| anyhow::anyhow!(e))?;

    for mut req in server.incoming_requests() {
        let code = handle(&mut req, &db, &client).unwrap_or_else(|e| {
            eprintln!("deployhook: {:#}", e);
            500
        });
        let _ = req.respond(tiny_http::Response::empty(code));
    }
    Ok(())
}
