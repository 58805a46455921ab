// The enforcement Stage: banners merged into the same single answer as the conditions' context.
// Hot path: with no enforcement files the cost is the cached catalog lookup plus one stat per source.
// Counting happens on PreToolUse. A harness without a PreToolUse context channel still counts there
// and records what was due under the call's tool_use_id; its PostToolUse delivers that record.
import type { Subject } from "../conditions/matcher";
import type { Stage, StageContext } from "../stage-context";
import type { HookCall, Payload } from "../types";
import type { Counters } from "./counters";
import { type ActiveEnforcement, type Loaded, loadEnforcements } from "./store";

// Loaded once an enforcement is active (or a session ends): a call with none never evaluates them.
const counters = () => require("./counters") as typeof import("./counters");
const due = () => require("./deliver") as typeof import("./deliver");
const banner = (e: ActiveEnforcement["entry"]) => (require("./banner") as typeof import("./banner")).banner(e);

/** One load per pipeline run: a Copilot batch asks once per payload. */
const loadedFor = new WeakMap<StageContext, Map<string, Loaded>>();

function load(call: HookCall, payload: Payload, ctx: StageContext): Loaded {
  let memo = loadedFor.get(ctx);
  if (!memo) loadedFor.set(ctx, (memo = new Map()));
  const key = `${call.target}\0${payload.cwd}`;
  let loaded = memo.get(key);
  if (!loaded) {
    const cwd = payload.cwd || process.cwd();
    loaded = loadEnforcements({ target: call.target, cwd, home: ctx.home, config: ctx.config, catalog: ctx.catalog?.(cwd) });
    for (const p of loaded.problems) ctx.note(`enforcements: ${p.path}: ${p.error}; file skipped`);
    memo.set(key, loaded);
  }
  return loaded;
}

const banners = (active: ActiveEnforcement[], ids: string[]) =>
  active.filter((a) => ids.includes(a.entry.id)).map((a) => banner(a.entry));

function subjectOf(payload: Payload, ctx: StageContext): Subject {
  const subject: Subject = { name: payload.tool_name ?? "" };
  if (subject.name.toLowerCase() === "bash") subject.programs = () => ctx.programs(payload) ?? { programs: [], dynamic: false };
  return subject;
}

/** Start and prompt: every plain entry, and remember them as shown. */
function atPrompt(active: ActiveEnforcement[], sid: string, ctx: StageContext): string[] {
  const { countersPath, readCounters, updateCounters } = counters();
  const { markSeen, promptDue } = due();
  const plain = promptDue(active);
  if (!plain.length) return [];
  const unseen = plain.some((a) => !readCounters(countersPath(ctx.home, sid)).seen.includes(a.entry.id));
  if (unseen) updateCounters(ctx.home, sid, (c) => markSeen(c, plain));
  return plain.map((a) => banner(a.entry));
}

/** Counts the call; returns the due ids (undefined when the counters were busy). */
function count(active: ActiveEnforcement[], hit: Set<string>, sid: string, key: string | undefined, ctx: StageContext, atPre: boolean) {
  const { countCall } = due();
  const ids = counters().updateCounters(ctx.home, sid, (c: Counters) => {
    if (atPre) c.pre_seen = true;
    const counted = countCall(c, active, hit);
    if (key !== undefined) c.pending[key] = counted;
    return counted;
  });
  if (ids === undefined) ctx.note("enforcements: session counters stayed locked; this call was not counted");
  return ids;
}

/** PostToolUse on a harness without pre context: deliver what its PreToolUse found due. */
function afterCall(active: ActiveEnforcement[], hit: Set<string>, sid: string, key: string, ctx: StageContext): string[] {
  const { countersPath, readCounters } = counters();
  const c = readCounters(countersPath(ctx.home, sid));
  const pending = c.pending[key];
  if (pending) return pending;
  // No PreToolUse was ever counted in this session (the harness does not send it): count here instead.
  if (!c.pre_seen) return count(active, hit, sid, undefined, ctx, false) ?? [];
  // Pre was counted but left no record for this call: read the counters without incrementing.
  return due().dueCounted(c, active, hit);
}

function deliver(call: HookCall, payload: Payload, ctx: StageContext): string[] {
  const sid = typeof payload.session_id === "string" ? payload.session_id : "";
  if (ctx.step === "end") {
    counters().dropCounters(ctx.home, sid);
    return [];
  }
  const tool = ctx.step === "pre" || ctx.step === "post" || ctx.step === "fail";
  if (!tool && ctx.step !== "start" && ctx.step !== "prompt") return [];
  const atPost = ctx.step !== "pre";
  if (tool && atPost && ctx.capabilities.preContext) return [];
  const { active } = load(call, payload, ctx);
  if (!active.length) return [];
  if (!tool) return atPrompt(active, sid, ctx);
  const { matching, relevant } = due();
  const hit = matching(active, subjectOf(payload, ctx));
  if (!relevant(active, hit)) return [];
  const key = payload.tool_use_id ? String(payload.tool_use_id) : "_last";
  if (atPost) return banners(active, afterCall(active, hit, sid, key, ctx));
  const dueIds = count(active, hit, sid, ctx.capabilities.preContext ? undefined : key, ctx, true);
  // Without a pre context channel the banners would be dropped here; PostToolUse delivers them.
  return dueIds && ctx.capabilities.preContext ? banners(active, dueIds) : [];
}

export const enforcementStage: Stage = {
  name: "enforcement",
  context(call, payload, ctx) {
    try {
      return deliver(call, payload, ctx);
    } catch (err) {
      // Enforcements are reminders: a failure here must never deny or break the tool call.
      ctx.note(`enforcements: ${(err as Error).message ?? String(err)}`.replace(/\s+/g, " ").slice(0, 300));
      return [];
    }
  },
};
