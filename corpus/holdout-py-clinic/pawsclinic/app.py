"""ASGI entry point of the lab bridge (the Django site is served separately)."""
from fastapi import FastAPI

from pawsclinic.labapi.router import router

app = FastAPI(title="Paws lab bridge")
app.include_router(router)
