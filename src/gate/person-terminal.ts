// Whether this process is a person's command at their own terminal, for the acts only a person may do
// (`agentihooks trust`): stdin and stdout are terminals, the terminal on stdin is the process's
// controlling terminal and this process is in its foreground (a line detached with `setsid -f`, or
// run in the background, has neither), and no harness's tool environment or process is around it
// (provenance.ts). The agent's shell gives none of these by itself; a process that makes its own
// pseudo-terminal (`script`, `expect`) can pass the terminal part, which is why the gate also denies
// every line that may run agentihooks for a person's act, whatever the program's name.
import { fstatSync, readFileSync } from "node:fs";
import { isatty } from "node:tty";
import { underAgent } from "./provenance";

/** Returns why this is not a person's own terminal, or undefined when it is. */
export function notPersonTerminal(env: Record<string, string | undefined> = process.env): string | undefined {
  if (!isatty(0) || !isatty(1)) return "its input and output are not a terminal";
  const agent = underAgent(env);
  if (agent) return agent;
  let stat: string;
  try {
    stat = readFileSync("/proc/self/stat", "utf8");
  } catch {
    return undefined; // no process table (not Linux): the terminal and harness checks above stand
  }
  // fields after the command name (which may hold spaces and parentheses): state ppid pgrp session tty_nr tpgid
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const pgrp = Number(f[2]);
  const ttyNr = Number(f[4]);
  const tpgid = Number(f[5]);
  if (!ttyNr) return "it has no controlling terminal (detached from the terminal it was started in)";
  let rdev = -1;
  try {
    rdev = fstatSync(0).rdev;
  } catch {}
  if (rdev !== ttyNr) return "its input is not its controlling terminal";
  if (tpgid !== pgrp) return "it does not run in the foreground of its terminal";
  return undefined;
}
