// What only the Copilot checks need: its tools as script steps, the Responses wire (which offers
// apply_patch), Copilot's own log and agentihooks' hook log of a world, and sessions run once per
// describe block so several checks share one CLI run (each still decided by its own side effect).
import { afterAll, beforeAll } from "bun:test";
import { join } from "node:path";
import { copilotLog, type RunOptions, type RunResult, runCli } from "./clis";
import type { ToolStep } from "./mock-model";
import { BIN, type World } from "./world";

export const bash = (command: string, extra: Record<string, unknown> = {}): ToolStep => ({ tool: "bash", input: { command, description: "live check", ...extra } });
export const view = (path: string): ToolStep => ({ tool: "view", input: { path } });
export const edit = (path: string, old_str: string, new_str: string): ToolStep => ({ tool: "edit", input: { path, old_str, new_str } });
export const create = (path: string, file_text: string): ToolStep => ({ tool: "create", input: { path, file_text } });
/** apply_patch is a freeform (custom) tool on the Responses wire: the patch is the raw input. */
export const applyPatch = (patch: string): ToolStep => ({ tool: "apply_patch", input: patch, custom: true });
export const mcp = (tool: string, input: Record<string, unknown> = {}): ToolStep => ({ tool: `agentihooks-${tool}`, input });

/**
 * Copilot offers apply_patch only on the Responses wire with a model it treats as a GPT-5 coding model:
 * measured on 1.0.102, `gpt-5.4` and `gpt-5-codex` get it (with `rg`, without create/edit); `gpt-5`
 * and `gpt-5.2` do not.
 */
export const RESPONSES: Record<string, string> = { COPILOT_PROVIDER_WIRE_API: "responses", COPILOT_MODEL: "gpt-5.4" };

/** true when `text` reached the model (a boolean, so a failing check does not print every request). */
export const saw = (r: RunResult, text: string): boolean => r.seen.includes(text);

/**
 * Copilot's log lines about its hooks at WARNING or ERROR (an entry it skipped, a hook that failed to
 * start or errored). Two warnings every run prints are not problems: managed hooks that cannot reload
 * before the session exists, and the note that repository hooks load in a trusted folder.
 */
export function hookProblems(world: World): string[] {
  return copilotLog(world).split("\n").filter((l) =>
    /\[(ERROR|WARNING)\]/.test(l) && /\[rust:hooks\]|hook will be skipped|Hook from|ToolUse hook/.test(l) &&
    !/Failed to reload managed hooks|Loading repo hooks in prompt mode/.test(l));
}

/** The session id agentihooks' gate told the model (in the context of the prompt), or undefined. */
export function sessionIdSeen(body: Record<string, unknown>): string | undefined {
  return /pass session_id \\?"([0-9a-f-]{36})\\?"/.exec(JSON.stringify(body))?.[1];
}

/**
 * Runs one CLI session for a describe block: `setup` makes the world and the run's options before
 * every check of the block, and the result is shared by them.
 */
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
  return {
    world: () => world as World,
    result: () => result as RunResult,
  };
}

/** A bash condition body that appends its event, AH_TOOL_USE_ID, the payload's timestamp and the command to `file`. */
export function idRecorder(file: string): string {
  return `#!/usr/bin/env bash\nread -r ts cmd < <(jq -r '"\\(.timestamp) \\(.tool_input.command // "")"')\nprintf '%s %s %s %s\\n' "$AH_EVENT" "$AH_TOOL_USE_ID" "$ts" "$cmd" >> '${file}'\n`;
}

/** Copilot's PascalCase event names (its VS Code form: snake_case payloads that name their event). */
export const PASCAL_EVENTS = [
  "SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure",
  "PermissionRequest", "Stop", "SubagentStart", "SubagentStop", "PreCompact", "Notification",
];

/** Replaces the hooks file init wrote with the same registration keyed by PascalCase event names. */
export function usePascalCase(world: World): void {
  const hooks = Object.fromEntries(PASCAL_EVENTS.map((e) => [e, [{ type: "command", exec: BIN, args: ["hook", "--target", "copilot", "--event", e], timeoutSec: 30 }]]));
  world.write(join(world.home, ".copilot", "hooks", "agentihooks.json"), `${JSON.stringify({ version: 1, hooks }, null, 2)}\n`, 0o600);
}
