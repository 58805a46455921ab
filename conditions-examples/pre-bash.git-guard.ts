#!/usr/bin/env bun
// pre-bash.git-guard.ts: deny force pushes and pushes to main/master (a TypeScript condition on the
// command facts; the built-in `default` profile's git pack, pre-bash-git.rules.toml, does the same as rules).
//
// What it does
//   Denies (exit 2, reason on stderr) a Bash call that runs `git push` with
//     - a force flag: --force, -f (also inside bundles such as -uf), --mirror, a "+refspec"
//       (git push origin +feature); --force-with-lease passes, unless it pushes to main/master;
//     - a destination main or master: `origin main`, `HEAD:main`, `heads/main`, `feature:refs/heads/master`,
//       a deletion `:main` / `--delete main`, the matching refspec `:`, `--all`, or a bare `git push` /
//       `git push origin` / `HEAD` while the checked-out branch where it runs is main or master.
//   Everything else (pushes of feature branches, every other git command) passes without a word.
//
// How it reads the call
//   From the command facts agentihooks gives every condition of a Bash call (`factsOf(call)`, from
//   AH_FACTS; docs/typescript-conditions.md): each simple command the line runs, through wrappers,
//   `bash -c`, xargs, find -exec, $(...), with its words' values after quote removal ($'--force', a
//   line continuation inside a word) and the folder a static `cd` took it to. `/usr/lib/git-core/git-push`
//   is `git push`; `git -C dir` and `-c remote.NAME.push=+ref` are read; a git alias given with
//   `-c alias.NAME=...` is denied when it is pushed through. Run without agentihooks (no facts), or
//   on a payload it cannot read, it denies: a guard that crashes fails open.
//
// Where to put it
//   Any layer, as it is. `bash.git` in the name makes agentihooks run it only when the line may run git.
//
// Harness caveats
//   Claude Code, Codex and Copilot all honour a PreToolUse deny (agentihooks answers exit 2 + reason).
//   The current branch is read with `git symbolic-ref` (only for a push without a refspec, or to HEAD);
//   when it cannot be read (no git, not a repository, detached HEAD) a bare `git push` is let through.
//
// Requires: nothing (Bun or node built-ins only; git itself to read the current branch).
//
// Built by `make examples` from conditions-examples/_src/pre-bash.git-guard.ts
// and the modules it shares with other examples (_src/condition.ts):
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

const FORCE = "rewriting published history loses other people's work; push a new commit instead";
const PROTECTED = new Set(["main", "master"]);
/** git's global options that take the next word. */
const GIT_VALUED = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env", "--super-prefix"]);
/** git push's long options (for abbreviations: git takes any unique prefix) and those that take a value. */
const PUSH_LONG = ["--force", "--force-with-lease", "--force-if-includes", "--mirror", "--all", "--branches", "--delete", "--tags", "--set-upstream", "--dry-run", "--push-option", "--repo", "--receive-pack", "--exec", "--atomic", "--prune", "--verbose", "--quiet", "--porcelain", "--no-verify", "--follow-tags", "--signed", "--thin"];
const PUSH_VALUED = new Set(["-o", "--push-option", "--repo", "--receive-pack", "--exec"]);

class Deny extends Error {}

const deny = (reason: string): never => {
  throw new Deny(reason);
};

/** The guard: `{ deny }` for a force push or a push to main/master, else nothing. */
export default function gitGuard(call: Call): Result {
  try {
    const payload = payloadOf(call);
    if (typeof payload.tool_input?.command !== "string") deny("a Bash call without a command string; denied to fail closed");
    const facts = factsOf(call);
    if (!facts) deny("no command facts (run it as an agentihooks condition); denied to fail closed");
    for (const c of facts!.commands) {
      const push = pushOf(c);
      if (push) checkPush(push, c.cwd, call);
    }
  } catch (err) {
    if (err instanceof Deny) return { deny: `git-guard: ${err.message}` };
    return { deny: `git-guard: cannot read the payload (${err instanceof Error ? err.message : String(err)}); denied to fail closed` };
  }
  return undefined;
}

/** The words of a `git push` (after git's own options), with the folder it runs in; undefined for any other command. */
function pushOf(c: CommandFact): { words: FactWord[]; cwd: string | null; settings: string[] } | undefined {
  if (c.program === "git-push") return { words: c.args, cwd: c.cwd, settings: [] };
  if (c.program !== "git") return undefined;
  let cwd = c.cwd;
  const settings: string[] = [];
  let i = 0;
  for (; i < c.args.length; i++) {
    const t = c.args[i].value;
    if (t === null || !t.startsWith("-")) break;
    if (!GIT_VALUED.has(t)) continue;
    const value = c.args[++i]?.value;
    if (value === null || value === undefined) deny(`git ${t} is given a value only known when it runs`);
    if (t === "-C") cwd = cwd === null || value!.startsWith("/") ? value! : `${cwd}/${value}`;
    if (t === "-c") settings.push(value!);
  }
  const sub = c.args[i]?.value;
  if (sub && settings.some((s) => s.toLowerCase().startsWith(`alias.${sub.toLowerCase()}=`))) deny(`git ${sub} runs an alias given with -c; push by name instead`);
  return sub === "push" ? { words: c.args.slice(i + 1), cwd, settings } : undefined;
}

function checkPush(push: { words: FactWord[]; cwd: string | null; settings: string[] }, cwd: string | null, call: Call): void {
  const positional: string[] = [];
  let unknown = false;
  for (let i = 0; i < push.words.length; i++) {
    const a = push.words[i].value;
    if (a === null) {
      unknown = true;
      continue;
    }
    if (a === "--") {
      positional.push(...push.words.slice(i + 1).map((w) => w.value ?? ""));
      break;
    }
    if (a.startsWith("--")) {
      const written = a.split("=")[0];
      const name = PUSH_LONG.includes(written) ? written : (PUSH_LONG.filter((o) => o.startsWith(written)).length === 1 ? PUSH_LONG.find((o) => o.startsWith(written))! : written);
      if (name === "--force" || name === "--mirror") deny(`force push blocked (${a}): ${FORCE}`);
      if (name === "--all" || name === "--branches") deny(`push of every branch blocked (${a}): it pushes main/master too`);
      if (PUSH_VALUED.has(name) && !a.includes("=")) i++;
    } else if (a.startsWith("-") && a !== "-") {
      for (const ch of a.slice(1)) {
        if (ch === "f") deny(`force push blocked (${a}): ${FORCE}`);
        if (ch === "o") {
          if (a.endsWith("o")) i++;
          break;
        }
      }
    } else positional.push(a);
  }
  for (const s of push.settings) {
    const m = /^remote\.[^=]*\.push=(.*)$/i.exec(s);
    if (m && positional.length <= 1) positional.push(...(positional.length ? [] : ["origin"]), m[1]);
    if (/^remote\.[^=]*\.mirror=(?:true|yes|on|1)$/i.test(s)) deny("force push blocked (-c remote.*.mirror): a mirror push overwrites every ref");
  }
  let branch: string | undefined;
  const current = () => (branch ??= readBranch(push.cwd ?? cwd, call));
  // The first positional word is the remote; the others are refspecs.
  for (const refspec of positional.slice(1)) {
    if (refspec.startsWith("+")) deny(`force push blocked (${refspec}): a leading + forces the update; push a new commit instead`);
    const dst = refspec.slice(refspec.lastIndexOf(":") + 1).replace(/^refs\/heads\/|^heads\//, "");
    if (refspec === ":") deny("push of the matching refspec `:` blocked: it pushes main/master too");
    const target = dst === "HEAD" ? current() : dst;
    if (PROTECTED.has(target)) deny(refspec.startsWith(":") ? `deleting ${target} on the remote is blocked` : `push to ${target} blocked (${refspec}): push a branch and open a pull request instead`);
  }
  if (positional.length <= 1 && !unknown) {
    const b = current();
    if (PROTECTED.has(b)) deny(`push to ${b} blocked (the checked-out branch is ${b}): create a branch, push it and open a pull request`);
  }
}

/** The checked-out branch of `dir`, or "" (as `git symbolic-ref --short -q HEAD` prints it). */
function readBranch(dir: string | null, call: Call): string {
  if (dir === null) return "";
  const p = spawnSync("git", ["symbolic-ref", "--short", "-q", "HEAD"], {
    cwd: dir.startsWith("/") ? dir : `${call.cwd}/${dir}`,
    env: call.env,
    stdio: ["ignore", "pipe", "ignore"],
    encoding: "utf8",
    // git must not outlive the condition's time
    timeout: Number.isFinite(call.deadline) ? Math.max(1, Math.floor(call.deadline - Date.now())) : undefined,
    killSignal: "SIGKILL",
  });
  return (p.stdout ?? "").replace(/\n+$/, "");
}

if (import.meta.main) runAsScript(gitGuard); // not awaited: importing the module must not make it async
