// A scripted model on 127.0.0.1 that speaks the three wire protocols the harnesses use: Anthropic
// Messages (Claude Code), OpenAI Responses (Codex, Copilot with wire_api=responses) and OpenAI chat
// completions (Copilot). The reply to a request depends only on the conversation it carries: the
// number of tool results already in it picks the next scripted step, so retries and side requests
// cannot shift the script. Every request body is kept for checks on what reached the model.

/** One step of a script: a tool call the model makes, or its final text. */
export type Step =
  | { tool: string; input: Record<string, unknown> | string; namespace?: string; custom?: boolean }
  | { text: string };

export interface MockModel {
  url: string;
  port: number;
  /** Every request body received, parsed, in order. */
  requests: Record<string, unknown>[];
  /** The texts of every request, joined: what reached the model (tool results, system notes, context). */
  seen(): string;
  stop(): void;
}

type Protocol = "anthropic" | "responses" | "chat";

const sse = (event: string | undefined, data: unknown) => `${event ? `event: ${event}\n` : ""}data: ${JSON.stringify(data)}\n\n`;

/** Returns how many tool results the conversation of `body` already holds. */
export function toolResults(protocol: Protocol, body: Record<string, unknown>): number {
  if (protocol === "anthropic") {
    const messages = (body.messages as { role: string; content: unknown }[]) ?? [];
    let n = 0;
    for (const m of messages) if (Array.isArray(m.content)) n += m.content.filter((c: { type?: string }) => c?.type === "tool_result").length;
    return n;
  }
  if (protocol === "responses") {
    const input = Array.isArray(body.input) ? (body.input as { type?: string }[]) : [];
    return input.filter((i) => /_call_output$/.test(i?.type ?? "")).length;
  }
  const messages = (body.messages as { role: string }[]) ?? [];
  return messages.filter((m) => m.role === "tool").length;
}

let ids = 0;
const id = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(++ids).toString(36)}`;

function anthropicReply(step: Step): string {
  const out: string[] = [];
  const model = "claude-sonnet-4-5";
  out.push(sse("message_start", {
    type: "message_start",
    message: { id: id("msg"), type: "message", role: "assistant", model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 } },
  }));
  if ("text" in step) {
    out.push(sse("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }));
    out.push(sse("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: step.text } }));
  } else {
    out.push(sse("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: id("toolu"), name: step.tool, input: {} } }));
    out.push(sse("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: JSON.stringify(step.input) } }));
  }
  out.push(sse("content_block_stop", { type: "content_block_stop", index: 0 }));
  out.push(sse("message_delta", { type: "message_delta", delta: { stop_reason: "text" in step ? "end_turn" : "tool_use", stop_sequence: null }, usage: { output_tokens: 5 } }));
  out.push(sse("message_stop", { type: "message_stop" }));
  return out.join("");
}

function responsesItem(step: Step): Record<string, unknown> {
  if ("text" in step) {
    return { type: "message", id: id("msg"), role: "assistant", status: "completed", content: [{ type: "output_text", text: step.text, annotations: [] }] };
  }
  if (step.custom) return { type: "custom_tool_call", id: id("ctc"), call_id: id("call"), name: step.tool, input: typeof step.input === "string" ? step.input : JSON.stringify(step.input), status: "completed" };
  const item: Record<string, unknown> = { type: "function_call", id: id("fc"), call_id: id("call"), name: step.tool, arguments: typeof step.input === "string" ? step.input : JSON.stringify(step.input), status: "completed" };
  if (step.namespace) item.namespace = step.namespace;
  return item;
}

function responsesReply(step: Step): string {
  const rid = id("resp");
  const item = responsesItem(step);
  const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 };
  return [
    sse(undefined, { type: "response.created", response: { id: rid, object: "response", status: "in_progress", output: [] } }),
    sse(undefined, { type: "response.output_item.added", output_index: 0, item }),
    sse(undefined, { type: "response.output_item.done", output_index: 0, item }),
    sse(undefined, { type: "response.completed", response: { id: rid, object: "response", status: "completed", output: [item], usage } }),
  ].join("");
}

function chatReply(step: Step, model: string): string {
  const cid = id("chatcmpl");
  const base = { id: cid, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model };
  const delta = "text" in step
    ? { role: "assistant", content: step.text }
    : { role: "assistant", content: null, tool_calls: [{ index: 0, id: id("call"), type: "function", function: { name: step.tool, arguments: typeof step.input === "string" ? step.input : JSON.stringify(step.input) } }] };
  return [
    sse(undefined, { ...base, choices: [{ index: 0, delta, finish_reason: null }] }),
    sse(undefined, { ...base, choices: [{ index: 0, delta: {}, finish_reason: "text" in step ? "stop" : "tool_calls" }] }),
    sse(undefined, { ...base, choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } }),
    "data: [DONE]\n\n",
  ].join("");
}

function protocolOf(path: string): Protocol | undefined {
  if (path.endsWith("/messages")) return "anthropic";
  if (path.endsWith("/responses")) return "responses";
  if (path.endsWith("/chat/completions")) return "chat";
  return undefined;
}

/** Returns every string inside a JSON value, depth first. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) strings(v, out);
  return out;
}

/**
 * Starts a mock model that plays `script`: the reply to a request holding N tool results is
 * script[N], and the final text "done" after the script ends. `pick` can choose the step instead
 * (for conversations a harness shapes on its own, such as Codex's tool_search).
 */
export function startMockModel(script: Step[], pick?: (body: Record<string, unknown>, done: number) => Step | undefined): MockModel {
  const requests: Record<string, unknown>[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const path = new URL(req.url).pathname;
      const protocol = protocolOf(path);
      if (req.method === "GET" && path.endsWith("/models")) return Response.json({ object: "list", data: [{ id: "gpt-4.1", object: "model" }, { id: "gpt-5", object: "model" }] });
      if (!protocol || req.method !== "POST") return new Response("not found", { status: 404 });
      const body = (await req.json().catch(() => ({}))) as Record<string, unknown>;
      requests.push(body);
      const done = toolResults(protocol, body);
      const step = pick?.(body, done) ?? script[done] ?? { text: "done" };
      const headers = { "content-type": "text/event-stream", "cache-control": "no-cache" };
      if (protocol === "anthropic") return new Response(anthropicReply(step), { headers });
      if (protocol === "responses") return new Response(responsesReply(step), { headers });
      return new Response(chatReply(step, String(body.model ?? "gpt-4.1")), { headers });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    port: server.port as number,
    requests,
    seen: () => requests.map((r) => strings(r).join("\n")).join("\n"),
    stop: () => server.stop(true),
  };
}
