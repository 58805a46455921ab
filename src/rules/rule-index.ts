// Which rules of a rules file a call can make answer. A rule fires on a Bash line only through the
// programs it names (any of them when the line may run any program), and on a file tool only through
// the tools it names: so a call judges the rules of the programs its line runs and of its tool, and
// never looks at the others. A git line's subcommand is known from its invocation (facts/git.ts, after
// its options and aliases): it judges only the rules of that subcommand and those naming none. The
// built-in packs come with their index made at build time (scripts/gen-packs.ts); a person's rules
// file is indexed when it is read.
import type { LineFacts } from "../facts/facts";
import { gitInvocation } from "../facts/git";
import type { RulesFile } from "./types";

export interface RulesIndex {
  /** Program -> the positions of the rules naming it, ascending. */
  programs: Record<string, number[]>;
  /** The positions of the rules naming a program. */
  anyProgram: number[];
  /** Tool, lower case -> the positions of the rules naming it, ascending. */
  tools: Record<string, number[]>;
  /** The rules naming git: the first word of a subcommand they name -> their positions ("" those naming none). */
  git?: Record<string, number[]>;
}

/** Returns the index of `file`'s rules. */
export function indexRules(file: RulesFile): RulesIndex {
  const out: RulesIndex = { programs: {}, anyProgram: [], tools: {} };
  const add = (map: Record<string, number[]>, key: string, i: number) => {
    const list = Object.hasOwn(map, key) ? map[key] : (map[key] = []);
    if (list[list.length - 1] !== i) list.push(i);
  };
  for (const [i, r] of (file.rule ?? []).entries()) {
    if (r.program !== undefined) {
      out.anyProgram.push(i);
      const programs = typeof r.program === "string" ? [r.program] : r.program;
      for (const p of programs) add(out.programs, p, i);
      if (programs.includes("git")) {
        const subs = r.subcommand === undefined ? [] : typeof r.subcommand === "string" ? [r.subcommand] : r.subcommand;
        out.git ??= {};
        for (const s of subs.length ? subs : [""]) add(out.git, s.split(/\s+/)[0], i);
      }
    }
    for (const t of r.tools ?? []) add(out.tools, t.toLowerCase(), i);
  }
  return out;
}

/**
 * Returns the programs a line runs, null among them when one is only known when it runs (a command
 * with no program that is not dynamic, an assignment alone, counts as "").
 */
export function linePrograms(facts: LineFacts): Set<string | null> {
  return new Set(facts.commands.map((c) => (c.program === null && !c.dynamic ? "" : c.program)));
}

/**
 * Returns the positions of the rules that may answer a call, ascending: those of the programs the line
 * runs (`facts`, a Bash call's; every rule naming a program when the line may run any), and those of
 * the tool when it names paths.
 */
export function rulesFor(index: RulesIndex, call: { tool: string; facts?: LineFacts; paths?: readonly string[]; programs?: Set<string | null> }): number[] {
  const lists: number[][] = [];
  if (call.facts) {
    const programs = (call.programs ??= linePrograms(call.facts));
    if (call.facts.dynamic || programs.has(null)) lists.push(index.anyProgram);
    else
      for (const p of programs) {
        if (p === null || !Object.hasOwn(index.programs, p)) continue;
        const bySubcommand = p === "git" && index.git ? gitRules(index.git, call.facts) : undefined;
        lists.push(...(bySubcommand ?? [index.programs[p]]));
      }
  }
  const tool = call.tool.toLowerCase();
  if (call.paths?.length && Object.hasOwn(index.tools, tool)) lists.push(index.tools[tool]);
  if (lists.length < 2) return lists[0] ?? [];
  return [...new Set(lists.flat())].sort((a, b) => a - b);
}

/**
 * Returns the rule lists of the line's git commands by their subcommands (matchCommand says NO to a rule
 * naming only others), or undefined when one of them has no subcommand known (every git rule may answer).
 */
function gitRules(bySub: Record<string, number[]>, facts: LineFacts): number[][] | undefined {
  const lists: number[][] = [];
  if (Object.hasOwn(bySub, "")) lists.push(bySub[""]);
  for (const c of facts.commands) {
    const sub = gitInvocation(c)?.sub;
    if (sub === null) return undefined;
    if (sub !== undefined && Object.hasOwn(bySub, sub)) lists.push(bySub[sub]);
  }
  return lists;
}
