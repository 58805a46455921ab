// The `hook` tool of `agentihooks mcp`: the resident path. Claude Code and Codex call it from an
// `mcp_tool` hook handler (setup/resident-hooks.ts) over the stdio pipe of the server they started, so
// a tool call is judged by a warm process instead of a fresh one. Calls are answered independently
// (the SDK does not serialize them); each reads everything it needs again.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { answerResident, refusal, toolText } from "./answer";
import { watchOwnExe } from "./exe-watch";
import { HOOK_TOOL, residentCall } from "./hook-input";

type ToolResult = { content: { type: "text"; text: string }[] };
const text = (t: string): ToolResult => ({ content: [{ type: "text", text: t }] });

/** Answers one call with the executable now on disk, as a command hook (after an upgrade). */
async function viaProcess(exe: string, args: unknown): Promise<string> {
  const { target, event, raw } = residentCall(args);
  const p = Bun.spawn([exe, "hook", "--target", target, "--event", event], { cwd: raw.cwd as string, stdin: new Blob([JSON.stringify(raw)]), stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text()]);
  return toolText(event, { stdout, stderr, exitCode: await p.exited });
}

/** Returns the `hook` tool's answer to one call: the server's own judgement, or after an upgrade the new executable's. */
export function hookAnswerer(): (args: unknown) => Promise<ToolResult> {
  const exe = watchOwnExe();
  let ending: ReturnType<typeof setTimeout> | undefined;
  return async (args) => {
    if (!exe.changed()) return text(await answerResident(args));
    // An upgrade: this call is answered by the new executable as a process, then the server ends (once
    // the answer is on its way; a call still running resets the clock) and the harness starts the new one.
    let answer: string;
    try {
      answer = await viaProcess(exe.path, args);
    } catch (err) {
      answer = await refusal(args, err);
    }
    clearTimeout(ending);
    ending = setTimeout(() => process.exit(0), 250);
    return text(answer);
  };
}

/**
 * Registers the `hook` tool (listed, and answered through the SDK for a client that calls it before
 * initializing); the transport answers it directly otherwise (mcp/stdio-transport.ts). Its arguments
 * are checked by the call itself, so a bad one is denied with a reason.
 */
export function registerHookTool(server: McpServer, answer: (args: unknown) => Promise<ToolResult>): void {
  server.registerTool(HOOK_TOOL, {
    description: "Judges one hook call of Claude Code or Codex (registered by `agentihooks init --resident`; not for the agent).",
    inputSchema: { target: z.unknown().optional(), event: z.unknown().optional(), payload: z.unknown().optional() },
  }, (args) => answer(args));
}
