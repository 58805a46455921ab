// Copilot's payloads carry no tool-call id, yet conditions key shared state by AH_TOOL_USE_ID
// (parallel calls run as parallel hook processes). Measured on CLI 1.0.102: the postToolUse of a call
// repeats the preToolUse's toolArgs verbatim, and two calls of one turn are two hook processes with
// the same timestamp. So the id is made from what both ends of one call share and two calls differ
// in: the session, the tool and its arguments. A rewritten call's post carries the rewritten
// arguments, so a pre that rewrites also writes its id into the new arguments (under ID_KEY; Copilot
// passes extra keys through to the post), and the post takes it from there.

import { canonicalJson } from "../canonical-json";

/** The argument key a rewrite carries the pre's id in; removed again from the post's tool_input. */
export const ID_KEY = "agentihooks_tool_use_id";

/** Returns the id of one call: the same for its pre, post and failure, different for other arguments. */
export function callId(sessionId: unknown, toolName: unknown, args: unknown): string {
  // keys sorted, so equal arguments give one text in any key order
  const text = canonicalJson([sessionId ?? "", toolName ?? "", args ?? null]);
  return `copilot-${Bun.hash.wyhash(text).toString(16).padStart(16, "0")}`;
}

/**
 * Takes the id a rewriting pre left in the arguments (a post's), removing it from them; returns
 * undefined when there is none. Only a string counts: anything else is left where it is.
 */
export function takeCarriedId(args: Record<string, unknown>): string | undefined {
  const carried = args[ID_KEY];
  if (typeof carried !== "string" || carried === "") return undefined;
  delete args[ID_KEY];
  return carried;
}
