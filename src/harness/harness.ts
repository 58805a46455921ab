import type { Answer, Capabilities, Effect, EventName, HookCall, Payload, Target } from "../types";

/**
 * One harness's edge, both directions: its payload in (normalize) and its answer out (emit).
 * The core never sees a harness name; it sees a HookCall and returns an Effect.
 */
export interface Harness {
  target: Target;
  capabilities: Capabilities;
  /**
   * Returns the normalized call. `eventHint` comes from `--event` (Copilot camelCase payloads carry no
   * event name). Throws PayloadError (src/errors.ts) with a one-line reason when the payload lacks what
   * its event needs.
   */
  normalize(raw: Record<string, unknown>, eventHint?: string): HookCall;
  /**
   * Returns exactly the bytes this harness must receive for `effect` on `event`. `payload` is the
   * normalized call the effect answers, when there is one (Copilot carries its call id in a rewrite).
   */
  emit(event: EventName, effect: Effect, payload?: Payload): Answer;
}
