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
export interface Payload {
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
export interface Call {
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
export interface Answer {
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
export type Result = void | undefined | string | { deny: string } | Answer;

export type Condition = (call: Call) => Result | Promise<Result>;

/** One word of a command: its value after quote removal where static, null where an expansion makes it. */
export interface FactWord {
  value: string | null;
  /** The word as written in the line. */
  raw: string;
  /** Only a glob makes it not static (`/tmp/*.log`): `value` is the pattern, quotes removed. */
  glob?: true;
}

/** One simple command the line runs, as the shell analyzer resolved it (docs/typescript-conditions.md). */
export interface CommandFact {
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
export interface LineFacts {
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
export function factsOf(call: Call): LineFacts | undefined {
  if (call.facts) return call.facts;
  const text = call.env.AH_FACTS;
  if (!text) return undefined;
  const facts = JSON.parse(text) as LineFacts;
  return Array.isArray(facts?.commands) ? facts : undefined;
}

/** The script contract's streams for a result: the exit code, stdout and stderr. */
export interface Streams {
  exit: number;
  stdout: string;
  stderr: string;
}

/** Returns the exit code and output that stand for `result` in the script contract. */
export function answerStreams(result: Result): Streams {
  if (result === undefined || result === null) return { exit: 0, stdout: "", stderr: "" };
  if (typeof result === "string") return { exit: 0, stdout: result, stderr: "" };
  if ("deny" in result) return { exit: 2, stdout: "", stderr: `${result.deny}\n` };
  return { exit: 0, stdout: `${JSON.stringify(result)}\n`, stderr: "" };
}

/** Returns the payload of a call; throws when stdin is not UTF-8 JSON holding an object. */
export function payloadOf(call: Call): Payload {
  const value: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(call.stdin));
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("the payload is not a JSON object");
  return value as Payload;
}

/**
 * Runs `condition` as a script: the call from stdin, process.env and process.cwd(), the answer as the
 * exit code and output. Call it under `if (import.meta.main)`, so importing the module runs nothing.
 */
export async function runAsScript(condition: Condition): Promise<void> {
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
