#!/usr/bin/env bun
// pre-bash.git-guard.ts: deny force pushes and pushes to main/master.
//
// What it does
//   Denies (exit 2, reason on stderr) a Bash call that runs `git push` with
//     - a force flag: --force, -f (also inside clusters such as -uf), --force-with-lease[=...], --mirror,
//       or a "+refspec" (git push origin +feature);
//     - a destination main or master: `origin main`, `HEAD:main`, `feature:refs/heads/master`,
//       a deletion `:main` / `--delete main`, or a bare `git push` / `git push origin` / `HEAD`
//       while the checked-out branch of the session's directory is main or master.
//   Everything else (pushes of feature branches, every other git command) passes without a word.
//
// Where to put it
//   Any layer, as it is: <bundle>/.claude/conditions/, <profile>/.claude/conditions/,
//   ~/.agentihooks/conditions/ or <repo>/.agentihooks/conditions/. The filename is the configuration:
//   `bash.git` makes agentihooks run it only when a simple command of the line runs git.
//   agentihooks runs .ts conditions with the Bun runtime inside its own executable: nothing to
//   install, and a call costs a fraction of a Python start-up (this guard is one of the built-in
//   `default` profile's two conditions).
//
// How it reads the call
//   AH_PROGRAMS (the programs agentihooks' shell analyzer found, through $(...), bash -c, xargs,
//   sudo, env ...) says whether git runs at all; when it does not (and AH_DYNAMIC is not 1) the script
//   stops at once. Otherwise it decodes the payload and splits .tool_input.command into shell words the
//   way Python's shlex does (posix, with ( ) ; < > | & and newline as punctuation), splicing in
//   `bash -c '...'` scripts, and applies the policy below. A payload it cannot read is denied: a guard
//   that crashes fails open. Git aliases (`git p`) and commands built at run time (`$GIT push`) are not
//   seen through.
//
// Harness caveats
//   Claude Code, Codex and Copilot all honour a PreToolUse deny (agentihooks answers exit 2 + reason).
//   The current branch is read with `git symbolic-ref` (only for a push without a refspec, or to HEAD);
//   when it cannot be read (no git, not a repository, detached HEAD) a bare `git push` is let through.
//   This is the bash + python3 guard that came before it, ported to TypeScript with the same answers.
//
// Requires: nothing (Bun or node built-ins only; git itself to read the current branch).
//
// Built by `make examples` from conditions-examples/_src/pre-bash.git-guard.ts
// and the modules it shares with other examples (_src/condition.ts, _src/shlex.ts):
// edit those, then rebuild. This file needs nothing beside it.
import { spawnSync } from "node:child_process";

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

const FORCE = "rewriting published history loses other people's work; push a new commit instead";

class Deny extends Error {}

const deny = (reason: string): never => {
  throw new Deny(reason);
};

// --- the payload, read as Python's json.load(sys.stdin) reads it (same accepted inputs, same messages) ---

/** Python's float, to tell 1.0 from 1 in messages. */
class PyFloat {
  constructor(readonly value: number) {}
}

type Py = null | boolean | number | PyFloat | string | Py[] | Map<string, Py>;

/** The message of Python's UnicodeDecodeError for input that is not UTF-8, or undefined when it is. */
function utf8Error(b: Uint8Array): string | undefined {
  const cont = (i: number) => i < b.length && (b[i] & 0xc0) === 0x80;
  for (let s = 0; s < b.length; ) {
    const ch = b[s];
    const left = b.length - s;
    let bad = 0; // bytes in the error range (0: end of data)
    let why = "invalid continuation byte";
    if (ch < 0x80) {
      s++;
      continue;
    } else if (ch < 0xc2 || ch >= 0xf5) {
      bad = 1;
      why = "invalid start byte";
    } else if (ch < 0xe0) {
      if (left < 2) bad = -1;
      else if (!cont(s + 1)) bad = 1;
      else {
        s += 2;
        continue;
      }
    } else if (ch < 0xf0) {
      const c2 = b[s + 1];
      const first = left >= 2 && (!cont(s + 1) || (c2 < 0xa0 ? ch === 0xe0 : ch === 0xed));
      if (first) bad = 1;
      else if (left < 3) bad = -1;
      else if (!cont(s + 2)) bad = 2;
      else {
        s += 3;
        continue;
      }
    } else {
      const c2 = b[s + 1];
      const first = left >= 2 && (!cont(s + 1) || (c2 < 0x90 ? ch === 0xf0 : ch === 0xf4));
      if (first) bad = 1;
      else if (left >= 3 && !cont(s + 2)) bad = 2;
      else if (left < 4) bad = -1;
      else if (!cont(s + 3)) bad = 3;
      else {
        s += 4;
        continue;
      }
    }
    if (bad < 0) {
      why = "unexpected end of data";
      bad = left;
    }
    return bad === 1
      ? `'utf-8' codec can't decode byte 0x${ch.toString(16).padStart(2, "0")} in position ${s}: ${why}`
      : `'utf-8' codec can't decode bytes in position ${s}-${s + bad - 1}: ${why}`;
  }
  return undefined;
}

const MAX_DEPTH = 995;
const MAX_DIGITS = 4300;

/** True when a text may nest containers MAX_DEPTH deep or hold an integer of more than MAX_DIGITS digits. */
function pyLimitsNear(text: string): boolean {
  if (text.length < MAX_DEPTH) return false; // too short to nest that deep or to hold that many digits
  let open = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) open++;
  }
  return open >= MAX_DEPTH || (text.length > MAX_DIGITS && new RegExp(`[0-9]{${MAX_DIGITS + 1}}`).test(text));
}

/** Python's json.loads (the C scanner): the value, or an Error with Python's message. */
function pyLoads(text: string): Py {
  const s = codePoints(text); // code points, as Python indexes a str
  const n = s.length;
  const fail = (msg: string, pos: number): never => {
    const before = s.slice(0, pos);
    const line = before.filter((c) => c === "\n").length + 1;
    const col = pos - before.lastIndexOf("\n");
    throw new Error(`${msg}: line ${line} column ${col} (char ${pos})`);
  };
  const ws = (i: number) => {
    while (i < n && " \t\n\r".includes(s[i])) i++;
    return i;
  };
  const at = (i: number, word: string) => s.slice(i, i + word.length).join("") === word;
  const HEX = /^[0-9a-fA-F]$/;

  function str(end: number): [string, number] {
    const begin = end - 1;
    let out = "";
    for (;;) {
      let next = end;
      while (next < n && s[next] !== '"' && s[next] !== "\\") {
        if ((next & 0xffff) === 0) onTime();
        if (s[next].codePointAt(0)! <= 0x1f) fail("Invalid control character at", next);
        next++;
      }
      if (next >= n) fail("Unterminated string starting at", begin);
      out += s.slice(end, next).join("");
      if (s[next] === '"') return [out, next + 1];
      next++;
      if (next === n) fail("Unterminated string starting at", begin);
      const c = s[next];
      if (c !== "u") {
        end = next + 1;
        const simple: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
        if (!(c in simple)) fail("Invalid \\escape", end - 2);
        out += simple[c];
        continue;
      }
      next++;
      end = next + 4;
      if (end >= n) fail("Invalid \\uXXXX escape", next - 1);
      const hex4 = (from: number, to: number) => {
        for (let k = from; k < to; k++) if (!HEX.test(s[k])) fail("Invalid \\uXXXX escape", to - 5);
        return parseInt(s.slice(from, to).join(""), 16);
      };
      let u = hex4(next, end);
      if (u >= 0xd800 && u <= 0xdbff && end + 6 < n && s[end] === "\\" && s[end + 1] === "u") {
        const u2 = hex4(end + 2, end + 6);
        if (u2 >= 0xdc00 && u2 <= 0xdfff) {
          u = 0x10000 + ((u - 0xd800) << 10) + (u2 - 0xdc00);
          end += 6;
        }
      }
      out += String.fromCodePoint(u);
    }
  }

  let depth = 0;
  const enter = (what: string) => {
    // Python's recursion limit, as the guard's json.load meets it (nested 995 deep)
    if (++depth >= MAX_DEPTH) throw new Error(`maximum recursion depth exceeded while decoding a JSON ${what} from a unicode string`);
  };

  let steps = 0;
  function value(i: number): [Py, number] {
    if ((++steps & 0xfff) === 0) onTime();
    if (i >= n) fail("Expecting value", i);
    const c = s[i];
    if (c === '"') return str(i + 1);
    if (c === "{") {
      enter("object");
      const obj = new Map<string, Py>();
      i = ws(i + 1);
      if (i >= n || s[i] !== "}") {
        for (;;) {
          if (i >= n || s[i] !== '"') fail("Expecting property name enclosed in double quotes", i);
          const [key, k] = str(i + 1);
          i = ws(k);
          if (i >= n || s[i] !== ":") fail("Expecting ':' delimiter", i);
          const [v, j] = value(ws(i + 1));
          obj.set(key, v);
          i = ws(j);
          if (i < n && s[i] === "}") break;
          if (i >= n || s[i] !== ",") fail("Expecting ',' delimiter", i);
          i = ws(i + 1);
        }
      }
      depth--;
      return [obj, i + 1];
    }
    if (c === "[") {
      enter("array");
      const arr: Py[] = [];
      i = ws(i + 1);
      if (i >= n || s[i] !== "]") {
        for (;;) {
          const [v, j] = value(i);
          arr.push(v);
          i = ws(j);
          if (i < n && s[i] === "]") break;
          if (i >= n || s[i] !== ",") fail("Expecting ',' delimiter", i);
          i = ws(i + 1);
        }
      }
      depth--;
      return [arr, i + 1];
    }
    if (c === "n" && i + 3 < n && at(i, "null")) return [null, i + 4];
    if (c === "t" && i + 3 < n && at(i, "true")) return [true, i + 4];
    if (c === "f" && i + 4 < n && at(i, "false")) return [false, i + 5];
    if (c === "N" && i + 2 < n && at(i, "NaN")) return [new PyFloat(NaN), i + 3];
    if (c === "I" && i + 7 < n && at(i, "Infinity")) return [new PyFloat(Infinity), i + 8];
    if (c === "-" && i + 8 < n && at(i, "-Infinity")) return [new PyFloat(-Infinity), i + 9];
    // a number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?
    const digit = (k: number) => k < n && s[k] >= "0" && s[k] <= "9";
    let k = i;
    if (s[k] === "-") k++;
    if (k < n && s[k] === "0") k++;
    else if (k < n && s[k] >= "1" && s[k] <= "9") while (digit(k)) k++;
    else fail("Expecting value", i);
    let float = false;
    if (s[k] === "." && digit(k + 1)) {
      float = true;
      k++;
      while (digit(k)) k++;
    }
    if (s[k] === "e" || s[k] === "E") {
      let e = k + 1;
      if (s[e] === "+" || s[e] === "-") e++;
      if (digit(e)) {
        float = true;
        while (digit(e)) e++;
        k = e;
      }
    }
    const digits = k - i - (s[i] === "-" ? 1 : 0);
    if (!float && digits > MAX_DIGITS)
      throw new Error(`Exceeds the limit (${MAX_DIGITS} digits) for integer string conversion: value has ${digits} digits; use sys.set_int_max_str_digits() to increase the limit`);
    const num = Number(s.slice(i, k).join(""));
    return [float ? new PyFloat(num) : num, k];
  }

  if (text.startsWith("\ufeff")) fail("Unexpected UTF-8 BOM (decode using utf-8-sig)", 0);
  const [v, end] = value(ws(0));
  const stop = ws(end);
  if (stop !== n) fail("Extra data", stop);
  return v;
}

/** Python's payload[key] on a decoded JSON value: the value, or an Error with Python's message. */
function pyItem(v: Py, key: string): Py {
  if (v instanceof Map) {
    if (!v.has(key)) throw new Error(`'${key}'`); // str(KeyError('key'))
    return v.get(key)!;
  }
  if (Array.isArray(v)) throw new Error("list indices must be integers or slices, not str");
  if (typeof v === "string") throw new Error("string indices must be integers, not 'str'");
  const type = v === null ? "NoneType" : typeof v === "boolean" ? "bool" : v instanceof PyFloat ? "float" : "int";
  throw new Error(`'${type}' object is not subscriptable`);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Returns .tool_input.command of the payload; throws an Error with the message Python would give. */
function commandOf(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    // Not UTF-8 (the decoder rejects what Python's does): Python's message names the bytes.
    throw new Error(utf8Error(bytes) ?? "'utf-8' codec can't decode the payload");
  }
  // The usual payload: JSON.parse accepts it, and Python would read the same value (its limits aside).
  if (!pyLimitsNear(text)) {
    try {
      const payload: unknown = JSON.parse(text);
      if (isObject(payload) && Object.hasOwn(payload, "tool_input")) {
        const input = payload.tool_input;
        if (isObject(input) && Object.hasOwn(input, "command") && typeof input.command === "string") return input.command;
      }
    } catch {
      // judged below, as Python reads it (NaN and Infinity included)
    }
  }
  const command = pyItem(pyItem(pyLoads(text), "tool_input"), "command");
  if (typeof command !== "string") throw new Error("tool_input.command is not a string");
  return command;
}


const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh"]);
const OPERATOR = /^[();|&\n]+$/;
const baseName = (w: string): string => w.slice(w.lastIndexOf("/") + 1);

/** The command's words; each operator (; && | ( ) newline) becomes ";", a `bash -c` script is spliced in. */
function words(text: string, depth = 0): string[] {
  let toks: string[];
  try {
    toks = shlexWords(text.replaceAll("`", " ; "));
  } catch (err) {
    if (err instanceof TimeUp) throw err;
    toks = pySplit(text); // unbalanced quotes: fall back to plain words
  }
  const out: string[] = [];
  for (let i = 0; i < toks.length; i++) {
    if ((i & 0xfff) === 0) onTime();
    const t = toks[i];
    out.push(OPERATOR.test(t) ? ";" : t);
    // bash -c "script": the script is a command line of its own
    if (depth < 3 && t === "-c" && i + 1 < toks.length && out.length >= 2 && SHELLS.has(out[out.length - 2].split("/").pop()!)) {
      out.push(";", ...words(toks[i + 1], depth + 1), ";");
      i++;
    }
  }
  return out;
}

// --- the policy ---

/** The checked-out branch of the session's directory, or "" (as `git symbolic-ref --short -q HEAD` prints it). */
function readBranch(call: Call): string {
  const p = spawnSync("git", ["symbolic-ref", "--short", "-q", "HEAD"], {
    cwd: call.cwd,
    env: call.env,
    stdio: ["ignore", "pipe", "ignore"],
    encoding: "utf8",
    // git must not outlive the condition's time (in the hook's process nothing else would end it)
    timeout: Number.isFinite(call.deadline) ? Math.max(1, Math.floor(call.deadline - Date.now())) : undefined,
    killSignal: "SIGKILL",
  });
  return (p.stdout ?? "").replace(/\n+$/, "");
}

const isMain = (name: string): boolean => {
  const ref = name.startsWith("refs/heads/") ? name.slice("refs/heads/".length) : name;
  return ref === "main" || ref === "master";
};

/** One `git push` to judge: its arguments from word `at` until the next operator. */
interface Push {
  w: string[];
  at: number;
}

/** Returns the pushes of a command line: each git (by basename) whose subcommand is push. */
function pushesIn(w: string[]): Push[] {
  const pushes: Push[] = [];
  for (let k = 0; k < w.length; k++) {
    if ((k & 0xfff) === 0) onTime();
    if (baseName(w[k]) !== "git") continue;
    let j = k + 1;
    // git's global options come before the subcommand; some take a separate value.
    while (j < w.length) {
      if (GIT_VALUE_OPTIONS.has(w[j])) j += 2;
      else if (w[j].startsWith("-")) j++;
      else break;
    }
    if (w[j] === "push") pushes.push({ w, at: j + 1 });
  }
  return pushes;
}

/** Judges the arguments of one `git push`; `branch` reads the current branch (once per call). */
function checkPush({ w, at }: Push, branch: () => string): void {
  const positional: string[] = [];
  let del = false;
  for (let i = at; i < w.length; i++) {
    const a = w[i];
    if (a === ";") break;
    if (a.startsWith("<") || a.startsWith(">")) i++; // a redirection and its target
    else if (a === "--force" || a === "--force-with-lease" || a.startsWith("--force-with-lease=") || a === "--mirror") deny(`force push blocked (${a}): ${FORCE}`);
    else if (a === "--delete") del = true;
    else if (a === "-o" || a === "--push-option" || a === "--repo" || a === "--receive-pack" || a === "--exec") i++;
    else if (a.startsWith("--")) continue;
    else if (a.startsWith("-")) {
      if (a.includes("f")) deny(`force push blocked (${a}): ${FORCE}`);
      if (a.includes("d")) del = true;
    } else positional.push(a);
  }
  // The first positional word is the remote; the others are refspecs.
  for (const refspec of positional.slice(1)) {
    if (refspec.startsWith("+")) deny(`force push blocked (${refspec}): a leading + forces the update; push a new commit instead`);
    const dst = refspec === "HEAD" ? branch() : refspec.slice(refspec.lastIndexOf(":") + 1);
    if (isMain(dst)) {
      if (del || refspec.startsWith(":")) deny(`deleting ${dst} on the remote is blocked`);
      deny(`push to ${dst} blocked (${refspec}): push a branch and open a pull request instead`);
    }
  }
  if (positional.length <= 1) {
    const b = branch();
    if (b && isMain(b)) deny(`push to ${b} blocked (the checked-out branch is ${b}): create a branch, push it and open a pull request`);
  }
}

/** Global options of git that take a separate value. */
const GIT_VALUE_OPTIONS = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env", "--super-prefix"]);

/**
 * The guard: `{ deny }` for a force push or a push to main/master, else nothing. A payload it cannot
 * read is denied (a guard that crashes fails open).
 */
export default function gitGuard(call: Call): Result {
  return within(call.deadline, () => judgeCall(call));
}

function judgeCall(call: Call): Result {
  // Without git among the programs there is nothing to judge (AH_PROGRAMS unset: run directly, judge).
  const programs = call.env.AH_PROGRAMS;
  if (programs !== undefined && call.env.AH_DYNAMIC !== "1" && !` ${programs} `.includes(" git ")) return undefined;
  try {
    let w: string[];
    try {
      w = words(commandOf(call.stdin));
    } catch (err) {
      if (err instanceof TimeUp) throw err;
      deny(`cannot read the payload (${err instanceof Error ? err.message : String(err)}); denied to fail closed`);
    }
    // A word that is not valid Unicode cannot be passed on (Python stops there); a NUL splits a word.
    if (w!.some((x) => !x.isWellFormed())) deny("cannot read the payload (the command holds a lone surrogate); denied to fail closed");
    let branch: string | undefined;
    const current = () => (branch ??= readBranch(call));
    const split: string[] = []; // a loop, not flatMap: cheaper the first time it runs (in the hook's process)
    for (let i = 0; i < w!.length; i++) {
      if ((i & 0xfff) === 0) onTime();
      split.push(...w![i].split("\0"));
    }
    for (const push of pushesIn(split)) checkPush(push, current);
  } catch (err) {
    if (!(err instanceof Deny)) throw err;
    return { deny: `git-guard: ${err.message}` };
  }
  return undefined;
}

if (import.meta.main) runAsScript(gitGuard); // not awaited: importing the module must not make it async
