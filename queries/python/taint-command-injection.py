import os
import shlex
import subprocess

from flask import Flask, request

app = Flask(__name__)


@app.route("/thumb", methods=["POST"])
def thumbnail():
    image = request.form["image"]
    size = request.form.get("size", "64")
    command = "convert " + image + " -resize " + size + " out.png"
    # ruleid: python/taint-command-injection
    # ruleid: python/os-system-injection
    os.system(command)
    # ok: python/taint-command-injection
    subprocess.run(["convert", image, "-resize", size, "out.png"])
    # ruleid: python/taint-command-injection
    # ruleid: python/subprocess-shell-injection
    subprocess.run(f"convert {image} out.png", shell=True)
    # ok: python/taint-command-injection
    subprocess.run("convert " + shlex.quote(image) + " out.png", shell=True)
    width = int(size)
    # ok: python/taint-command-injection
    # ok: python/os-system-injection
    os.system("convert in.png -resize %d out.png" % width)
    return "ok"


@app.get("/ping/{host}")
def ping(host: str):
    args = ["ping", "-c", "1"]
    args.append(host)
    # ok: python/taint-command-injection
    subprocess.run(args)
    line = " ".join(args)
    # ruleid: python/taint-command-injection
    # ruleid: python/subprocess-shell-injection
    return subprocess.check_output(line, shell=True)


def housekeeping(path):
    # ok: python/taint-command-injection
    # ruleid: python/os-system-injection
    os.system("rm -rf " + path)


@app.route("/batch")
def batch():
    target = request.args["target"]

    def run_one():
        # A nested function sees the request data around it.
        # ruleid: python/taint-command-injection
        # ruleid: python/os-system-injection
        os.system("make " + target)

    run_one()
    for step in []:
        pass
    else:
        # ruleid: python/taint-command-injection
        # ruleid: python/os-system-injection
        os.system("echo done " + target)
    return "ok"


def requested_target():
    return request.args.get("target", "all")


def build():
    # What another function returns is followed through its summary.
    # ruleid: python/taint-command-injection
    # ruleid: python/os-system-injection
    os.system("make " + requested_target())
