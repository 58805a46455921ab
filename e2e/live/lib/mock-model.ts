// A scripted model on 127.0.0.1 that speaks the wire protocols the harnesses use: Anthropic
// Messages (Claude Code), OpenAI Responses (Codex, Copilot with wire_api=responses), OpenAI chat
// completions (Copilot) and Gemini's generateContent (Gemini CLI). The reply to a request depends only on the conversation it carries: the
// number of tool results already in it picks the next scripted step, so retries and side requests
// cannot shift the script. Every request body is kept for checks on what reached the model.

/** One tool call the model makes. */
export type ToolStep = { tool: string; input: Record<string, unknown> | string; namespace?: string; custom?: boolean; search?: boolean };

/**
 * One step of a script: a tool call the model makes, several in one reply (`parallel`: the next
 * request then holds that many more tool results, so the step after it sits that many places later
 * in the script), or its final text.
 */
export type Step = ToolStep | { parallel: ToolStep[] } | { text: string };

/** Returns the tool calls of a step (none for a text step). */
const callsOf = (step: Step): ToolStep[] => ("parallel" in step ? step.parallel : "tool" in step ? [step] : []);

export interface MockModel {
  url: string;
  port: number;
  /** Every request body received, parsed, in order. */
  requests: Record<string, unknown>[];
  /** The texts of every request, joined: what reached the model (tool results, system notes, context). */
  seen(): string;
  stop(): void;
}

type Protocol = "anthropic" | "responses" | "chat" | "gemini" | "gemini-json";

const sse = (event: string | undefined, data: unknown) => `${event ? `event: ${event}\n` : ""}data: ${JSON.stringify(data)}\n\n`;

/** Returns how many tool results the conversation of `body` already holds. */
export function toolResults(protocol: Protocol, body: Record<string, unknown>): number {
  if (protocol === "anthropic") {
    const messages = (body.messages as { role: string; content: unknown }[]) ?? [];
    let n = 0;
    for (const m of messages) if (Array.isArray(m.content)) n += m.content.filter((c: { type?: string }) => c?.type === "tool_result").length;
    return n;
  }
  if (protocol === "gemini" || protocol === "gemini-json") {
    const contents = (body.contents as { parts?: { functionResponse?: unknown }[] }[]) ?? [];
    let n = 0;
    for (const c of contents) n += (c.parts ?? []).filter((p) => p?.functionResponse).length;
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
    out.push(sse("content_block_stop", { type: "content_block_stop", index: 0 }));
  }
  callsOf(step).forEach((call, index) => {
    out.push(sse("content_block_start", { type: "content_block_start", index, content_block: { type: "tool_use", id: id("toolu"), name: call.tool, input: {} } }));
    out.push(sse("content_block_delta", { type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: JSON.stringify(call.input) } }));
    out.push(sse("content_block_stop", { type: "content_block_stop", index }));
  });
  out.push(sse("message_delta", { type: "message_delta", delta: { stop_reason: "text" in step ? "end_turn" : "tool_use", stop_sequence: null }, usage: { output_tokens: 5 } }));
  out.push(sse("message_stop", { type: "message_stop" }));
  return out.join("");
}

function responsesItem(step: ToolStep | { text: string }): Record<string, unknown> {
  if ("text" in step) {
    return { type: "message", id: id("msg"), role: "assistant", status: "completed", content: [{ type: "output_text", text: step.text, annotations: [] }] };
  }
  // Codex's deferred tools: a client-executed tool_search, answered by a tool_search_output item
  if (step.search) return { type: "tool_search_call", id: id("tsc"), call_id: id("call"), execution: "client", status: "completed", arguments: step.input };
  if (step.custom) return { type: "custom_tool_call", id: id("ctc"), call_id: id("call"), name: step.tool, input: typeof step.input === "string" ? step.input : JSON.stringify(step.input), status: "completed" };
  const item: Record<string, unknown> = { type: "function_call", id: id("fc"), call_id: id("call"), name: step.tool, arguments: typeof step.input === "string" ? step.input : JSON.stringify(step.input), status: "completed" };
  if (step.namespace) item.namespace = step.namespace;
  return item;
}

function responsesReply(step: Step): string {
  const rid = id("resp");
  const items = "text" in step ? [responsesItem(step)] : callsOf(step).map(responsesItem);
  const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 };
  return [
    sse(undefined, { type: "response.created", response: { id: rid, object: "response", status: "in_progress", output: [] } }),
    ...items.flatMap((item, output_index) => [
      sse(undefined, { type: "response.output_item.added", output_index, item }),
      sse(undefined, { type: "response.output_item.done", output_index, item }),
    ]),
    sse(undefined, { type: "response.completed", response: { id: rid, object: "response", status: "completed", output: items, usage } }),
  ].join("");
}

function chatReply(step: Step, model: string): string {
  const cid = id("chatcmpl");
  const base = { id: cid, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model };
  const delta = "text" in step
    ? { role: "assistant", content: step.text }
    : {
      role: "assistant", content: null,
      tool_calls: callsOf(step).map((call, index) => ({
        index, id: id("call"), type: "function",
        function: { name: call.tool, arguments: typeof call.input === "string" ? call.input : JSON.stringify(call.input) },
      })),
    };
  return [
    sse(undefined, { ...base, choices: [{ index: 0, delta, finish_reason: null }] }),
    sse(undefined, { ...base, choices: [{ index: 0, delta: {}, finish_reason: "text" in step ? "stop" : "tool_calls" }] }),
    sse(undefined, { ...base, choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } }),
    "data: [DONE]\n\n",
  ].join("");
}

/** Gemini's streamGenerateContent (`alt=sse`): one chunk carrying the step's parts. */
function geminiReply(step: Step): string {
  const parts = "text" in step ? [{ text: step.text }] : callsOf(step).map((call) => ({ functionCall: { name: call.tool, args: call.input } }));
  return sse(undefined, {
    candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
  });
}

/**
 * Gemini CLI's side questions on plain generateContent (the model router, the next-speaker check)
 * want a JSON text; one answer serves both and never takes a step of the script.
 */
function geminiJsonReply(): Response {
  const text = JSON.stringify({ reasoning: "mock", model_choice: "flash", next_speaker: "user", complexity_reasoning: "mock", complexity_score: 10 });
  return Response.json({ candidates: [{ content: { role: "model", parts: [{ text }] }, finishReason: "STOP", index: 0 }], usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 } });
}

function protocolOf(path: string): Protocol | undefined {
  if (path.endsWith(":streamGenerateContent")) return "gemini";
  if (path.endsWith(":generateContent")) return "gemini-json";
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
      if (protocol === "gemini-json") return geminiJsonReply();
      const done = toolResults(protocol, body);
      const step = pick?.(body, done) ?? script[done] ?? { text: "done" };
      const headers = { "content-type": "text/event-stream", "cache-control": "no-cache" };
      if (protocol === "anthropic") return new Response(anthropicReply(step), { headers });
      if (protocol === "responses") return new Response(responsesReply(step), { headers });
      if (protocol === "gemini") return new Response(geminiReply(step), { headers });
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
