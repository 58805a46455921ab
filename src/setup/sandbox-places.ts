// The places an OS sandbox must keep the agent's tool commands from writing: what the gate protects at
// fixed places (src/gate/paths.ts: the home's decision files, the harness configs agentihooks registers
// in, the executable), the whole agentihooks home, the linked bundle and profiles. A repository's own
// layer is not among them: it lies in the workspace the sandbox lets the agent write, so only the
// pattern gate keeps it (SECURITY.md).
import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import { harnessScripts } from "../gate/harness-scripts";
import { protectedRoots } from "../gate/paths";
import { homeDir } from "../state/home";
import type { State } from "../state/state-file";
import { TARGETS } from "../types";
import type { SetupContext } from "./harness-setup";

/** Returns a folder's real path, or the path itself when it does not exist yet. */
function real(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return resolve(p);
  }
}

const within = (p: string, dir: string) => p === dir || p.startsWith(`${dir}/`);

/** Returns every protected place, absolute, outermost only (a place inside another listed one is left out). */
export function protectedPlaces(ctx: SetupContext, state: State, exe: string): string[] {
  const home = resolve(homeDir(ctx.env));
  const found = [home, real(home)];
  const scope = { cwd: ctx.projectRoot, userHome: ctx.home, home, env: ctx.env, exe };
  for (const r of [...protectedRoots(scope), ...harnessScripts(scope)]) found.push(resolve(r.path));
  if (state.bundle?.path) found.push(resolve(state.bundle.path), real(state.bundle.path));
  const linked = [state.linked_profiles, ...TARGETS.map((t) => state.targets?.[t]?.linked_profiles), state.targets?.global?.linked_profiles];
  for (const map of linked) for (const dir of Object.values(map ?? {})) found.push(resolve(dir), real(dir));
  const unique = [...new Set(found)].sort();
  return unique.filter((p) => !unique.some((q) => q !== p && within(p, q)));
}

/** Returns the places of `places` that no entry of `covered` holds (an entry covers itself and all beneath). */
export function uncovered(places: string[], covered: string[]): string[] {
  return places.filter((p) => !covered.some((c) => within(p, c)));
}

/** Returns the entry of `roots` a place lies in, or undefined. */
export function rootHolding(place: string, roots: string[]): string | undefined {
  return roots.find((r) => within(place, r) || within(real(place), real(r)));
}
