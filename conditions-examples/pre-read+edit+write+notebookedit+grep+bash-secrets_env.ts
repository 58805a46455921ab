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
//   Bash commands are split into words the way Python's shlex does (posix, with ( ) ; < > | & and
//   newline as punctuation); a name built at run time ($(printf .e)nv) is not seen.
//   This is the hooks lesson's block_env_hook.py, ported from Python to TypeScript with the same
//   answers (but letter case), in the agentihooks script contract.
//
// Requires: nothing (Bun or node built-ins only).
//
// Built by `make examples` from conditions-examples/_src/pre-read+edit+write+notebookedit+grep+bash-secrets_env.ts
// and the modules it shares with other examples (_src/condition.ts, _src/shlex.ts):
// edit those, then rebuild. This file needs nothing beside it.
import { lstatSync, readdirSync, readFileSync, readlinkSync, statSync } from "node:fs";
import { userInfo } from "node:os";

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

// --- _src/shlex.ts ---
// Python's word splitting, as the guards this project ported from Python used it: shlex.shlex(command,
// posix=True, punctuation_chars="();<>|&\n") with whitespace " \t\r" and whitespace_split, and
// str.strip()/str.split() with Python's idea of white space. Shared by the git guard and the .env
// guard; each example file is built into one file of its own (scripts/build-examples.ts), so a copied
// guard still needs nothing beside it.

/** The characters Python's str.isspace() accepts (str.strip() and str.split() use them), as a class body. */
const PY_SPACE = "\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";

let due = Number.POSITIVE_INFINITY;

/**
 * Returns what `work` returns, with `deadline` (Date.now() milliseconds) as the time by which its long
 * loops must be through: onTime() throws past it. A guard run inside the hook cannot be interrupted,
 * so on a huge command it gives up at its deadline rather than running on (a script's is simply
 * killed). Synchronous, so the one `due` of this module is never shared by two calls at once.
 */
function within<T>(deadline: number, work: () => T): T {
  const before = due;
  due = deadline;
  try {
    return work();
  } finally {
    due = before;
  }
}

/** What onTime() throws: a fallback that catches errors must let it through. */
class TimeUp extends Error {
  constructor() {
    super("the condition's time is up");
  }
}

/** Throws TimeUp once the deadline set by `within` has passed; loops call it every few thousand steps. */
function onTime(): void {
  if (Date.now() > due) throw new TimeUp();
}

const EDGES = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, "g");
const RUNS = new RegExp(`[${PY_SPACE}]+`);

/** Python's str.strip(). */
const pyStrip = (s: string): string => s.replace(EDGES, "");

/** Python's str.split() without arguments. */
const pySplit = (s: string): string[] => s.split(RUNS).filter(Boolean);

/**
 * Returns the code points of `text`, as Python indexes a str (Array.from's answer: a lone surrogate is
 * one), with a loop: Array.from's first use costs ~0.2 ms, and a built-in guard runs in a fresh process.
 */
function codePoints(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i++) {
    if ((i & 0xfff) === 0) onTime();
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out.push(text.slice(i, i + 2));
        i++;
        continue;
      }
    }
    out.push(text[i]);
  }
  return out;
}

const PUNCTUATION = "();<>|&\n";
const WHITESPACE = " \t\r";
const QUOTES = "'\"";

/** Python's shlex word splitting for this configuration; throws like it on an unclosed quote or a final backslash. */
function shlexWords(text: string): string[] {
  const chars = codePoints(text);
  let pos = 0;
  const pushback: string[] = [];
  let state: string | null = " ";
  const read = (): string => {
    if ((pos & 0xfff) === 0) onTime();
    return pushback.pop() ?? (pos < chars.length ? chars[pos++] : "");
  };
  const readline = (): void => {
    while (pos < chars.length) if (chars[pos++] === "\n") break;
  };

  function readToken(): string | null {
    let quoted = false;
    let escapedstate = " ";
    let token = "";
    for (;;) {
      const c = read();
      if (state === null) {
        token = "";
        break;
      } else if (state === " ") {
        if (!c) {
          state = null;
          break;
        } else if (WHITESPACE.includes(c)) {
          if (token || quoted) break;
        } else if (c === "#") {
          readline();
        } else if (c === "\\") {
          escapedstate = "a";
          state = c;
        } else if (PUNCTUATION.includes(c)) {
          token = c;
          state = "c";
        } else if (QUOTES.includes(c)) {
          state = c;
        } else {
          token = c;
          state = "a";
        }
      } else if (QUOTES.includes(state)) {
        quoted = true;
        if (!c) throw new Error("No closing quotation");
        if (c === state) state = "a";
        else if (c === "\\" && state === '"') {
          escapedstate = state;
          state = c;
        } else token += c;
      } else if (state === "\\") {
        if (!c) throw new Error("No escaped character");
        if (QUOTES.includes(escapedstate) && c !== state && c !== escapedstate) token += state;
        token += c;
        state = escapedstate;
      } else {
        // "a" (a word) or "c" (punctuation)
        if (!c) {
          state = null;
          break;
        } else if (WHITESPACE.includes(c)) {
          state = " ";
          if (token || quoted) break;
        } else if (c === "#") {
          readline();
          state = " ";
          if (token || quoted) break;
        } else if (state === "c") {
          if (PUNCTUATION.includes(c)) token += c;
          else {
            pushback.push(c);
            state = " ";
            break;
          }
        } else if (QUOTES.includes(c)) {
          state = c;
        } else if (c === "\\") {
          escapedstate = "a";
          state = c;
        } else if (!PUNCTUATION.includes(c)) {
          token += c;
        } else {
          pushback.push(c);
          state = " ";
          if (token || quoted) break;
        }
      }
    }
    return !quoted && token === "" ? null : token;
  }

  const words: string[] = [];
  for (let w = readToken(); w !== null; w = readToken()) words.push(w);
  return words;
}

const TEMPLATES = new Set(["example", "sample", "template"]);
const GLOB_PROBES = [".env", ".env.local", "prod.env"];


type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const isObject = (v: unknown): v is { [k: string]: Json } => typeof v === "object" && v !== null && !Array.isArray(v);

/** Python truthiness of a JSON value. */
const truthy = (v: unknown): boolean =>
  Array.isArray(v) ? v.length > 0 : isObject(v) ? Object.keys(v).length > 0 : Boolean(v);

const pyType = (v: unknown): string =>
  v === null || v === undefined ? "NoneType" : typeof v === "boolean" ? "bool" : typeof v === "number" ? (Number.isInteger(v) ? "int" : "float") : typeof v === "string" ? "str" : Array.isArray(v) ? "list" : "dict";

/** Python's str() of a JSON value, for messages. */
function pyStr(v: unknown, nested = false): string {
  if (v === null || v === undefined) return "None";
  if (typeof v === "boolean") return v ? "True" : "False";
  if (typeof v === "string") return nested ? `'${v.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'` : v;
  if (typeof v === "number") return String(v);
  if (Array.isArray(v)) return `[${v.map((x) => pyStr(x, true)).join(", ")}]`;
  return `{${Object.entries(v as object).map(([k, x]) => `${pyStr(k, true)}: ${pyStr(x, true)}`).join(", ")}}`;
}

// --- fnmatch.fnmatchcase (Python's fnmatch.translate, as a JavaScript regular expression) ---

const escapeLiteral = (c: string): string => (/[\^$\\.*+?()[\]{}|/]/.test(c) ? `\\${c}` : c);

/** Returns a Python character class body (as fnmatch.translate writes it) as a JavaScript one ("u" flag). */
function jsClass(body: string[]): string {
  let out = "";
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === "\\") {
      const x = body[++i];
      out += x === "&" || x === "~" ? x : `\\${x}`;
    } else if (c === "[" || c === "]") out += `\\${c}`;
    else out += c;
  }
  return out;
}

/** Python's fnmatch.translate(pat) for JavaScript: * ? [seq] [!seq], an unclosed [ is literal. */
function globRegex(pattern: string): RegExp {
  const p = codePoints(pattern); // code points, as Python indexes a str
  const n = p.length;
  let re = "";
  let star = false;
  let i = 0;
  while (i < n) {
    const c = p[i++];
    if (c === "*") {
      if (!star) re += ".*";
      star = true;
      continue;
    }
    star = false;
    if (c === "?") re += ".";
    else if (c === "[") {
      let j = i;
      if (j < n && p[j] === "!") j++;
      if (j < n && p[j] === "]") j++;
      while (j < n && p[j] !== "]") j++;
      if (j >= n) {
        re += "\\[";
        continue;
      }
      let stuff: string[];
      if (!p.slice(i, j).includes("-")) {
        stuff = p.slice(i, j).flatMap((x) => (x === "\\" ? ["\\", "\\"] : [x]));
      } else {
        const chunks: string[][] = [];
        let k = p[i] === "!" ? i + 2 : i + 1;
        for (;;) {
          k = k < j ? p.indexOf("-", k) : -1;
          if (k < 0 || k >= j) break;
          chunks.push(p.slice(i, k));
          i = k + 1;
          k = k + 3;
        }
        const chunk = p.slice(i, j);
        if (chunk.length) chunks.push(chunk);
        else chunks[chunks.length - 1].push("-");
        // Remove empty ranges (b-a), as Python does.
        for (let m = chunks.length - 1; m > 0; m--) {
          const prev = chunks[m - 1];
          if (prev[prev.length - 1].codePointAt(0)! > chunks[m][0].codePointAt(0)!) {
            chunks[m - 1] = prev.slice(0, -1).concat(chunks[m].slice(1));
            chunks.splice(m, 1);
          }
        }
        stuff = chunks
          .map((s) => s.flatMap((x) => (x === "\\" ? ["\\", "\\"] : x === "-" ? ["\\", "-"] : [x])))
          .reduce((a, s, m) => (m ? a.concat(["-"], s) : s), [] as string[]);
      }
      stuff = stuff.flatMap((x) => ("&~|".includes(x) ? ["\\", x] : [x]));
      i = j + 1;
      if (!stuff.length) re += "(?!)";
      else if (stuff.length === 1 && stuff[0] === "!") re += ".";
      else {
        if (stuff[0] === "!") stuff = ["^", ...stuff.slice(1)];
        else if (stuff[0] === "^" || stuff[0] === "[") stuff = ["\\", ...stuff];
        re += stuff[0] === "^" ? `[^${jsClass(stuff.slice(1))}]` : `[${jsClass(stuff)}]`;
      }
    } else re += escapeLiteral(c);
  }
  return new RegExp(`^(?:${re})$`, "su");
}

/**
 * Returns true when a file name is a dotenv file that is not a template. Case-insensitive: on macOS'
 * default filesystem `.ENV` opens `.env`, so the spelling must not be a way around the guard.
 */
function secretName(original: string): boolean {
  if (/[*?[]/.test(original)) {
    const re = new RegExp(globRegex(original).source, "siu");
    return GLOB_PROBES.some((probe) => re.test(probe));
  }
  const name = original.toLowerCase();
  const parts = name.split(".");
  const template = (ps: string[]) => ps.some((p) => TEMPLATES.has(p.toLowerCase()));
  if (name === ".env" || name.startsWith(".env.")) return !template(parts.slice(2));
  if (name.endsWith(".env") && name.length > 4) return !template(parts.slice(0, -1));
  return false;
}

// --- os.path, as Python's posixpath has it ---

const basename = (p: string): string => p.slice(p.lastIndexOf("/") + 1);

function pathJoin(a: string, ...rest: string[]): string {
  let path = a;
  for (const b of rest) {
    if (b.startsWith("/")) path = b;
    else if (!path || path.endsWith("/")) path += b;
    else path += `/${b}`;
  }
  return path;
}

function split(p: string): [string, string] {
  const i = p.lastIndexOf("/") + 1;
  let head = p.slice(0, i);
  if (head && head !== "/".repeat(head.length)) head = head.replace(/\/+$/, "");
  return [head, p.slice(i)];
}

function normpath(path: string): string {
  if (!path) return ".";
  let initial = path.startsWith("/") ? 1 : 0;
  if (initial && path.startsWith("//") && !path.startsWith("///")) initial = 2;
  const comps: string[] = [];
  for (const comp of path.split("/")) {
    if (comp === "" || comp === ".") continue;
    if (comp !== ".." || (!initial && !comps.length) || (comps.length && comps[comps.length - 1] === "..")) comps.push(comp);
    else if (comps.length) comps.pop();
  }
  return "/".repeat(initial) + comps.join("/") || ".";
}

let passwd: string[][] | undefined;

/** The home folder of a user name, from the password file, or undefined. */
function userHome(name: string): string | undefined {
  if (name.includes("\0")) throw new Error("embedded null byte");
  try {
    passwd ??= readFileSync("/etc/passwd", "utf8").split("\n").map((l) => l.split(":"));
  } catch {
    passwd = [];
  }
  const row = passwd.find((r) => r[0] === name && r.length >= 6);
  return row?.[5];
}

/** Where a call runs: its environment (HOME) and working directory (for relative paths). */
type Where = Pick<Call, "env" | "cwd">;

function expanduser(path: string, env: Where["env"]): string {
  if (!path.startsWith("~")) return path;
  let i = path.indexOf("/", 1);
  if (i < 0) i = path.length;
  let home: string | undefined;
  if (i === 1) {
    if ("HOME" in env) home = env.HOME ?? "";
    else {
      try {
        home = userInfo().homedir;
      } catch {
        return path;
      }
    }
  } else {
    home = userHome(path.slice(1, i));
    if (home === undefined) return path;
  }
  return home.replace(/\/+$/, "") + path.slice(i) || "/";
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

/** posixpath._joinrealpath: resolves the symlinks of `rest` under `path`; not strict (a missing file is fine). */
function joinRealpath(path: string, rest: string, seen: Map<string, string | null>): [string, boolean] {
  if (rest.startsWith("/")) {
    rest = rest.slice(1);
    path = "/";
  }
  while (rest) {
    const cut = rest.indexOf("/");
    const name = cut < 0 ? rest : rest.slice(0, cut);
    rest = cut < 0 ? "" : rest.slice(cut + 1);
    if (!name || name === ".") continue;
    if (name === "..") {
      if (path) {
        const [head, tail] = split(path);
        path = tail === ".." ? pathJoin(head, "..", "..") : head;
      } else path = "..";
      continue;
    }
    const newpath = pathJoin(path, name);
    if (!lstat(newpath)?.isSymbolicLink()) {
      path = newpath;
      continue;
    }
    if (seen.has(newpath)) {
      const known = seen.get(newpath);
      if (known !== null && known !== undefined) {
        path = known;
        continue;
      }
      return [pathJoin(newpath, rest), false]; // a symlink loop
    }
    seen.set(newpath, null);
    let ok: boolean;
    [path, ok] = joinRealpath(path, readlinkSync(newpath, "utf8"), seen);
    if (!ok) return [pathJoin(path, rest), false];
    seen.set(newpath, path);
  }
  return [path, true];
}

function realpath(p: string, cwd: string): string {
  const [path] = joinRealpath("", p, new Map());
  return normpath(path.startsWith("/") ? path : pathJoin(cwd, path));
}

/** Returns true when `path` (as written, or the file a symlink points to) is a dotenv file. */
function isSecretEnv(raw: string, cwd: unknown, where: Where): boolean {
  const path = pyStrip(raw);
  if (!path) return false;
  const expanded = expanduser(path, where.env);
  if (typeof cwd !== "string") throw new TypeError(`expected str, bytes or os.PathLike object, not ${pyType(cwd)}`);
  // A relative cwd is relative to the directory the condition runs in, as it is for a script.
  const full = pathJoin(where.cwd, pathJoin(cwd, expanded));
  try {
    if (statSync(full, { throwIfNoEntry: false })?.isDirectory()) return false;
  } catch {
    // not there (or not reachable): judge the name
  }
  if (secretName(basename(path.replace(/\/+$/, "")))) return true;
  return Boolean(lstat(full)?.isSymbolicLink()) && secretName(basename(realpath(full, where.cwd)));
}


/** Returns the words of a command line and the parts of KEY=VALUE / --flag=VALUE words. */
function commandWords(command: string): string[] {
  let words: string[];
  try {
    words = shlexWords(command.replaceAll("`", " ; "));
  } catch (err) {
    if (err instanceof TimeUp) throw err;
    words = pySplit(command); // unbalanced quotes: judge the plain words
  }
  const out: string[] = [];
  for (const w of words) {
    out.push(w);
    if (w.includes("=")) {
      out.push(w.slice(w.indexOf("=") + 1));
      out.push(w.slice(w.lastIndexOf("=") + 1));
    }
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
function searchedPaths(input: { [k: string]: Json }, cwd: unknown, where: Where): string[] {
  const glob = typeof input.glob === "string" && input.glob !== "" ? input.glob : undefined;
  if (glob) return [glob];
  const path = typeof input.path === "string" && input.path !== "" ? expanduser(input.path, where.env) : ".";
  const root = pathJoin(where.cwd, pathJoin(typeof cwd === "string" ? cwd : "", path));
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
        if (!SEARCH_SKIP.has(e.name)) pending.push(pathJoin(dir, e.name));
      } else if (secretName(e.name)) found.push(pathJoin(dir, e.name));
    }
  }
  return found;
}

/** Returns the paths a call names; throws when the call carries none it can judge. */
function pathsIn(event: { [k: string]: Json }, where: Where): string[] {
  const tool = typeof event.tool_name === "string" ? event.tool_name.toLowerCase() : "";
  const input = event.tool_input;
  if (!isObject(input)) throw new Error("tool_input is not an object");
  if (tool === "bash") {
    if (typeof input.command !== "string") throw new Error("Bash call without a command string");
    return commandWords(input.command);
  }
  if (tool === "grep") return searchedPaths(input, event.cwd, where);
  const paths: unknown[] = [input.file_path, input.path, input.notebook_path];
  const more = input.file_paths;
  if (truthy(more)) {
    if (Array.isArray(more)) paths.push(...more);
    else if (typeof more === "string") paths.push(...codePoints(more));
    else if (isObject(more)) paths.push(...Object.keys(more));
    else throw new TypeError(`'${pyType(more)}' object is not iterable`);
  }
  const named = paths.filter((p): p is string => typeof p === "string" && p !== "");
  if (!named.length) throw new Error(`${pyStr(event.tool_name)} call without a file path`);
  return named;
}

/** The guard: `{ deny }` when the call names a dotenv file, or when it cannot be read (fail closed). */
export default function secretsEnv(call: Call): Result {
  return within(call.deadline, () => judgeCall(call));
}

function judgeCall(call: Call): Result {
  let bad: string[];
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(call.stdin);
    const event: unknown = JSON.parse(text);
    if (!isObject(event)) throw new Error("the payload is not a JSON object");
    const cwd = truthy(event.cwd) ? event.cwd : call.cwd;
    bad = pathsIn(event, call).filter((p, i) => {
      if ((i & 0xff) === 0) onTime(); // a huge command: give up at the deadline (shlex.ts)
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
