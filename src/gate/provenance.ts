// Was this hook process started by the harness, or by the agent's own shell tool? Only the first may
// arm the gate: an agent that pipes a forged UserPromptSubmit into `agentihooks hook` must not open it.
// Measured with the real CLIs (Claude Code 2.1.328, Codex 0.169.0, Copilot 1.0.102; SECURITY.md):
//   parent     a hook's parent is the harness process itself (Claude's and Codex's native binaries,
//              Copilot's, OpenCode's: its agentihooks plugin spawns the hook from inside it), or a
//              `sh -c` the harness started for a command-string hook; a command the agent runs has
//              the tool's shell (`bash -c ...`) as its parent
//   session    Claude, Codex and the OpenCode plugin (detached) start each hook as the leader of a
//              session of its own, Copilot in the harness's session with a process group of its own;
//              the agent's tool shell is a session leader, and what it runs is in that session
//   stdin      a hook reads a pipe (Codex, Copilot) or a socket (Claude) the harness holds; no other
//              process near it (the harness's other children, the hook's own) holds it. A redirected
//              file, a terminal or /dev/null is not the harness's payload
//   environment  the harness marks its tool's environment: Claude `AI_AGENT=..._agent` (its hooks get
//              `..._harness`), Codex `CODEX_TOOL_CALL_ID`/`CODEX_THREAD_ID`, Copilot
//              `COPILOT_AGENT_SESSION_ID`, OpenCode `OPENCODE_PID` (the plugin drops it); a hook's
//              environment has none of them
// Each is a test a naive forgery fails. An agent that scrubs its environment and makes its own
// harness-like parent can pass them all; no check inside a process of the same user can tell (see
// SECURITY.md). Without /proc (macOS), only the environment and stdin are checked.
import { fstatSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import type { Target } from "../types";

export interface Origin {
  ok: boolean;
  why: string;
}

/** Variables a harness sets for its agent's tool commands and never for its hooks. */
const TOOL_MARKERS: { name: string; test: (v: string) => boolean; harness: string }[] = [
  { name: "AI_AGENT", test: (v) => /_agent$/i.test(v), harness: "Claude Code" },
  { name: "CODEX_TOOL_CALL_ID", test: () => true, harness: "Codex" },
  { name: "CODEX_THREAD_ID", test: () => true, harness: "Codex" },
  { name: "COPILOT_AGENT_SESSION_ID", test: () => true, harness: "Copilot" },
  // OpenCode sets it in its own environment, which its tools inherit; the agentihooks plugin drops it from its hooks'
  { name: "OPENCODE_PID", test: () => true, harness: "OpenCode" },
];

/** Shells a harness may put between itself and a command-string hook (`sh -c '<hook command>'`). */
const SHELLS = new Set(["sh", "bash", "dash", "zsh", "ksh", "mksh", "busybox"]);
const MAX_WRAPPERS = 2;

type Kind = "claude" | "codex" | "copilot" | "opencode";

interface Proc {
  pid: number;
  ppid: number;
  pgrp: number;
  session: number;
  exe: string;
  argv: string[];
}

/** Returns whether this process was started by a harness (and why not). */
export function startedByHarness(_target: Target, env: Record<string, string | undefined> = process.env): Origin {
  for (const m of TOOL_MARKERS) {
    const v = env[m.name];
    if (v !== undefined && m.test(v)) return { ok: false, why: `the hook runs in ${m.harness}'s tool environment (${m.name} is set): it was started by the agent's shell, not by the harness` };
  }
  const stdin = stdinKind();
  if (stdin !== "pipe" && stdin !== "socket") return { ok: false, why: `the payload came from ${stdin}, not from the harness` };
  if (isNamedFifo()) return { ok: false, why: "the payload came from a named FIFO, not from the harness's pipe" };
  const self = proc("self");
  if (!self) return { ok: true, why: "no process table to check (environment and stdin checked)" };
  return checkAncestry(self);
}

function checkAncestry(self: Proc): Origin {
  let below = self;
  let parent = proc(self.ppid);
  const wrappers: Proc[] = [];
  while (parent && wrappers.length < MAX_WRAPPERS && isHookShell(parent)) {
    wrappers.push(parent);
    below = parent;
    parent = proc(parent.ppid);
  }
  const kind = parent ? harnessKind(parent) : undefined;
  if (!parent || !kind) {
    const who = parent ? `${base(parent.exe)} (${parent.argv.slice(0, 3).join(" ")})` : `process ${self.ppid}`;
    return { ok: false, why: `the hook's parent is ${who}, not a harness` };
  }
  // Claude and Codex start a hook as a session leader; Copilot keeps it in its own session.
  if (below.pgrp !== below.pid) return { ok: false, why: "the hook does not lead its own process group, as a harness starts it" };
  const sessionOk = kind === "copilot" ? below.session === parent.session : below.session === below.pid;
  if (!sessionOk) return { ok: false, why: `the hook's session is not the one ${kind} gives its hooks` };
  const foreign = foreignStdinHolders(self, [self.pid, ...wrappers.map((w) => w.pid), parent.pid]);
  if (foreign.length) return { ok: false, why: `another process (${foreign.join(", ")}) holds the hook's stdin` };
  return { ok: true, why: `started by ${kind} (process ${parent.pid})` };
}

/**
 * True for `sh -c '<this executable> hook ...'`: the shell a harness starts for a command-string hook.
 * A shell running anything else (the agent's tool shell: `bash -c 'env ... agentihooks hook'`) is not.
 */
function isHookShell(p: Proc): boolean {
  if (!SHELLS.has(base(p.exe)) && !SHELLS.has(base(p.argv[0] ?? ""))) return false;
  const flag = p.argv.findIndex((a, i) => i > 0 && /^-[a-z]*c[a-z]*$/.test(a));
  const script = flag > 0 ? p.argv[flag + 1] : undefined;
  const m = script ? /^\s*(?:exec\s+)?(['"]?)([^'"\s]+)\1\s+hook(?:\s|$)/.exec(script) : null;
  return !!m && (/^agentihooks/i.test(base(m[2])) || m[2] === process.execPath);
}

/** Returns the harness a process is, by its executable or the script it runs, or undefined. */
function harnessKind(p: Proc): Kind | undefined {
  const names = [base(p.exe), ...p.argv.slice(0, 3).map(base)];
  for (const n of names) {
    const m = /^(claude|codex|copilot|opencode)(?:$|[-_.])/.exec(n);
    if (m) return m[1] as Kind;
  }
  const cmd = p.argv.slice(0, 3).join(" ");
  if (/@anthropic-ai\/claude-code/.test(cmd)) return "claude";
  if (/@openai\/codex/.test(cmd)) return "codex";
  if (/@github\/copilot/.test(cmd)) return "copilot";
  return undefined;
}

const base = (p: string) => p.slice(p.lastIndexOf("/") + 1).toLowerCase();

function stdinKind(): string {
  try {
    const st = fstatSync(0);
    if (st.isFIFO()) return "pipe";
    if (st.isSocket()) return "socket";
    if (st.isFile()) return "a file";
    if (st.isCharacterDevice()) return "a terminal or device";
    return "an unusual stdin";
  } catch {
    return "a closed stdin";
  }
}

/** True when stdin is a FIFO with a name on disk (a harness hands an anonymous pipe). */
function isNamedFifo(): boolean {
  try {
    const target = readlinkSync("/proc/self/fd/0");
    return !target.startsWith("pipe:") && !target.startsWith("socket:");
  } catch {
    return false; // no /proc: cannot tell
  }
}

/** Returns /proc/<pid>'s parent, group, session, executable and argv, or undefined without /proc. */
function proc(pid: number | "self"): Proc | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    let exe = "";
    try {
      exe = readlinkSync(`/proc/${pid}/exe`);
    } catch {}
    const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    const id = pid === "self" ? Number(stat.slice(0, stat.indexOf(" "))) : pid;
    return { pid: id, ppid: Number(rest[1]), pgrp: Number(rest[2]), session: Number(rest[3]), exe: exe || argv[0] || "", argv };
  } catch {
    return undefined;
  }
}

/**
 * Returns the processes other than `allowed` that hold the pipe on this process's stdin. Only the
 * processes near the hook are looked at (the harness's other children, and the hook's own): a
 * payload forged from the shell comes from one of them (a process substitution, a `cat` in a pipe),
 * and listing every process of a busy machine would cost seconds.
 */
function foreignStdinHolders(self: Proc, allowed: number[]): string[] {
  let target: string;
  try {
    target = readlinkSync("/proc/self/fd/0");
  } catch {
    return [];
  }
  if (!target.startsWith("pipe:")) return []; // a socketpair's other end is another inode: nothing to match
  const near = new Set<number>();
  for (const pid of allowed) for (const c of children(pid)) near.add(c);
  const out: string[] = [];
  for (const pid of near) {
    if (allowed.includes(pid)) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === target) {
          out.push(`${base(proc(pid)?.exe ?? "?")} ${pid}`);
          break;
        }
      } catch {}
    }
    if (out.length >= 3) break;
  }
  return out;
}

/** Returns a process's children (every thread's), from /proc/<pid>/task/<tid>/children. */
function children(pid: number): number[] {
  const out: number[] = [];
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const t of tasks.slice(0, 256)) {
    try {
      for (const c of readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").split(" ")) if (c.trim()) out.push(Number(c));
    } catch {}
  }
  return out;
}

/**
 * Returns why this process looks started through an agent (a harness's tool environment, or a harness
 * among its ancestors), or undefined. A person's own commands (`agentihooks trust`) refuse then: the
 * gate denies them to the agent's shell, and this catches the spellings a shell line can hide.
 */
export function underAgent(env: Record<string, string | undefined> = process.env): string | undefined {
  for (const m of TOOL_MARKERS) {
    const v = env[m.name];
    if (v !== undefined && m.test(v)) return `${m.name} is set: this runs in ${m.harness}'s tool environment`;
  }
  let p = proc("self");
  for (let i = 0; p && p.ppid > 1 && i < 64; i++) {
    p = proc(p.ppid);
    const kind = p && harnessKind(p);
    if (p && kind) return `it runs under ${kind} (process ${p.pid})`;
  }
  return undefined;
}
