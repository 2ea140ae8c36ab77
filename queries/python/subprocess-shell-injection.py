import shlex
import subprocess
from subprocess import Popen, check_output

IMAGE_DIR = "/srv/images"


def convert(request):
    name = request.args["name"]
    size = request.args.get("size", "128")
    # ruleid: python/subprocess-shell-injection
    # ruleid: python/taint-command-injection
    subprocess.run(f"convert {IMAGE_DIR}/{name} -resize {size} out.png", shell=True)
    # ruleid: python/subprocess-shell-injection
    # ruleid: python/taint-command-injection
    out = subprocess.check_output("identify " + name, shell=True, text=True)
    # ruleid: python/subprocess-shell-injection
    proc = Popen("gzip -c %s" % name, shell=True, stdout=subprocess.PIPE)
    cmd = "du -sh " + name
    # ruleid: python/subprocess-shell-injection
    usage = check_output(cmd, shell=True)
    # ruleid: python/subprocess-shell-injection
    # ruleid: python/taint-command-injection
    subprocess.call("rm -f {}".format(name), shell=True)
    # ok: python/subprocess-shell-injection
    subprocess.run(["convert", f"{IMAGE_DIR}/{name}", "-resize", size, "out.png"])
    # ok: python/subprocess-shell-injection
    subprocess.run("ls -l /srv/images | wc -l", shell=True)
    # ok: python/subprocess-shell-injection
    subprocess.check_output(cmd, shell=False)
    # ok: python/subprocess-shell-injection
    subprocess.run(f"identify {shlex.quote(name)}", shell=True)
    # ok: python/subprocess-shell-injection
    subprocess.run(shlex.split(cmd))
    # ok: python/subprocess-shell-injection
    executor.run(cmd, shell=True)
    return out, proc, usage
