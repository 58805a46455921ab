// Command facts: the shell analysis of one Bash line, turned into what a rule or a condition judges.
// Every simple command the line runs (through wrappers, `bash -c`, xargs, find -exec, git aliases and
// interpreters' inline code: the analyzer's walk), with its words' values where static, its
// redirections, the folder it runs in where `cd` tells it, and the carriers that reached it. Nothing
// here parses shell: src/shell/ does, once; this reads its public answer (analyze.ts).
import type { CommandFact, FactWord, LineFacts } from "../../conditions-examples/_src/condition";
import { type ShellAnalysis, analyze } from "../shell/analyze";
import type { CommandInfo } from "../shell/programs";
import { GLOB, type Word } from "../shell/scan";
import { CwdTracker, type Where } from "./cwd";
import { aliasRun, undashGit } from "./git";

export type { CommandFact, FactWord, LineFacts } from "../../conditions-examples/_src/condition";

export type { Where } from "./cwd";

/** Returns the facts of the command line `command` run in `where`. */
export function commandFacts(command: string, where: Where): LineFacts {
  return factsOfAnalysis(analyze(command), where);
}

/** Returns the facts of an analysis already made (the hook analyzes each line once). */
export function factsOfAnalysis(a: Pick<ShellAnalysis, "commands" | "dynamic" | "why">, where: Where): LineFacts {
  const cwd = new CwdTracker(where);
  const viaAt: string[][] = [];
  const commands: CommandFact[] = [];
  for (const c of a.commands) {
    const outer = c.depth > 0 ? (viaAt[c.depth - 1] ?? []) : [];
    const via = c.via ? [...outer, c.via] : outer;
    viaAt[c.depth] = via;
    viaAt.length = c.depth + 1;
    const fact = factOf(c, via, cwd.at(c.depth));
    cwd.follow(fact, c.depth);
    const command = undashGit(fact);
    commands.push(command);
    const alias = aliasRun(command); // `git -c alias.p='push -f' p` runs `git push -f`
    if (alias) commands.push(alias);
  }
  return { commands, dynamic: a.dynamic, why: a.why.map((w) => ({ construct: w.construct, message: w.message, text: w.text })) };
}

/** Returns a word's fact: its value where static (a glob keeps its pattern), else null. */
export function wordFact(w: Pick<Word, "text" | "raw" | "flags">): FactWord {
  if (w.flags === 0) return { value: w.text, raw: w.raw };
  if (w.flags === GLOB) return { value: w.text, raw: w.raw, glob: true };
  return { value: null, raw: w.raw };
}

// --- internal ---

function factOf(c: CommandInfo, via: string[], cwd: string | null): CommandFact {
  const words = c.words ?? [];
  const argWords = c.args.length ? words.slice(words.length - c.args.length) : [];
  const args: FactWord[] = argWords.length === c.args.length ? argWords.map(wordFact) : c.args.map((t) => ({ value: t, raw: t }));
  const programWord = c.program !== null ? words[words.length - c.args.length - 1] : undefined;
  const redirects = c.redirects.map((r) => {
    const target = r.word ? wordFact(r.word) : { value: r.target, raw: r.target };
    return r.fd ? { op: r.op, fd: r.fd, target } : { op: r.op, target };
  });
  const dynamic = !!c.dynamic || args.some((w) => w.value === null || w.glob) || redirects.some((r) => r.target.value === null);
  return {
    program: c.program,
    path: programWord && programWord.flags === 0 ? programWord.text : c.program,
    args,
    redirects,
    cwd,
    via,
    wrappers: c.wrappers ?? [],
    dynamic: dynamic || (c.program === null && !!c.dynamic),
    effects: c.effects ?? [],
  };
}
