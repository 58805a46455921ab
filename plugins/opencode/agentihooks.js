// agentihooks for OpenCode: written by `agentihooks init --target opencode` (removed by `agentihooks
// uninit`; `agentihooks doctor` checks it is this file, unchanged). It hands each tool call to the
// agentihooks executable and applies its answer; every decision is the executable's, none is made here.
// The executable's absolute path was recorded at init: no PATH lookup, which a folder the agent can
// write would decide. Fail closed: a tool call whose answer cannot be had (the executable missing,
// crashed, timed out, or an answer outside the protocol) is refused with the reason.
// It needs nothing but node:child_process, which OpenCode's runtime provides (no @opencode-ai/plugin).
import { spawn } from "node:child_process";

const EXE = "__AGENTIHOOKS_EXE__";
const TIMEOUT_MS = __AGENTIHOOKS_TIMEOUT_MS__;
/** An answer longer than this is not one. */
const MAX_ANSWER = 8 * 1024 * 1024;

/**
 * The hooks' environment: OpenCode's own, without OPENCODE_PID. OpenCode's tools inherit that variable,
 * so it marks a hook started from the agent's shell, which may not open the condition gate.
 */
function hookEnv() {
  const env = { ...process.env };
  delete env.OPENCODE_PID;
  return env;
}

/** Runs `agentihooks hook` for one plugin hook with `payload` on stdin; resolves to what it answered. */
function run(event, payload, cwd) {
  return new Promise((resolve) => {
    let child;
    try {
      // an argv list, never a shell line: nothing of the payload reaches a shell. Detached: the hook leads
      // a session of its own, as the harnesses start hooks (what tells it from a forgery by the agent's shell)
      child = spawn(EXE, ["hook", "--target", "opencode", "--event", event], { cwd, env: hookEnv(), stdio: ["pipe", "pipe", "pipe"], detached: true });
    } catch (err) {
      resolve({ error: String(err && err.message ? err.message : err) });
      return;
    }
    let stdout = "";
    let stderr = "";
    let size = 0;
    let settled = false;
    const done = (result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      done({ error: `no answer within ${TIMEOUT_MS / 1000} s` });
    }, TIMEOUT_MS);
    const keep = (chunk, add) => {
      size += chunk.length;
      if (size > MAX_ANSWER) {
        child.kill("SIGKILL");
        done({ error: "an answer over 8 MiB" });
      } else add(chunk.toString("utf8"));
    };
    child.stdout.on("data", (c) => keep(c, (s) => (stdout += s)));
    child.stderr.on("data", (c) => keep(c, (s) => (stderr += s)));
    child.on("error", (err) => done({ error: err.code === "ENOENT" ? `${EXE} does not exist` : String(err.message || err) }));
    child.on("close", (code, signal) => done(signal ? { error: `it was killed by ${signal}` } : { code, stdout, stderr }));
    child.stdin.on("error", () => {}); // an executable that exits before reading: its exit code says why
    child.stdin.end(JSON.stringify(payload));
  });
}

/** Returns the answer's JSON object (empty stdout is `{}`), or a string saying why it is not one. */
function parse(stdout) {
  if (stdout.trim() === "") return {};
  try {
    const value = JSON.parse(stdout);
    if (value && typeof value === "object" && !Array.isArray(value)) return value;
  } catch {}
  return `it answered something that is not a JSON object: ${JSON.stringify(stdout.slice(0, 200))}`;
}

const refusal = (why) => new Error(`agentihooks could not judge this call (${why}); refused to fail closed. Run: agentihooks doctor`);

/** The text of the person's prompt: the text parts OpenCode did not add itself. */
const promptText = (parts) =>
  (Array.isArray(parts) ? parts : []).filter((p) => p && p.type === "text" && !p.synthetic && typeof p.text === "string").map((p) => p.text).join("\n");

export const AgentihooksPlugin = async ({ directory }) => {
  let mcpServers = [];
  const call = (input, extra) => ({ session_id: input.sessionID, tool_use_id: input.callID, tool_name: input.tool, cwd: directory, mcp_servers: mcpServers, ...extra });
  return {
    // MCP tools are named `<server>_<tool>`: the server names tell them from built-in tools
    config: async (config) => {
      mcpServers = Object.keys((config && config.mcp) || {});
    },
    "tool.execute.before": async (input, output) => {
      const r = await run("tool.execute.before", { hook_event_name: "tool.execute.before", ...call(input, { tool_input: output.args }) }, directory);
      if (r.error) throw refusal(r.error);
      if (r.code === 2) throw new Error(r.stderr.trim() || "denied by agentihooks");
      if (r.code !== 0) throw refusal(`it exited ${r.code}${r.stderr.trim() ? `: ${r.stderr.trim().slice(0, 500)}` : ""}`);
      const answer = parse(r.stdout);
      if (typeof answer === "string") throw refusal(answer);
      if (answer.args === undefined) return;
      if (!answer.args || typeof answer.args !== "object" || Array.isArray(answer.args)) throw refusal("its args are not an object");
      // in place: OpenCode keeps its reference to output.args (a new object would not be run)
      for (const key of Object.keys(output.args)) delete output.args[key];
      Object.assign(output.args, answer.args);
    },
    // After the call has run there is nothing to refuse: a failing answer leaves the result as it is.
    "tool.execute.after": async (input, output) => {
      if (!output || typeof output.output !== "string") return;
      const r = await run("tool.execute.after", { hook_event_name: "tool.execute.after", ...call(input, { tool_input: input.args || {}, tool_response: output.output }) }, directory);
      if (r.error || r.code !== 0) return;
      const answer = parse(r.stdout);
      if (typeof answer === "string") return;
      if (typeof answer.output === "string") output.output = answer.output;
      if (typeof answer.context === "string" && answer.context) output.output += `\n\n${answer.context}`;
    },
    // The person's prompt (what opens the condition gate when it asks for a condition): context joins
    // it as a text part of its own, a block is thrown. A failing answer leaves the prompt as it is.
    "chat.message": async (input, output) => {
      const parts = output && Array.isArray(output.parts) ? output.parts : [];
      const prompt = promptText(parts);
      if (!prompt) return;
      const r = await run("chat.message", { hook_event_name: "chat.message", session_id: input.sessionID, cwd: directory, prompt }, directory);
      if (r.error || r.code !== 0) return;
      const answer = parse(r.stdout);
      if (typeof answer === "string") return;
      if (typeof answer.block === "string") throw new Error(answer.block);
      const first = parts.find((p) => p && p.type === "text" && typeof p.id === "string");
      if (typeof answer.context === "string" && answer.context && first) {
        // an id of its own beside the prompt's (OpenCode keys parts by id)
        const id = first.id.slice(0, -1) + (first.id.endsWith("a") ? "b" : "a");
        parts.push({ ...first, id, text: answer.context, synthetic: true });
      }
    },
  };
};
