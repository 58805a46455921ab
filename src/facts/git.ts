// git as rules see it: the global options before the subcommand read (`-C DIR` moves it, `-c KEY=VALUE`
// settings), the subcommand found (through an alias given with `-c alias.NAME=...`, and the dashed
// form `git-push` that git's exec-path holds), and the settings that change what `git push` pushes
// folded into its words (`remote.<name>.push` refspecs, `remote.<name>.mirror`). What the repository's
// own config or the person's ~/.gitconfig holds is not read (aliases there are not seen through).
import { resolve } from "node:path";
import type { CommandFact, FactWord } from "../../conditions-examples/_src/condition";
import { analyze } from "../shell/analyze";

/** git's subcommands that exist as `git-<name>` programs in its exec-path (the ones rules judge). */
const DASHED = new Set([
  "push", "reset", "clean", "checkout", "restore", "switch", "stash", "branch", "tag", "rebase", "merge", "commit", "filter-branch",
  "reflog", "gc", "prune", "update-ref", "rm", "mv", "config", "remote", "send-pack", "symbolic-ref", "worktree", "submodule", "fetch", "pull",
]);

/** Global options that take the next word as their value. */
const VALUED = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--super-prefix", "--config-env", "--list-cmds", "--attr-source"]);

/** git as its subcommand sees it. */
export interface GitInvocation {
  /** The subcommand (after an alias), null when none or not static. */
  sub: string | null;
  /** The words after the subcommand, with what settings add (see above). */
  args: FactWord[];
  /** The folder git works in (`-C` applied), null when unknown. */
  cwd: string | null;
  /** Why what git does is only known when it runs (a setting or alias not static), else undefined. */
  dynamic?: string;
  /** The alias (given with `-c alias.NAME=...`) the subcommand came from. */
  alias?: string;
}

/** Returns `git-push ARGS` (by its program name) as `git push ARGS`; any other command as it is. */
export function undashGit(c: CommandFact): CommandFact {
  const name = c.program;
  if (!name?.startsWith("git-") || !DASHED.has(name.slice(4))) return c;
  return { ...c, program: "git", args: [{ value: name.slice(4), raw: name.slice(4) }, ...c.args] };
}

const seen = new WeakMap<CommandFact, GitInvocation>();

/** Returns what a git command runs as, or undefined when `c` is not git (once per command: rules ask often). */
export function gitInvocation(c: CommandFact): GitInvocation | undefined {
  if (c.program !== "git") return undefined;
  let known = seen.get(c);
  if (!known) seen.set(c, (known = readGit(c)));
  return known;
}

// --- internal ---

function readGit(c: CommandFact): GitInvocation {
  let cwd = c.cwd;
  const settings: [string, string | null][] = [];
  let dynamic: string | undefined;
  /** The keys of settings whose value is only known when it runs ("" when the key is not known either). */
  const unknownKeys: string[] = [];
  let i = 0;
  for (; i < c.args.length; i++) {
    const w = c.args[i];
    if (w.value === null || w.glob) return { sub: null, args: c.args.slice(i), cwd, dynamic: "a word where git's options or subcommand could be is only known when it runs" };
    const t = w.value;
    if (!t.startsWith("-")) break;
    const eq = t.indexOf("=");
    // `--git-dir=x`, and the short ones attached: `-Crepo`, `-calias.p=push`
    const attached = /^-[Cc]./.test(t);
    const name = attached ? t.slice(0, 2) : t.startsWith("--") && eq > 0 ? t.slice(0, eq) : t;
    if (!VALUED.has(name)) continue;
    const value = attached ? { value: t.slice(2), raw: t } : eq > 0 && name !== t ? { value: t.slice(eq + 1), raw: t } : c.args[++i];
    if (!value) break;
    if (name === "-C") cwd = value.value === null || value.glob || cwd === null ? null : resolve(cwd, value.value);
    if (name === "-c") {
      if (value.value !== null) settings.push(splitSetting(value.value));
      else {
        dynamic = "git -c is given a setting only known when it runs";
        unknownKeys.push(/^["']?([A-Za-z][\w.-]*)=/.exec(value.raw)?.[1]?.toLowerCase() ?? "");
      }
    }
    if (name === "--config-env") dynamic = "git --config-env takes a setting's value from the environment";
  }
  const subWord = c.args[i];
  let sub = subWord?.value ?? null;
  let args = c.args.slice(i + 1);
  // a subcommand that is not git's own may be an alias whose value is only known when it runs
  if (sub !== null && !DASHED.has(sub) && unknownKeys.some((k) => k === "" || k === `alias.${sub!.toLowerCase()}`)) {
    return { sub: null, args, cwd, dynamic: `git ${sub} may be an alias given with -c, only known when it runs` };
  }
  const alias = sub === null ? undefined : settings.find(([k]) => k.toLowerCase() === `alias.${sub!.toLowerCase()}`);
  if (alias) {
    const expanded = expandAlias(alias[1]);
    if (!expanded) return { sub: null, args, cwd, dynamic: `the alias ${sub} runs what only its value tells` };
    if (expanded.length === 0) return { sub: null, args, cwd }; // `!cmd`: the analyzer runs that line itself
    sub = expanded[0].value;
    args = [...expanded.slice(1), ...args];
  }
  if (sub === "push") args = withPushSettings(args, settings);
  if (settings.some(([k, v]) => v === null && /^remote\..*\.(?:push|mirror)$/i.test(k))) dynamic ??= "a push setting is only known when it runs";
  const out: GitInvocation = { sub, args, cwd };
  if (dynamic) out.dynamic = dynamic;
  if (alias) out.alias = alias[0].slice(6);
  return out;
}

/**
 * Returns the git command an alias given with `-c alias.NAME=...` runs (`git -c alias.p='push -f' p`
 * runs `git push -f`), reached through `git config alias.NAME` as a `!` alias is; undefined for any other command.
 */
export function aliasRun(c: CommandFact): CommandFact | undefined {
  const git = gitInvocation(c);
  if (!git?.alias || git.sub === null) return undefined;
  return { ...c, args: [{ value: git.sub, raw: git.sub }, ...git.args], cwd: git.cwd, via: [...c.via, `git config alias.${git.alias}`] };
}

function splitSetting(text: string): [string, string | null] {
  const eq = text.indexOf("=");
  return eq < 0 ? [text, "true"] : [text.slice(0, eq), text.slice(eq + 1)];
}

/**
 * Returns an alias's words (git splits its value with shell-like quoting, which the analyzer reads), []
 * for a `!command` alias, undefined when they are not static.
 */
function expandAlias(value: string | null): FactWord[] | undefined {
  if (value === null) return undefined;
  if (value.trimStart().startsWith("!")) return [];
  const a = analyze(`git ${value}`);
  const c = a.commands[0];
  if (a.dynamic || a.commands.length !== 1 || c.program !== "git" || !c.args.length) return undefined;
  return c.args.map((t) => ({ value: t, raw: t }));
}

/**
 * `-c remote.X.push=REFSPEC` is what a push without refspecs pushes; `-c remote.X.mirror=true` makes it
 * a mirror push. Folded into the words, so rules read one spelling.
 */
function withPushSettings(args: FactWord[], settings: [string, string | null][]): FactWord[] {
  const refspecs = settings.filter(([k, v]) => v !== null && /^remote\..*\.push$/i.test(k)).map(([, v]) => v!);
  const mirror = settings.some(([k, v]) => /^remote\..*\.mirror$/i.test(k) && v !== null && /^(?:true|yes|on|1)$/i.test(v));
  const out = [...args];
  if (mirror) out.unshift({ value: "--mirror", raw: "-c remote.*.mirror=true" });
  if (!refspecs.length) return out;
  const operands = out.filter((w) => w.value === null || !w.value.startsWith("-"));
  if (operands.length > 1) return out; // refspecs on the line win over the configured ones
  if (operands.length === 0) out.push({ value: "origin", raw: "origin" });
  for (const r of refspecs) out.push({ value: r, raw: `-c remote.*.push=${r}` });
  return out;
}
