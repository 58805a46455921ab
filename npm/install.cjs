#!/usr/bin/env node
// postinstall of the `agentihooks` npm package. npm has installed, of the optional dependencies
// `agentihooks-<os>-<arch>`, the one whose os/cpu match this machine; this script puts its native
// executable at bin/agentihooks (a hard link, else a copy), over the shell launcher that npm linked
// onto PATH (agentihooks.sh in the repository, which stays in place when install scripts do not run).
// From then on `agentihooks`, and every hook a harness runs, starts the native executable directly:
// Node.js starts only here, once, at install time. (This is how @anthropic-ai/claude-code avoids a
// JavaScript launcher; the optional dependencies are npm aliases of platform versions of this one
// package, as @openai/codex does it, so only one name is published.)
"use strict";
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");
const pkg = require("./package.json");

const PREFIX = "agentihooks-";

function say(lines) {
  for (const line of lines) console.error(`[agentihooks postinstall] ${line}`);
}

// npm shows an install script's output only when it fails; a missing executable must fail the
// install (an upgrade then keeps the previous version), unless the person asked for no optional deps.
function fail(lines) {
  say(lines);
  if ((process.env.npm_config_omit || "").includes("optional")) {
    say(["npm ran with --omit=optional: bin/agentihooks stays a launcher that finds no executable and denies guarded tool calls"]);
    return;
  }
  process.exitCode = 1;
}

/** Returns the directory of the platform package, or an Error saying why there is none. */
function platformPackage(dep, version) {
  let dir;
  try {
    dir = path.dirname(require.resolve(`${dep}/package.json`, { paths: [__dirname] }));
  } catch {
    return new Error(`the platform package ${dep} is not installed (npm --omit=optional, or its download failed); reinstall agentihooks`);
  }
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
  } catch (err) {
    return new Error(`${path.join(dir, "package.json")} cannot be read (${err.code || "not valid JSON"})`);
  }
  // Only the exact version this package was released with: never a stray or older copy.
  if (manifest.name !== pkg.name || manifest.version !== version) {
    return new Error(`${dir} holds ${manifest.name}@${manifest.version}, not ${pkg.name}@${version}`);
  }
  return dir;
}

/** Puts `src` at `dest` in one rename, so a hook starting meanwhile sees the old file or the new one. */
function place(src, dest) {
  const tmp = `${dest}.${process.pid}.tmp`;
  fs.rmSync(tmp, { force: true });
  try {
    try {
      fs.linkSync(src, tmp);
    } catch {
      fs.copyFileSync(src, tmp); // another file system, or no hard links allowed
    }
    fs.chmodSync(tmp, 0o755);
    fs.renameSync(tmp, dest);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

function main() {
  const key = `${process.platform}-${process.arch}`;
  const deps = pkg.optionalDependencies || {};
  const dep = PREFIX + key;
  if (!deps[dep]) {
    const known = Object.keys(deps).map((d) => d.slice(PREFIX.length)).join(", ");
    return fail([`there is no native build for ${key} (there are: ${known})`, "build it from source instead: see docs/install.md in the repository"]);
  }
  const version = deps[dep].replace(/^npm:[^@]+@/, "");
  const dir = platformPackage(dep, version);
  if (dir instanceof Error) return fail([dir.message]);
  const dest = path.join(__dirname, "bin", "agentihooks");
  try {
    place(path.join(dir, "bin", "agentihooks"), dest);
  } catch (err) {
    return fail([`cannot put the native executable at ${dest}: ${err.message}`]);
  }
  const v = spawnSync(dest, ["--version"], { encoding: "utf8" });
  if (v.status !== 0 || !String(v.stdout).startsWith(`${pkg.version} `)) {
    return fail([`${dest} --version did not answer ${pkg.version}: ${(v.error && v.error.message) || String(v.stdout || v.stderr).trim()}`]);
  }
}

main();
