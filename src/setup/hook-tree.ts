// The `hooks` object every harness config shares: event -> list. Claude and Codex lists hold matcher
// groups `{matcher?, hooks: [handler]}`; Copilot's hold handlers directly. Only handlers that `isOurs`
// recognizes are ever added, replaced or removed; everything else keeps its place and its bytes.
import { AgentihooksError } from "../errors";
import type { Json, JsonObject } from "./json-file";

export interface TreeShape {
  /** true: list items are groups with a `hooks` array (Claude, Codex); false: items are handlers. */
  nested: boolean;
  /** Recognizes a handler agentihooks wrote (any version, any executable path). */
  isOurs: (handler: Json) => boolean;
  /** Throws with `file:line` for a value of the wrong type. */
  where: (key: string) => string;
}

export interface Found {
  event: string;
  handler: JsonObject;
}

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);
const same = (a: Json, b: Json) => JSON.stringify(a) === JSON.stringify(b);

/** Returns a copy of `root` whose `hooks` call `make(event)` once per event, and nothing of ours elsewhere. */
export function registerHooks(root: JsonObject, events: readonly string[], make: (event: string) => JsonObject, shape: TreeShape): JsonObject {
  const out = structuredClone(root);
  const hooks = hooksOf(out, shape) ?? {};
  for (const event of Object.keys(hooks)) if (!events.includes(event)) removeOurs(hooks, event, shape);
  for (const event of events) placeOne(hooks, event, make(event), shape);
  out.hooks = hooks;
  return out;
}

/** Returns a copy of `root` without any handler of ours; groups, events and `hooks` we emptied go too. */
export function unregisterHooks(root: JsonObject, shape: TreeShape): JsonObject {
  const out = structuredClone(root);
  const hooks = hooksOf(out, shape);
  if (!hooks) return out;
  let removed = false;
  for (const event of Object.keys(hooks)) removed = removeOurs(hooks, event, shape) || removed;
  if (removed && Object.keys(hooks).length === 0) delete out.hooks;
  return out;
}

/** Returns every handler of ours, with its event. */
export function findHooks(root: JsonObject, shape: TreeShape): Found[] {
  const hooks = hooksOf(root, shape);
  if (!hooks) return [];
  const found: Found[] = [];
  for (const event of Object.keys(hooks)) {
    for (const item of listOf(hooks, event, shape)) {
      for (const h of handlersOf(item, shape)) if (shape.isOurs(h)) found.push({ event, handler: h as JsonObject });
    }
  }
  return found;
}

// --- internal ---

function hooksOf(root: JsonObject, shape: TreeShape): JsonObject | undefined {
  if (root.hooks === undefined) return undefined;
  if (!isObject(root.hooks)) throw new AgentihooksError("E_CONFIG", `${shape.where("hooks")}: "hooks" must be an object`);
  return root.hooks;
}

function listOf(hooks: JsonObject, event: string, shape: TreeShape): Json[] {
  const list = hooks[event];
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new AgentihooksError("E_CONFIG", `${shape.where(event)}: "hooks.${event}" must be an array`);
  return list;
}

function handlersOf(item: Json, shape: TreeShape): Json[] {
  if (!shape.nested) return [item];
  return isObject(item) && Array.isArray(item.hooks) ? item.hooks : [];
}

/** Leaves exactly one handler of ours for `event`, equal to `want`: updated in place, or appended. */
function placeOne(hooks: JsonObject, event: string, want: JsonObject, shape: TreeShape): void {
  const list = listOf(hooks, event, shape);
  let placed = false;
  const next: Json[] = [];
  for (const item of list) {
    if (!shape.nested) {
      if (!shape.isOurs(item)) next.push(item);
      else if (!placed) {
        next.push(same(item, want) ? item : want);
        placed = true;
      }
      continue;
    }
    const kept = keepInGroup(item, (h) => {
      if (placed) return undefined;
      placed = true;
      return same(h, want) ? h : want;
    }, shape);
    if (kept !== undefined) next.push(kept);
  }
  if (!placed) next.push(shape.nested ? { hooks: [want] } : want);
  hooks[event] = next;
}

/** Removes our handlers from one event; returns whether anything was removed. */
function removeOurs(hooks: JsonObject, event: string, shape: TreeShape): boolean {
  const list = listOf(hooks, event, shape);
  const next: Json[] = [];
  for (const item of list) {
    if (!shape.nested) {
      if (!shape.isOurs(item)) next.push(item);
      continue;
    }
    const kept = keepInGroup(item, () => undefined, shape);
    if (kept !== undefined) next.push(kept);
  }
  if (next.length === list.length && next.every((v, i) => v === list[i])) return false;
  if (next.length === 0) delete hooks[event];
  else hooks[event] = next;
  return true;
}

/**
 * Returns the group with each handler of ours replaced by `swap(h)` (undefined drops it), or undefined
 * when the group held only handlers of ours and none is left: an emptied group is ours to remove.
 */
function keepInGroup(item: Json, swap: (h: Json) => Json | undefined, shape: TreeShape): Json | undefined {
  if (!isObject(item) || !Array.isArray(item.hooks) || !item.hooks.some(shape.isOurs)) return item;
  const handlers: Json[] = [];
  for (const h of item.hooks) {
    if (!shape.isOurs(h)) handlers.push(h);
    else {
      const s = swap(h);
      if (s !== undefined) handlers.push(s);
    }
  }
  if (handlers.length === 0) return undefined;
  if (handlers.length === item.hooks.length && handlers.every((h, i) => h === (item.hooks as Json[])[i])) return item;
  return { ...item, hooks: handlers };
}
