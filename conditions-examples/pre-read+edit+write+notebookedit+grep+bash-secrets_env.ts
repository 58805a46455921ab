#!/usr/bin/env bun
// pre-read+edit+write+notebookedit+grep+bash-secrets_env.ts: keep the agent away from .env files.
//
// What it does
//   Denies (exit 2, reason on stderr) a Read, Edit, Write, NotebookEdit or Bash call that names a dotenv file:
//     .env   .env.local   .env.production   prod.env   secrets.env
//   however it is spelled: ./.env, a/../.env, ~/proj/.env, /abs/path/.env, ".e""nv" in a command,
//   --env-file=.env, <.env, a glob such as .env* that matches one, or a symlink whose target is one,
//   in any letter case (.ENV, PROD.Env: on macOS' default filesystem they open the same file).
//   Templates pass: .env.example, .env.sample, .env.template (and x.example.env). A directory named
//   .env (a Python virtualenv) is not a secret file and passes too.
//   A Grep call (Claude's Grep, Copilot's grep/rg) is denied when the search would read a dotenv file:
//   its glob matches one, its path names one, or the folder it searches holds one (Copilot's grep reads
//   hidden files; .git and node_modules are not looked into; a folder of more than 20,000 entries
//   without a glob is denied, since what it would read cannot be told).
//   It FAILS CLOSED: when it cannot read its input (not JSON, no tool_input, no path or command) it
//   denies with the reason. A crashing hook is a non-blocking error in every harness, so a guard must
//   catch its own failures and exit 2.
//
// Where to put it
//   Any layer, as it is (the built-in default profile runs this very file).
//   agentihooks runs .ts conditions with the Bun runtime inside its own executable: nothing to
//   install, and a call costs a fraction of a Python start-up (this guard runs on every Read, Edit,
//   Write and Bash call; it is one of the built-in `default` profile's two conditions).
//
// Harness caveats
//   Paths: Claude sends absolute file_path; Copilot's `path` and Codex/Copilot apply_patch headers are
//   normalized by agentihooks into file_path / file_paths (relative ones are resolved against cwd here).
//   A Bash line is read from the command facts agentihooks gives every condition of a Bash call
//   (`factsOf(call)`, docs/typescript-conditions.md): the words of every command the line runs (through
//   bash -c, $(...), xargs, pipes), after quote removal, their redirections, and the folder a `cd`
//   took it to; a name built at run time ($(printf .e)nv) is not seen. Run without agentihooks (no
//   facts), a Bash call is judged by its whitespace-separated words.
//   This started as the hooks lesson's block_env_hook.py, in the agentihooks script contract.
//
// Requires: nothing (Bun or node built-ins only).
//
// Built by `make examples` from conditions-examples/_src/pre-read+edit+write+notebookedit+grep+bash-secrets_env.ts
// and the modules it shares with other examples (_src/condition.ts):
// edit those, then rebuild. This file needs nothing beside it.
import { lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";

// --- _src/condition.ts ---
// The TypeScript condition API (docs/typescript-conditions.md): what a condition is given, what it
// answers, and the wrapper that runs it as a script.
//
// A condition module `export default`s one function of the call. Run as a script (agentihooks runs a
// .ts file with the Bun inside its executable), `runAsScript` reads the call from stdin, the
// environment and the working directory, and turns the answer into the script contract: exit 2 with
// the reason on stderr denies, a JSON object or plain text on stdout answers. The hook's built-in
// conditions are such modules, called in the hook's own process with the same call and their answer
// turned into the same exit code and output by the same `answerStreams`.

/** The payload on stdin: Claude's shape, whatever harness sent it (agentihooks normalizes it). */
interface Payload {
  hook_event_name: string;
  session_id: string;
  cwd: string;
  transcript_path?: string;
  permission_mode?: string;
  /** Claude's tool names: Bash, Read, Write, Edit, ..., mcp__<server>__<tool>. */
  tool_name?: string;
  tool_input?: Record<string, unknown>;
  /** post only: the tool's output. */
  tool_response?: unknown;
  tool_use_id?: string;
  [key: string]: unknown;
}

/** One call of a condition. */
interface Call {
  /** stdin as agentihooks writes it: the payload as JSON, UTF-8. `payloadOf` parses it. */
  stdin: Uint8Array;
  /** The environment: the hook's own plus the AH_* variables (AH_PROGRAMS, AH_DYNAMIC, AH_TARGET, ...). */
  env: Record<string, string | undefined>;
  /** The session's working directory (a script's own cwd). */
  cwd: string;
  /**
   * When the answer is due (Date.now() milliseconds): give what the condition starts at most the time
   * left (spawnSync's `timeout`). Infinity when run as a script: the hook ends the script's processes.
   */
  deadline: number;
  /**
   * The command facts of a Bash call, when the condition runs inside the hook (the built-ins);
   * `factsOf(call)` gives them either way (a script reads them from AH_FACTS).
   */
  facts?: LineFacts;
}

/** The JSON answer of the script contract (every field optional). */
interface Answer {
  /** Text added to the agent's context. */
  context?: string;
  decision?: "allow" | "ask" | "deny";
  /** Why: attached to the decision. */
  reason?: string;
  /** pre: shallow-merged over the tool input (applied together with decision allow or ask). */
  tool_input?: Record<string, unknown>;
  /** post: replaces what the agent sees as the tool's output. */
  tool_output?: unknown;
}

/**
 * What a condition returns: nothing (no effect), a string (context for the agent), `{ deny }` (pre:
 * deny the call; post: block, with this reason: exit 2 and the reason on stderr) or an Answer.
 */
type Result = void | undefined | string | { deny: string } | Answer;

type Condition = (call: Call) => Result | Promise<Result>;

/** One word of a command: its value after quote removal where static, null where an expansion makes it. */
interface FactWord {
  value: string | null;
  /** The word as written in the line. */
  raw: string;
  /** Only a glob makes it not static (`/tmp/*.log`): `value` is the pattern, quotes removed. */
  glob?: true;
}

/** One simple command the line runs, as the shell analyzer resolved it (docs/typescript-conditions.md). */
interface CommandFact {
  /** Lowercased basename of the program after wrappers (`/usr/bin/Git` -> `git`); null when none or not static. */
  program: string | null;
  /** The program word as written after quote removal (`/usr/lib/git-core/git-push`); null when not static. */
  path: string | null;
  args: FactWord[];
  redirects: { op: string; fd?: string; target: FactWord }[];
  /** The folder it runs in: the session's, or the last static `cd` before it; null when a `cd` is not static. */
  cwd: string | null;
  /** The carriers that reached it, outermost first: `bash -c`, `xargs`, `find -exec`, `git config alias.p`, `python -c system`. */
  via: string[];
  /** Wrappers it runs through, outermost first (`sudo`, `env`, `timeout`). */
  wrappers: string[];
  /** Its program, an argument or a redirection target is only known when the line runs. */
  dynamic: boolean;
  /** What an option, setting or variable of the call does besides (`runs config alias.p`, `writes sed w`). */
  effects: string[];
}

/** The facts of one Bash command line: every simple command it runs, and whether (and why) it is dynamic. */
interface LineFacts {
  commands: CommandFact[];
  /** Some program, or some command line that runs, is only known when the line runs. */
  dynamic: boolean;
  why: { construct: string; message: string; text: string }[];
}

/**
 * Returns the command facts of a Bash call: given in-process, else read from AH_FACTS (which the hook
 * sets for every condition of a Bash call). Undefined when neither is there (not a Bash call, or the
 * condition was not run by agentihooks): a guard should then deny.
 */
function factsOf(call: Call): LineFacts | undefined {
  if (call.facts) return call.facts;
  const text = call.env.AH_FACTS;
  if (!text) return undefined;
  const facts = JSON.parse(text) as LineFacts;
  return Array.isArray(facts?.commands) ? facts : undefined;
}

/** The script contract's streams for a result: the exit code, stdout and stderr. */
interface Streams {
  exit: number;
  stdout: string;
  stderr: string;
}

/** Returns the exit code and output that stand for `result` in the script contract. */
function answerStreams(result: Result): Streams {
  if (result === undefined || result === null) return { exit: 0, stdout: "", stderr: "" };
  if (typeof result === "string") return { exit: 0, stdout: result, stderr: "" };
  if ("deny" in result) return { exit: 2, stdout: "", stderr: `${result.deny}\n` };
  return { exit: 0, stdout: `${JSON.stringify(result)}\n`, stderr: "" };
}

/** Returns the payload of a call; throws when stdin is not UTF-8 JSON holding an object. */
function payloadOf(call: Call): Payload {
  const value: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(call.stdin));
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("the payload is not a JSON object");
  return value as Payload;
}

/**
 * Runs `condition` as a script: the call from stdin, process.env and process.cwd(), the answer as the
 * exit code and output. Call it under `if (import.meta.main)`, so importing the module runs nothing.
 */
async function runAsScript(condition: Condition): Promise<void> {
  const { readFileSync } = await import("node:fs");
  let stdin: Uint8Array;
  try {
    stdin = readFileSync(0);
  } catch {
    stdin = new Uint8Array(0); // no stdin: the condition judges an empty payload (and fails closed)
  }
  const call: Call = { stdin, env: process.env, cwd: process.cwd(), deadline: Number.POSITIVE_INFINITY };
  const { exit, stdout, stderr } = answerStreams(await condition(call));
  if (stdout) process.stdout.write(stdout);
  if (stderr) process.stderr.write(stderr);
  process.exitCode = exit;
}

const TEMPLATES = new Set(["example", "sample", "template"]);
const GLOB_PROBES = [".env", ".env.local", "prod.env"];

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const isObject = (v: unknown): v is { [k: string]: Json } => typeof v === "object" && v !== null && !Array.isArray(v);

/** What the guard throws past the call's deadline: the hook reports a timeout, never an answer. */
class TimeUp extends Error {}

/**
 * Returns true when a file name is a dotenv file that is not a template. Case-insensitive: on macOS'
 * default filesystem `.ENV` opens `.env`, so the spelling must not be a way around the guard. A glob
 * (`.env*`) counts when it matches a dotenv name.
 */
function secretName(original: string): boolean {
  const name = original.toLowerCase();
  if (/[*?[]/.test(name)) {
    const glob = new Bun.Glob(name);
    return GLOB_PROBES.some((probe) => glob.match(probe));
  }
  const parts = name.split(".");
  const template = (ps: string[]) => ps.some((p) => TEMPLATES.has(p));
  if (name === ".env" || name.startsWith(".env.")) return !template(parts.slice(2));
  if (name.endsWith(".env") && name.length > 4) return !template(parts.slice(0, -1));
  return false;
}

/** Where a call runs: its environment (HOME) and working directory (for relative paths). */
type Where = Pick<Call, "env" | "cwd">;

/** `~` and `~user` at the start of a path, as a shell expands them. */
function expandHome(path: string, env: Where["env"]): string {
  if (!path.startsWith("~")) return path;
  const cut = path.indexOf("/") < 0 ? path.length : path.indexOf("/");
  const user = path.slice(1, cut);
  let home: string | undefined;
  // node:os only where HOME is unset: loading it costs more than the rest of this guard's start-up
  if (!user) home = env.HOME ?? (require("node:os") as typeof import("node:os")).userInfo().homedir;
  else {
    if (user.includes("\0")) return path;
    let passwd = "";
    try {
      passwd = readFileSync("/etc/passwd", "utf8");
    } catch {}
    home = passwd.split("\n").map((l) => l.split(":")).find((r) => r[0] === user && r.length >= 6)?.[5];
  }
  return home === undefined ? path : home.replace(/\/+$/, "") + path.slice(cut) || "/";
}

// throwIfNoEntry: a missing file is the common case (most words of a command are not files), and an
// exception costs far more than the answer undefined.
function lstat(p: string) {
  try {
    return lstatSync(p, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** The file a symlink leads to (a dangling one's target, too). */
function linkTarget(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    try {
      return resolve(dirname(path), readlinkSync(path, "utf8"));
    } catch {
      return path;
    }
  }
}

/** Returns true when `raw` (as written, or the file a symlink points to) is a dotenv file. */
function isSecretEnv(raw: string, cwd: string, where: Where): boolean {
  const path = raw.trim();
  if (!path || path.includes("\0")) return false;
  const expanded = expandHome(path, where.env);
  // A relative cwd is relative to the directory the condition runs in, as it is for a script.
  const full = resolve(where.cwd, cwd, expanded);
  if (statSync(full, { throwIfNoEntry: false })?.isDirectory()) return false;
  if (secretName(basename(path.replace(/\/+$/, "")))) return true;
  return Boolean(lstat(full)?.isSymbolicLink()) && secretName(basename(linkTarget(full)));
}

/**
 * Returns the words of a Bash call that may name a file: every command's words and redirection targets,
 * and the parts after `=` (`--env-file=.env`, `X=.env`). A word only known when the line runs counts as
 * written without its quotes (`"$DIR/.env"`).
 */
function commandWords(call: Call, command: string): string[] {
  const facts = factsOf(call);
  if (!facts) return command.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  const add = (value: string | null, raw: string) => {
    const w = value ?? raw.replace(/["']/g, "");
    out.push(w);
    if (w.includes("=")) out.push(w.slice(w.indexOf("=") + 1), w.slice(w.lastIndexOf("=") + 1));
  };
  for (const c of facts.commands) {
    for (const w of c.args) add(w.value, w.raw);
    for (const r of c.redirects) add(r.target.value, r.target.raw);
  }
  // Assignments before a program are not arguments, and a dynamic line (one too long to analyze, or
  // with parts only known when it runs) may hide names: read the line's own words too.
  // a huge line has millions of words: the call's deadline is checked while they are read, not only after
  let n = 0;
  for (const w of command.split(/[\s;&|()<>]+/)) {
    if ((++n & 0xfff) === 0 && Date.now() > call.deadline) throw new TimeUp();
    if (facts.dynamic || /^[A-Za-z_][A-Za-z0-9_]*=/.test(w)) add(w.replace(/["'`]/g, ""), w);
  }
  return out;
}

// A search reads every file under its folder: at most this many entries are looked at before the
// guard gives up and denies (it cannot tell what the search would read).
const SEARCH_LIMIT = 20_000;
const SEARCH_SKIP = new Set([".git", "node_modules"]);

/**
 * Returns the dotenv files a Grep call would read: its glob when it has one (a glob that cannot match
 * a dotenv name keeps them out), the file it names, or every dotenv file under the folder it searches
 * (the working folder without a path: Copilot's grep reads hidden files too).
 */
function searchedPaths(input: { [k: string]: Json }, cwd: string, where: Where): string[] {
  const glob = typeof input.glob === "string" && input.glob !== "" ? input.glob : undefined;
  if (glob) return [glob];
  const path = typeof input.path === "string" && input.path !== "" ? expandHome(input.path, where.env) : ".";
  const root = resolve(where.cwd, cwd, path);
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) return [path];
  const found: string[] = [];
  const pending = [root];
  let seen = 0;
  while (pending.length) {
    const dir = pending.pop()!;
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue; // unreadable: the search cannot read it either
    }
    for (const e of entries) {
      if (++seen > SEARCH_LIMIT) throw new Error(`the search under ${path} covers more than ${SEARCH_LIMIT} entries; give a narrower path or a glob`);
      if (e.isDirectory()) {
        if (!SEARCH_SKIP.has(e.name)) pending.push(`${dir}/${e.name}`);
      } else if (secretName(e.name)) found.push(`${dir}/${e.name}`);
    }
  }
  return found;
}

/** Returns the paths a call names; throws when the call carries none it can judge. */
function pathsIn(event: { [k: string]: Json }, cwd: string, call: Call): string[] {
  const tool = typeof event.tool_name === "string" ? event.tool_name.toLowerCase() : "";
  const input = event.tool_input;
  if (!isObject(input)) throw new Error("tool_input is not an object");
  if (tool === "bash") {
    if (typeof input.command !== "string") throw new Error("Bash call without a command string");
    return commandWords(call, input.command);
  }
  if (tool === "grep") return searchedPaths(input, cwd, call);
  const paths: unknown[] = [input.file_path, input.path, input.notebook_path];
  const more = input.file_paths;
  if (Array.isArray(more)) paths.push(...more);
  else if (typeof more === "string") paths.push(more);
  else if (isObject(more)) paths.push(...Object.keys(more));
  else if (more !== undefined && more !== null) throw new TypeError(`file_paths is a ${typeof more}, not a list of paths`);
  const named = paths.filter((p): p is string => typeof p === "string" && p !== "");
  if (!named.length) throw new Error(`${String(event.tool_name)} call without a file path`);
  return named;
}

/** The guard: `{ deny }` when the call names a dotenv file, or when it cannot be read (fail closed). */
export default function secretsEnv(call: Call): Result {
  let bad: string[];
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(call.stdin);
    const event: unknown = JSON.parse(text);
    if (!isObject(event)) throw new Error("the payload is not a JSON object");
    const cwd = typeof event.cwd === "string" && event.cwd ? event.cwd : call.cwd;
    bad = pathsIn(event, cwd, call).filter((p, i) => {
      if ((i & 0xff) === 0 && Date.now() > call.deadline) throw new TimeUp(); // a huge command: the hook reports a timeout
      return isSecretEnv(p, cwd, call);
    });
  } catch (err) {
    if (err instanceof TimeUp) throw err; // not a failure to read: the hook reports a timeout
    // any failure blocks the call
    const why = err instanceof Error ? err.message : String(err);
    return { deny: `secrets_env: cannot read the tool call (${why}); denied to fail closed` };
  }
  if (!bad.length) return undefined;
  return {
    deny: `secrets_env: ${bad[0]} holds secrets; the agent may not read or change it (use .env.example for the variable names, or ask the user)`,
  };
}

if (import.meta.main) runAsScript(secretsEnv); // not awaited: importing the module must not make it async
