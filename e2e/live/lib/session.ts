// One CLI session per describe block, its checks sharing the result: a session costs seconds, a check
// reads what it left (markers, what reached the model, the hook log).
import { afterAll, beforeAll } from "bun:test";
import { type RunOptions, type RunResult, runCli } from "./clis";
import type { World } from "./world";

/** Runs one CLI session for a describe block; its checks share the result. */
export function session(setup: () => { world: World; run: RunOptions }): { world: () => World; result: () => RunResult } {
  let world: World | undefined;
  let result: RunResult | undefined;
  beforeAll(async () => {
    const s = setup();
    world = s.world;
    result = await runCli(s.world, s.run);
  });
  afterAll(() => {
    world = undefined;
  });
  return { world: () => world as World, result: () => result as RunResult };
}

/** True when `text` reached the model (any request it was sent). */
export const saw = (r: RunResult, text: string): boolean => r.seen.includes(text);
