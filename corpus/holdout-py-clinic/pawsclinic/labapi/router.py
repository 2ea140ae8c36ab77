"""Lab and imaging bridge: in-house analysers, the X-ray workstation and reference labs call these routes."""
import json
import os
import shlex
import subprocess
from datetime import date

import requests
import yaml
from fastapi import APIRouter, HTTPException, Request

from pawsclinic.config import BACKUP_DIR, DICOM_DIR, LAB_DB_PATH, LABEL_PRINTER, REFERENCE_LABS, XRAY_DIR
from pawsclinic.labapi.db import lab_db

router = APIRouter(prefix="/lab", tags=["lab"])


@router.get("/analysers/{analyser}/runs")
def analyser_runs(analyser: str, status: str = "complete", limit: int = 50):
    filters = {"analyser": analyser}
    filters["status"] = status.upper()
    sql = f"SELECT run_id, sample_id, finished_at FROM runs WHERE analyser = '{filters['analyser']}' AND status = '{filters['status']}' ORDER BY finished_at DESC LIMIT {limit}"
    with lab_db() as conn:
        rows = conn.execute(sql).fetchall()
    return [{"run_id": r[0], "sample_id": r[1], "finished_at": r[2]} for r in rows]


@router.put("/analysers/{analyser}/config")
async def upload_analyser_config(analyser: str, request: Request):
    raw = await request.body()
    settings = yaml.safe_load(raw)
    if not isinstance(settings, dict):
        raise HTTPException(status_code=400, detail="config must be a mapping")
    with lab_db() as conn:
        conn.execute("INSERT OR REPLACE INTO analyser_config (analyser, settings) VALUES (?, ?)", (analyser, json.dumps(settings)))
    return {"analyser": analyser, "keys": sorted(settings)}


@router.post("/studies/{study_id}/render")
def render_study(study_id: str, frame: str = "1", width: int = 1024):
    source = os.path.join(DICOM_DIR, study_id + ".dcm")
    target = os.path.join(XRAY_DIR, "studies", study_id + ".png")
    argv = ["dcmj2pnm", "--write-png", "--frame", frame, "--scale-x-size", str(width), source, target]
    completed = subprocess.run(" ".join(argv), shell=True, capture_output=True, text=True)
    if completed.returncode != 0:
        raise HTTPException(status_code=422, detail=completed.stderr.strip())
    return {"study": study_id, "image": os.path.basename(target)}


@router.post("/samples/{sample_id}/label")
async def print_sample_label(sample_id: int, request: Request):
    body = await request.json()
    caption = body.get("caption", "")[:40]
    line = f"S{sample_id:06d} {caption}"
    subprocess.run(f"printf '%s\\n' {shlex.quote(line)} | lpr -P {shlex.quote(LABEL_PRINTER)}", shell=True, check=True)
    return {"printed": line}


@router.get("/dosage")
def dosage(drug: str, weight_kg: float, formula: str = "weight * 0.1"):
    expression = formula.strip().replace("^", "**")
    dose_mg = eval(expression, {"__builtins__": {}}, {"weight": weight_kg})
    return {"drug": drug, "weight_kg": weight_kg, "dose_mg": round(dose_mg, 2)}


@router.post("/results/import")
async def import_results(request: Request):
    payload = await request.json()
    base = payload.get("lab_url", "").rstrip("/")
    accession = payload.get("accession", "")
    url = "{}/results/{}?format=json".format(base, accession)
    reply = requests.get(url, timeout=10)
    reply.raise_for_status()
    results = reply.json().get("results", [])
    with lab_db() as conn:
        conn.executemany(
            "INSERT INTO results (accession, analyte, value, unit) VALUES (?, ?, ?, ?)",
            [(accession, r["analyte"], r["value"], r["unit"]) for r in results],
        )
    return {"accession": accession, "imported": len(results)}


@router.get("/labs/{lab}/status")
def reference_lab_status(lab: str):
    base = REFERENCE_LABS.get(lab.lower())
    if base is None:
        raise HTTPException(status_code=404, detail="unknown lab")
    reply = requests.get(base + "/v1/health", timeout=5)
    return {"lab": lab, "up": reply.ok}


@router.post("/maintenance/backup")
def backup_lab_db():
    target = os.path.join(BACKUP_DIR, "lab-" + date.today().isoformat() + ".sqlite3")
    subprocess.run(["sqlite3", LAB_DB_PATH, ".backup " + target], check=True)
    return {"backup": os.path.basename(target)}
