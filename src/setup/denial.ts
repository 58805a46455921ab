// Whether the hook would deny every PreToolUse call (an index, home, layer or condition strict modes
// refuse, a profile or bundle that is gone, an unreadable state.json), and the one command line that
// ends it. `doctor`, `conditions list` and `init` print this first, in one red line: a guard that
// denies everything is as broken as one that allows everything, and far more confusing.
import { join } from "node:path";
import { type Config, readConfig } from "../config";
import { cachePathFor, loadCatalog } from "../conditions/catalog";
import { isBuiltinPath } from "../conditions/builtin";
import { findGitRoot } from "../conditions/git-root";
import { oneLine } from "../errors";
import { homePaths } from "../state/home";
import { pathPrivacyVerdict, quoteArg } from "../state/private";
import { makePrivateDir, secureHome } from "../state/secure-home";
import { loadState, profileChain } from "../state/state-file";
import { TARGETS, type Target } from "../types";

export interface Denial {
  targets: Target[];
  /** The first reason the hook gives. */
  reason: string;
  /** One command line that makes the hook stop denying every call (several steps joined by &&). */
  fix: string;
}

/** Returns why every PreToolUse call of `targets` in `cwd` would be denied, with its fix, or undefined. */
export function everyCallDenied(targets: readonly Target[], cwd: string, config: Config, home = homePaths().home): Denial | undefined {
  const denied: Target[] = [];
  let reasons: string[] = [];
  const paths = new Set([home, join(home, "cache"), join(home, "state.json"), join(home, "trust.json")]);
  const chains = new Map<Target, string>();
  const others: string[] = [];
  for (const target of targets) {
    const opts = { target, cwd, home, config };
    let broken: string[] | undefined;
    try {
      // No preloaded state: the catalog loads state.json as the hook does (strictly).
      const catalog = loadCatalog(opts);
      broken = catalog.broken;
      if (broken?.length) {
        paths.add(cachePathFor(opts, findGitRoot(cwd)));
        for (const l of catalog.layers) if (!isBuiltinPath(l.path)) paths.add(l.path);
        for (const i of catalog.invalid) paths.add(i.path);
      }
    } catch (err) {
      broken = [oneLine(err)];
    }
    if (!broken?.length) continue;
    denied.push(target);
    if (!reasons.length) reasons = broken;
    const missing = broken.flatMap((r) => /profile "([^"]+)" not found/.exec(r)?.[1] ?? []);
    if (missing.length) chains.set(target, keptChain(target, missing).join(","));
    others.push(...broken.flatMap((r) => otherFix(r) ?? []));
  }
  if (!denied.length) return undefined;
  const fixes = [...modeFixes(paths), ...profileFixes(chains), ...others];
  // The reason without the fix it may end with: the red line gives the whole fix once, after it.
  const reason = reasons[0].replace(/; run:? [^;()]*(\)?)$/, "$1");
  return { targets: denied, reason, fix: [...new Set(fixes)].join(" && ") || "agentihooks doctor" };
}

/** Returns the red line: what is denied, why, and the fix. */
export function denialLine(d: Denial): string {
  return `every tool call is denied (${d.targets.join(", ")}): ${d.reason}; fix: ${d.fix}`;
}

/** Returns one command per kind of mode fix (chmod g-w, chmod go-w, chown) over every path that needs it. */
function modeFixes(paths: Set<string>): string[] {
  const byCommand = new Map<string, string[]>();
  for (const p of paths) {
    const v = pathPrivacyVerdict(p);
    if (!v) continue;
    const command = v.fix.slice(0, v.fix.lastIndexOf(" "));
    byCommand.set(command, [...(byCommand.get(command) ?? []), quoteArg(p)]);
  }
  return [...byCommand].map(([command, args]) => `${command} ${args.join(" ")}`);
}

/** Returns the `profile use` commands that drop missing profiles: one for every harness when they agree. */
function profileFixes(chains: Map<Target, string>): string[] {
  const values = [...chains.values()];
  if (chains.size === TARGETS.length && values.every((c) => c === values[0])) return [`agentihooks profile use ${values[0]}`];
  return [...chains].map(([t, chain]) => `agentihooks profile use ${chain} --target ${t}`);
}

/** Returns the command for a reason that is not a folder's or file's mode, or undefined. */
function otherFix(reason: string): string | undefined {
  if (/the linked bundle .* does not exist/.test(reason)) return "agentihooks unlink";
  const state = /^(.*state\.json): (is empty|not valid JSON|\/|\(root\)|cannot read)/.exec(reason);
  if (state) return `mv ${quoteArg(state[1])} ${quoteArg(`${state[1]}.broken`)} && agentihooks init`;
  const list = /layer (\S+) cannot list/.exec(reason);
  if (list) return `chmod u+rx ${quoteArg(list[1])}`;
  return undefined;
}

/** Returns `target`'s chain without the profiles `gone` (the built-in default when nothing is left). */
function keptChain(target: Target, gone: string[]): string[] {
  let chain: string[] = [];
  try {
    chain = profileChain(loadState(), target);
  } catch {}
  const kept = chain.filter((n) => !gone.includes(n));
  return kept.length ? kept : ["default"];
}

/**
 * After `init`: makes the home and its runtime conditions folder private and repairs them (not on a
 * dry run), then returns the repair lines and, when every call of `targets` would still be denied,
 * the red line's text.
 */
export function checkAfterInit(targets: readonly Target[], cwd: string, env: Record<string, string | undefined>, dryRun: boolean): { repaired: string[]; denied?: string } {
  const { config } = readConfig(env);
  const repaired = dryRun ? [] : secureHome(homePaths().home, config.strictModes).repaired;
  // The runtime layer, so the first condition is one file written, with no mkdir (private, as the home).
  if (!dryRun) makePrivateDir(homePaths().conditions);
  // The harnesses set up before count too: their calls go through the same home.
  let recorded: Target[] = [];
  try {
    const state = loadState();
    recorded = TARGETS.filter((t) => state.targets?.[t]?.profiles !== undefined);
  } catch {}
  const denial = everyCallDenied(TARGETS.filter((t) => targets.includes(t) || recorded.includes(t)), cwd, config);
  return { repaired, denied: denial && denialLine(denial) };
}
