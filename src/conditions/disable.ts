// `conditions disable NAME|RULE-ID` and `enable`: a condition (by its filename or <step>-<matcher>-<name>
// key) or a rule of a rules file (by its id, `git.push-force`) turned off for every target, recorded in
// state.json's `disabled`. The catalog reads it when it rebuilds (a change of state.json rebuilds it):
// a disabled condition is left out of the index, a disabled rule is skipped by the rules engine.
import { AgentihooksError } from "../errors";
import { loadState, saveState } from "../state/state-file";
import { parseFilename } from "./filename";

/** What a name given to disable/enable stands for. */
export interface Disabled {
  kind: "condition" | "rule";
  /** What state.json records: a condition's key, or a rule id. */
  key: string;
}

const RULE_ID = /^[a-z0-9_-]+(\.[a-z0-9_-]+)+$/;

/** Returns what `name` names: a condition file or key (`pre-bash-git.rules.toml`, `pre-bash-git`), else a rule id. */
export function disabledKey(name: string): Disabled {
  const asFile = parseFilename(name);
  if (typeof asFile !== "string") return { kind: "condition", key: asFile.key };
  const asKey = parseFilename(`${name}.sh`);
  if (typeof asKey !== "string") return { kind: "condition", key: asKey.key };
  if (RULE_ID.test(name)) return { kind: "rule", key: name };
  throw new AgentihooksError("E_USAGE", `"${name}" is neither a condition (<step>-<matcher>-<name>, as conditions list shows it) nor a rule id (git.push-force)`);
}

/** Turns `name` off (`on` false) or back on; returns what changed, in a line. */
export function setDisabled(name: string, off: boolean, statePath?: string): string {
  const d = disabledKey(name);
  const state = loadState(statePath);
  const now = new Set(state.disabled ?? []);
  const had = now.has(d.key);
  if (off) now.add(d.key);
  else now.delete(d.key);
  if (had === off) return `${d.kind} ${d.key} was already ${off ? "disabled" : "enabled"}`;
  state.disabled = [...now].sort();
  if (!state.disabled.length) delete state.disabled;
  saveState(state, statePath);
  return `${off ? "disabled" : "enabled"} ${d.kind} ${d.key}${off ? ` (agentihooks conditions enable ${d.key} turns it back on)` : ""}`;
}
