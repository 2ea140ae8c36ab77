#!/usr/bin/env python3
"""Real third-party source trees that anyone can get again, for the speed benchmarks.

Each tree is a release archive fetched from a package registry this project's machines reach
(PyPI, the npm registry, Debian's archive), checked against the SHA-256 digest the registry (or
Debian's signed source index) publishes, unpacked once into a cache directory and reused:

  sqlalchemy  SQLAlchemy 2.0.36, the sdist from PyPI             Python-heavy, ~580k lines of .py
  jdk         five modules of OpenJDK 17 (java.xml, java.naming,  Java-heavy, ~2,300 files
              java.sql, java.net.http, jdk.httpserver), from
              Debian bookworm's openjdk-17 source package
  jdk-java    every Java source of that package's src/ (74       Java, ~13,800 files, for
              modules)                                           partitions of a large tree
  libxml2     libxml2 2.9.14, Debian bookworm's source package    C with very large files
                                                                 (parser.c, xmlschemas.c, testapi.c)
  effect      effect 4.1.5 from the npm registry, its src/        TypeScript, ~560k lines

The issue's table (`scan_speed.py --real all`) is the four trees of `TABLE`; `jdk-java` is for
measuring partitions of a tree large enough to be worth splitting (`partitions.py --tree
jdk-java`).

Usage as a script: python3 bench/real_trees.py [NAME]... (prints where each tree is; with no NAME,
the trees of `TABLE`).
The cache is $SHARDSCAN_BENCH_CACHE, else ~/.cache/shardscan-bench.
"""

import hashlib
import io
import json
import lzma
import os
import shutil
import sys
import tarfile
import urllib.request
from pathlib import Path

CACHE = Path(os.environ.get("SHARDSCAN_BENCH_CACHE", Path.home() / ".cache" / "shardscan-bench"))
DEBIAN = "http://deb.debian.org/debian"
SUITE = "bookworm"

JDK_MODULES = ("java.xml", "java.naming", "java.sql", "java.net.http", "jdk.httpserver")


def download(url):
    request = urllib.request.Request(url, headers={"User-Agent": "shardscan-bench"})
    with urllib.request.urlopen(request, timeout=300) as response:
        return response.read()


def checked(data, sha256, what):
    digest = hashlib.sha256(data).hexdigest()
    if digest != sha256:
        sys.exit(f"{what}: SHA-256 {digest} is not the published {sha256}")
    return data


def pypi_sdist(project, filename):
    index = json.loads(
        urllib.request.urlopen(
            urllib.request.Request(
                f"https://pypi.org/simple/{project}/",
                headers={"Accept": "application/vnd.pypi.simple.v1+json"},
            ),
            timeout=120,
        ).read()
    )
    for entry in index["files"]:
        if entry["filename"].lower() == filename.lower():
            return checked(download(entry["url"]), entry["hashes"]["sha256"], filename)
    sys.exit(f"PyPI has no {filename} for {project}")


def npm_tarball(package, version):
    meta = json.loads(download(f"https://registry.npmjs.org/{package}/{version}"))
    data = download(meta["dist"]["tarball"])
    # The registry publishes a SHA-1 for every version (and SHA-512 integrity for newer ones).
    if hashlib.sha1(data).hexdigest() != meta["dist"]["shasum"]:
        sys.exit(f"{package}@{version}: the tarball does not match the registry's shasum")
    return data


def debian_orig(package):
    """The upstream tarball of `package` in Debian's current `SUITE`, checked against the
    SHA-256 that the suite's source index lists; returns (version, bytes)."""
    sources = lzma.decompress(download(f"{DEBIAN}/dists/{SUITE}/main/source/Sources.xz")).decode()
    for stanza in sources.split("\n\n"):
        fields = {}
        key = None
        for line in stanza.splitlines():
            if line.startswith(" ") and key:
                fields[key] += "\n" + line.strip()
            elif ":" in line:
                key, _, value = line.partition(":")
                fields[key] = value.strip()
        if fields.get("Package") != package:
            continue
        for line in fields.get("Checksums-Sha256", "").splitlines():
            parts = line.split()
            if len(parts) == 3 and ".orig.tar." in parts[2] and "-" not in parts[2].split(".orig")[1]:
                url = f"{DEBIAN}/{fields['Directory']}/{parts[2]}"
                return fields["Version"], checked(download(url), parts[0], parts[2])
    sys.exit(f"Debian {SUITE} has no source package {package}")


def extract(data, dest, keep=lambda name: True, strip=1):
    with tarfile.open(fileobj=io.BytesIO(data)) as archive:
        for member in archive.getmembers():
            parts = Path(member.name).parts[strip:]
            if not parts or not (member.isfile() or member.isdir()) or not keep(parts):
                continue
            target = dest.joinpath(*parts)
            if member.isdir():
                target.mkdir(parents=True, exist_ok=True)
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            with archive.extractfile(member) as source, open(target, "wb") as out:
                shutil.copyfileobj(source, out)


def build_sqlalchemy(dest):
    extract(pypi_sdist("sqlalchemy", "sqlalchemy-2.0.36.tar.gz"), dest)
    return "SQLAlchemy 2.0.36 (PyPI sdist)"


def build_effect(dest):
    extract(npm_tarball("effect", "4.1.5"), dest, keep=lambda parts: parts[0] == "src")
    return "effect 4.1.5 (npm), src/"


def build_libxml2(dest):
    version, data = debian_orig("libxml2")
    extract(data, dest)
    return f"libxml2 (Debian {SUITE} source {version})"


def build_jdk(dest):
    version, data = debian_orig("openjdk-17")
    keep = lambda parts: len(parts) > 1 and parts[0] == "src" and parts[1] in JDK_MODULES
    extract(data, dest, keep=keep)
    return f"OpenJDK 17 {', '.join(JDK_MODULES)} (Debian {SUITE} source {version})"


def build_jdk_java(dest):
    version, data = debian_orig("openjdk-17")
    keep = lambda parts: len(parts) > 1 and parts[0] == "src" and parts[-1].endswith(".java")
    extract(data, dest, keep=keep)
    return f"OpenJDK 17, every .java file of src/ (Debian {SUITE} source {version})"


TREES = {
    "sqlalchemy": build_sqlalchemy,
    "jdk": build_jdk,
    "jdk-java": build_jdk_java,
    "libxml2": build_libxml2,
    "effect": build_effect,
}

# The trees of the speed table, one per kind of code.
TABLE = ("sqlalchemy", "jdk", "libxml2", "effect")


def tree(name):
    """The unpacked tree `name` and its description, fetched the first time."""
    if name not in TREES:
        sys.exit(f"unknown tree {name}; the trees are {', '.join(TREES)}")
    dest = CACHE / name
    label_file = CACHE / f"{name}.label"
    if not label_file.exists():
        if dest.exists():
            shutil.rmtree(dest)
        partial = CACHE / f"{name}.partial"
        if partial.exists():
            shutil.rmtree(partial)
        partial.mkdir(parents=True)
        print(f"fetching {name} ...", file=sys.stderr, flush=True)
        label = TREES[name](partial)
        partial.rename(dest)
        label_file.write_text(label)
    return dest, label_file.read_text()


def doubled(name):
    """Tree `name` twice over (two copies side by side), for memory against the tree's size."""
    source, label = tree(name)
    dest = CACHE / f"{name}-x2"
    if not dest.exists():
        partial = CACHE / f"{name}-x2.partial"
        if partial.exists():
            shutil.rmtree(partial)
        for copy in ("a", "b"):
            shutil.copytree(source, partial / copy)
        partial.rename(dest)
    return dest, f"{label}, twice"


if __name__ == "__main__":
    for name in sys.argv[1:] or TABLE:
        path, label = tree(name)
        print(f"{name}: {path} ({label})")
