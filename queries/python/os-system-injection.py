import os
import shlex
import subprocess

BACKUP_DIR = "/var/backups"


def backup_database(db_name, target):
    # ruleid: python/os-system-injection
    os.system(f"pg_dump {db_name} > {BACKUP_DIR}/{target}.sql")
    # ruleid: python/os-system-injection
    listing = os.popen("ls -la " + target).read()
    # ruleid: python/os-system-injection
    status, out = subprocess.getstatusoutput("gzip %s" % target)
    command = "tar czf archive.tgz " + target
    # ruleid: python/os-system-injection
    rc = os.system(command)
    # ok: python/os-system-injection
    os.system("sync")
    # ok: python/os-system-injection
    os.system("pg_dump %s" % shlex.quote(db_name))
    # ok: python/os-system-injection
    subprocess.run(["gzip", target], check=True)
    # ok: python/os-system-injection
    platform.system()
    # ok: python/os-system-injection
    os.path.join(BACKUP_DIR, target)
    return listing, status, out, rc
