// `init --managed` and `uninit --managed` (docs/managed.md): as root, write each harness's managed
// file (managed-files.ts) and the machine-wide layer /etc/agentihooks, all or nothing (write-all.ts);
// record in /etc/agentihooks/installed.json what was written and which folders were made, so uninit
// removes exactly that. Everything is readable by every user (the hook runs as them) and writable by
// root alone; the executable the files call must be too, or the person could replace it.
// AGENTIHOOKS_MANAGED_PREFIX puts the machine root elsewhere, for tests: harmless, since only root
// writes here and root can write /etc anyway.
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, rmdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { readConfig } from "../config";
import { rootOwnedProblem } from "../conditions/managed-root";
import { AgentihooksError } from "../errors";
import type { Target } from "../types";
import { unifiedDiff } from "./diff";
import type { HookSpec } from "./harness-setup";
import { readClaudeVersion, versionLine } from "./claude-version";
import { resolveSelf, setupContext } from "./init";
import { MANAGED_TARGETS, type ManagedFile, managedFiles, tierPaths } from "./managed-files";
import { type FileOp, writeAll } from "./write-all";

export interface ManagedOptions {
  targets: Target[];
  /** --managed-only: each harness's "managed hooks only" switch (Claude, Codex, Copilot). */
  managedOnly?: boolean;
  /** --claude PATH: the Claude Code whose version decides what the drop-in registers. */
  claude?: string;
  dryRun: boolean;
  env: Record<string, string | undefined>;
}

/** What installed.json records. */
interface Installed {
  written_by: string;
  exe: string;
  files: string[];
  dirs: string[];
}

/** Seconds the harness waits on top of CONDITIONS_TIMEOUT_SEC (as init.ts). */
const TIMEOUT_MARGIN_SEC = 20;

/** Writes the managed tier; returns the lines to print. */
export function runManagedInit(o: ManagedOptions): string[] {
  requireRoot("init --managed");
  const prefix = prefixOf(o.env);
  const exe = resolveSelf(o.env);
  const unsafe = rootOwnedProblem(exe);
  if (unsafe) throw new AgentihooksError("E_MANAGED", `the managed tier must call an executable only root can change: ${unsafe} (install agentihooks root-owned, e.g. in /usr/local/bin, and run init --managed from there)`);
  const { config } = readConfig(o.env);
  const spec: HookSpec = { exe, timeoutSec: Math.ceil(config.timeoutSec) + TIMEOUT_MARGIN_SEC, scope: "user" };
  const tier = tierPaths(prefix);
  const prior = readInstalled(tier.root);
  const ops: FileOp[] = [];
  const lines: string[] = [];
  const diffs: string[] = [];
  for (const t of o.targets.filter((t) => !MANAGED_TARGETS.includes(t))) lines.push(`${t}: no managed hook tier is known for it: not covered by init --managed (docs/managed.md)`);
  // Claude Code's version, read as init reads it (the claude on root's PATH, or --claude PATH).
  const claude = o.targets.includes("claude") ? readClaudeVersion(setupContext({ cwd: process.cwd(), env: o.env, claude: o.claude })) : undefined;
  for (const f of managedFiles(o.targets, prefix, spec, !!o.managedOnly, tier.root, claude?.version)) {
    const current = readText(f.path);
    const next = f.next(current);
    if (next === (current ?? null)) {
      if (current !== undefined) lines.push(`${f.target}: ${f.path} already set up`);
      continue;
    }
    ops.push({ path: f.path, data: next, mode: 0o644 });
    diffs.push(unifiedDiff(current ?? "", next ?? "", current === undefined ? "/dev/null" : f.path, next === null ? "/dev/null" : f.path));
    lines.push(`${f.target}: ${next === null ? "removed" : current === undefined ? "created" : "updated"} ${f.path}`);
  }
  const dirs = [...new Set([tier.conditions, ...ops.map((op) => dirname(op.path))])].flatMap(missingDirs);
  const files = [...new Set([...(prior?.files ?? []), ...ops.filter((op) => op.data !== null).map((op) => op.path)])];
  const installed: Installed = { written_by: "agentihooks init --managed", exe, files, dirs: [...new Set([...(prior?.dirs ?? []), ...dirs])] };
  const manifest = join(tier.root, "installed.json");
  ops.push({ path: manifest, data: `${JSON.stringify(installed, null, 2)}\n`, mode: 0o644 });
  if (o.dryRun) return [diffs.join("").trimEnd() || "dry run: no harness file would change", ...dirs.map((d) => `would create ${d} (mode 755)`)];
  writeAll(ops, "init --managed");
  // Readable by every user whatever root's umask; the folders made here too.
  for (const op of ops) if (op.data !== null) chmodSync(op.path, 0o644);
  mkdirSync(tier.conditions, { recursive: true });
  for (const d of dirs) chmodSync(d, 0o755);
  const problem = rootOwnedProblem(tier.conditions);
  if (problem) lines.push(`warning: the hook will refuse the tier until this is fixed: ${problem}`);
  lines.push(`managed tier: ${tier.root} (its conditions and rules files go in ${tier.conditions}, its profile chain in ${join(tier.root, "profiles.txt")})`);
  if (claude) lines.push(versionLine(claude));
  lines.push(`hook command: ${exe} hook --target <target> --event <event>`);
  if (o.managedOnly && o.targets.includes("gemini")) lines.push("note: Gemini CLI has no \"managed hooks only\" switch (docs/managed.md)");
  return lines;
}

/** Removes what init --managed wrote; returns the lines to print. */
export function runManagedUninit(o: ManagedOptions): string[] {
  requireRoot("uninit --managed");
  const prefix = prefixOf(o.env);
  const tier = tierPaths(prefix);
  const prior = readInstalled(tier.root);
  const spec: HookSpec = { exe: prior?.exe ?? "/agentihooks", timeoutSec: 1, scope: "user" };
  const ops: FileOp[] = [];
  const lines: string[] = [];
  for (const f of managedFiles(o.targets, prefix, spec, false, tier.root)) planRemoval(f, ops, lines);
  const all = MANAGED_TARGETS.every((t) => o.targets.includes(t));
  const manifest = join(tier.root, "installed.json");
  if (all && prior) ops.push({ path: manifest, data: null, mode: 0o644 });
  if (o.dryRun) return lines.length ? lines.map((l) => `dry run: ${l}`) : ["dry run: nothing to remove"];
  writeAll(ops, "uninit --managed");
  if (prior) {
    // Deepest first; a folder that holds anything else (the administrator's conditions) stays, and so
    // does the tier while a harness's file is left (a partial uninit).
    const tierDir = (d: string) => d === tier.root || d === tier.conditions || tier.root.startsWith(`${d}/`);
    for (const d of [...prior.dirs].sort((a, b) => b.length - a.length)) {
      if (!existsSync(d) || (!all && tierDir(d))) continue;
      if (readdirSync(d).length) {
        if (all) lines.push(`kept ${d}: it is not empty`);
      }
      else {
        rmdirSync(d);
        lines.push(`removed ${d}`);
      }
    }
  }
  return lines.length ? lines : ["nothing to remove: no managed file of agentihooks was found"];
}

// --- internal ---

function requireRoot(what: string): void {
  const uid = process.getuid?.();
  if (uid !== 0) throw new AgentihooksError("E_ROOT", `${what} writes the machine's managed settings: run it as root (sudo agentihooks ${what})`);
}

const prefixOf = (env: Record<string, string | undefined>) => (env.AGENTIHOOKS_MANAGED_PREFIX ?? "").replace(/\/+$/, "");

function planRemoval(f: ManagedFile, ops: FileOp[], lines: string[]): void {
  const current = readText(f.path);
  if (current === undefined || !f.holdsOurs(current)) return;
  const left = f.without(current);
  if (left === current) return;
  ops.push({ path: f.path, data: left, mode: 0o644 });
  lines.push(left === null ? `${f.target}: removed ${f.path}` : `${f.target}: removed agentihooks from ${f.path}`);
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new AgentihooksError("E_MANAGED", `cannot read ${path}: ${(err as Error).message}`);
  }
}

function readInstalled(root: string): Installed | undefined {
  const text = readText(join(root, "installed.json"));
  if (text === undefined) return undefined;
  try {
    const v = JSON.parse(text) as Installed;
    return Array.isArray(v.files) && Array.isArray(v.dirs) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** Returns the folders of `dir` that do not exist yet, top first. */
function missingDirs(dir: string): string[] {
  const out: string[] = [];
  for (let d = dir; !existsSync(d) && d !== dirname(d); d = dirname(d)) out.unshift(d);
  return out;
}
