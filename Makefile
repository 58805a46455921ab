# agentihooks: build the native executable and test it.
#   make          install dependencies (npm ci) and build dist/agentihooks
#   make test     unit + integration + e2e tests against the compiled executable
#   make test-live  the live suite: the real Claude Code, Codex, Copilot, Gemini, Factory Droid, Qwen Code and Kimi Code CLIs (e2e/live/README.md)
#   make bench    benchmark suite (bench/README.md)
#   make fuzz N=1000000 [FUZZ_FLAGS=--static-only]  the big differential run of the shell analysis against the real bash (test/shell/README.md)
#   make examples rebuild conditions-examples/ files built from conditions-examples/_src/
#   make install  copy the executable to PREFIX (default ~/.local/bin)
#   make release  executables for linux/darwin x64/arm64 in dist/release/, SHA256SUMS, checked (docs/install.md)
#   make npm      npm package tarballs in dist/npm/: agentihooks and one per platform (docs/install.md)

BUN      := node_modules/.bin/bun
PREFIX   ?= $(HOME)/.local/bin
SOURCES  := $(shell find src conditions-examples plugins/opencode -type f 2>/dev/null) package.json
BUILD_FLAGS := --compile --minify --bytecode --format=esm --splitting --sourcemap=none --no-compile-autoload-dotenv --no-compile-autoload-bunfig

.PHONY: all build deps test unit e2e lint-examples bench fuzz install clean typecheck examples live-clis test-live release release-tools npm

all: build

deps: node_modules/.installed

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

build: dist/agentihooks

VALIDATORS := $(patsubst %,src/generated/validators/%.js,state enforcement-list cases rules)

# one module per schema: the hook loads only the state file's
$(VALIDATORS) &: node_modules/.installed $(wildcard src/schemas/*.ts) scripts/gen-validators.ts
	$(BUN) run scripts/gen-validators.ts

# The built-in rules packs, parsed and checked at build time: the hook reads no TOML for them.
src/generated/packs.ts: node_modules/.installed $(VALIDATORS) $(wildcard src/rules/packs/*.rules.toml) src/rules/load.ts src/rules/rule-index.ts scripts/gen-packs.ts
	$(BUN) run scripts/gen-packs.ts

dist/agentihooks: node_modules/.installed $(VALIDATORS) src/generated/packs.ts $(SOURCES)
	@mkdir -p dist
	$(BUN) build $(BUILD_FLAGS) src/main.ts --outfile dist/agentihooks

# The built-in guards' one-file builds in conditions-examples/, from conditions-examples/_src/ (a test
# fails when they are out of date).
examples: deps
	$(BUN) run scripts/build-examples.ts

typecheck: deps
	node_modules/.bin/tsc -p tsconfig.json

# Every test runs with the compiled executable built first; tests that spawn it read AGENTIHOOKS_BIN.
test: build test-tools
	AGENTIHOOKS_BIN=$(CURDIR)/dist/agentihooks $(BUN) test --timeout 60000 test/ e2e/

unit: build
	AGENTIHOOKS_BIN=$(CURDIR)/dist/agentihooks $(BUN) test --timeout 60000 test/

e2e: build test-tools
	AGENTIHOOKS_BIN=$(CURDIR)/dist/agentihooks $(BUN) test --timeout 60000 e2e/

# Tools the tests need beyond Node and npm: bash, python3, jq for the example conditions, shellcheck,
# bubblewrap and socat for Claude Code's sandbox (e2e/live/sandbox.live.ts),
# zsh, fish, groff and man for the completion and man page checks, and headless Chromium for the
# dashboard's page (each check is skipped, saying so, without its tool).
test-tools:
	@command -v jq >/dev/null && command -v shellcheck >/dev/null && command -v strace >/dev/null && test -x /usr/bin/time \
	  && command -v bwrap >/dev/null && command -v socat >/dev/null || { \
	  (apt-get update -qq && apt-get install -y -qq jq shellcheck strace time bubblewrap socat >/dev/null) || \
	  echo "warning: could not install jq, shellcheck, strace, bubblewrap, socat"; }
	@command -v zsh >/dev/null && command -v fish >/dev/null && command -v groff >/dev/null && command -v man >/dev/null || { \
	  (apt-get update -qq && apt-get install -y -qq zsh fish groff man-db >/dev/null) || \
	  echo "warning: could not install zsh, fish, groff, man-db: those completion and man page checks will be skipped"; }
	@command -v chromium >/dev/null || { \
	  (apt-get update -qq && apt-get install -y -qq chromium >/dev/null) || \
	  echo "warning: could not install chromium: the dashboard's browser tests will be skipped"; }

# The live suite: the harness CLIs (exact versions in e2e/live/versions.json, or the newest with
# LIVE_VERSIONS=latest) installed into a cache folder, never by the newcomer's npm ci.
LIVE_VERSIONS ?= pinned
LIVE_CLI_DIR  ?= $(CURDIR)/.cache/live/$(LIVE_VERSIONS)
LIVE_CHECKS   := $(addprefix ./,$(wildcard e2e/live/*.live.ts))

live-clis:
	@LIVE_VERSIONS=$(LIVE_VERSIONS) LIVE_CLI_DIR=$(LIVE_CLI_DIR) e2e/live/install-clis.sh >/dev/null

test-live: build test-tools live-clis
	AGENTIHOOKS_BIN=$(CURDIR)/dist/agentihooks LIVE_CLI_DIR=$(LIVE_CLI_DIR) $(BUN) test --timeout 180000 $(LIVE_CHECKS)

bench: build
	$(BUN) run bench/run.ts
	AGENTIHOOKS_BIN=$(CURDIR)/dist/agentihooks $(BUN) run bench/packs.ts

# Lines from bash's whole grammar under the real bash with stub programs, against the executable's verdicts.
N ?= 1000000
fuzz: build
	AGENTIHOOKS_BIN=$(CURDIR)/dist/agentihooks nice $(BUN) run scripts/fuzz-shell.ts --lines $(N) $(FUZZ_FLAGS)

install: build
	@mkdir -p $(PREFIX)
	cp dist/agentihooks $(PREFIX)/agentihooks
	@echo "installed $(PREFIX)/agentihooks"

# Cross-compiled with the same BUILD_FLAGS; Bun fetches each target's runtime through the npm registry
# into its own cache (~/.bun/install/cache). The check runs linux-arm64 under qemu-user.
release: node_modules/.installed $(VALIDATORS) src/generated/packs.ts release-tools
	$(BUN) run scripts/release.ts
	$(BUN) run scripts/release-check.ts

# The tarballs, then the install test run on them (npm install -g from a local registry, no Bun on PATH).
npm: release
	$(BUN) run scripts/npm-pack.ts
	AGENTIHOOKS_NPM_DIR=$(CURDIR)/dist/npm AGENTIHOOKS_BIN=$(CURDIR)/dist/release/agentihooks-linux-x64 $(BUN) test --timeout 60000 test/dist/npm-install.test.ts

release-tools:
	@command -v qemu-aarch64 >/dev/null && test -e /usr/aarch64-linux-gnu/lib/ld-linux-aarch64.so.1 || { \
	  (apt-get update -qq && apt-get install -y -qq qemu-user libc6-arm64-cross >/dev/null) || \
	  echo "warning: could not install qemu-user, libc6-arm64-cross: linux-arm64 will not be run"; }

clean:
	rm -rf dist
