// The built-in `approve-readonly` condition (pre-bash-approve_readonly.ts): answers allow for a Bash line
// that only reads, so the harness does not ask the person about `ls`, `git log` or `grep -r x src`.
// "Only reads" is the gate's read-only table (src/gate/read-only.ts: every program in it and its
// arguments passing that program's check, no effect recorded, nothing dynamic, nothing redirected into a
// file), and, on top of it, git's subcommands that change the repository: the gate lets `git commit`
// and `git push` through because they leave the condition layers' files alone, but they are not reads.
// An allow is the weakest answer (src/merge.ts: deny > ask > allow): any other condition's deny or ask
// wins over it. It answers nothing for anything else, so the harness asks as it would without it.
import type { Call, Result } from "../../conditions-examples/_src/condition";
import { payloadOf } from "../../conditions-examples/_src/condition";
import { readOnlyProblem } from "../gate/read-only";
import type { CommandInfo } from "../shell/programs";
import { analyze } from "../shell/analyze";

/** git subcommands that only read, with the forms of the listing ones that would write. */
const GIT_READS: Readonly<Record<string, (operands: string[], options: string[]) => boolean>> = {
  status: () => true, diff: () => true, log: () => true, show: () => true, blame: () => true, "ls-files": () => true,
  "ls-tree": () => true, "rev-parse": () => true, grep: () => true, describe: () => true, shortlog: () => true,
  "cat-file": () => true, "rev-list": () => true, "show-ref": () => true, "for-each-ref": () => true,
  "merge-base": () => true, "name-rev": () => true, "ls-remote": () => true, whatchanged: () => true,
  // `git branch NAME` and `git tag NAME` create one; `-d`, `-m`, `-f` delete, move, force
  branch: (ops, opts) => ops.length === 0 && !opts.some((o) => /^-[dDmMcCfu]|^--(delete|move|copy|force|set-upstream|unset-upstream|edit-description)/.test(o)),
  tag: (ops, opts) => opts.some((o) => /^-l$|^--list$/.test(o)) || (ops.length === 0 && !opts.some((o) => /^-[dfsau]|^--(delete|force|sign|annotate)/.test(o))),
  reflog: (ops) => ops.length === 0 || ops[0] === "show",
  remote: (ops) => ops.length === 0 || ops[0] === "show" || ops[0] === "get-url",
  stash: (ops) => ops[0] === "list" || ops[0] === "show",
  config: (ops, opts) => opts.some((o) => /^--(get|get-all|get-regexp|list)$|^-l$/.test(o)),
};

/** git options that take the next word (`git -C dir status`). */
const GIT_VALUE_OPTIONS = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env"]);

/** Returns why a git command is not a read, or undefined when it only reads. */
function gitProblem(args: string[]): string | undefined {
  let i = 0;
  while (i < args.length && args[i].startsWith("-")) i += GIT_VALUE_OPTIONS.has(args[i]) ? 2 : 1;
  const sub = args[i];
  const rest = args.slice(i + 1);
  const check = sub !== undefined && Object.hasOwn(GIT_READS, sub) ? GIT_READS[sub] : undefined;
  const ok = check?.(
    rest.filter((a) => !a.startsWith("-")),
    rest.filter((a) => a.startsWith("-")),
  );
  return ok ? undefined : `git ${sub ?? ""} changes the repository`;
}

/** Returns why the line is not read-only, or undefined when every program of it only reads. */
export function notReadOnly(command: string): string | undefined {
  const a = analyze(command);
  if (a.issues?.length) return `cannot be analyzed (${a.issues[0].message})`;
  const problem = readOnlyProblem(a.commands, a);
  if (problem) return problem;
  for (const c of a.commands as CommandInfo[]) {
    // `d=~/.ssh; cat $d/id_rsa`: what a read-only program reads must be known, or the packs cannot judge it
    if (c.argsExpand) return `gives ${c.program} an argument only known when the line runs`;
    const git = c.program === "git" ? gitProblem(c.args) : undefined;
    if (git) return git;
  }
  return undefined;
}

/** The condition: allow a Bash line that only reads; no answer otherwise. */
export default function approveReadonly(call: Call): Result {
  const p = payloadOf(call);
  const command = p.tool_input?.command;
  if (typeof command !== "string" || !command.trim()) return undefined;
  if (notReadOnly(command) !== undefined) return undefined;
  return { decision: "allow", reason: "approve-readonly: every program of this line only reads, and nothing is written to a file" };
}

/**
 * The same allow on Codex's PermissionRequest (permission-bash-approve_readonly.ts). Codex does not let
 * a PreToolUse allow skip its approval (measured on 0.169: an escalated command still goes to review),
 * but it runs a command whose PermissionRequest is allowed. Only for Codex: there a PreToolUse ask is
 * sent as a deny, so a call that reaches PermissionRequest was asked about by no condition. Claude Code
 * fires PermissionRequest after a PreToolUse ask, where this allow would lift another condition's ask.
 */
export function approveReadonlyPermission(call: Call): Result {
  return call.env.AH_TARGET === "codex" ? approveReadonly(call) : undefined;
}
