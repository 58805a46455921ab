// The MCP server's stdio transport: newline-delimited JSON-RPC on stdin and stdout, as the SDK's own,
// with one fast path. A `tools/call` of the resident `hook` tool (src/resident/) is answered here,
// without the SDK's per-message schema checks, which cost more than judging the call itself (bench/README
// entry 33): the tool checks its own arguments and denies what it cannot read. Every other message,
// and any hook call before the client has initialized the session, goes through the SDK as before.
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { type JSONRPCMessage, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";

/** Answers a `tools/call` itself and returns its result, or returns undefined to leave it to the SDK. */
export type FastCall = (name: unknown, args: unknown) => Promise<unknown> | undefined;

/** A message past this size is refused and ends the session (the SDK's own limit is 10 MiB). */
const MAX_BUFFER = 64 * 1024 * 1024;

export class ServerStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private chunks: Buffer[] = [];
  private size = 0;
  private initialized = false;

  constructor(private readonly fast: FastCall) {}

  async start(): Promise<void> {
    process.stdin.on("data", this.onData);
    process.stdin.on("error", this.onError);
  }

  async close(): Promise<void> {
    process.stdin.off("data", this.onData);
    process.stdin.off("error", this.onError);
    this.chunks = [];
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (process.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else process.stdout.once("drain", resolve);
    });
  }

  private readonly onError = (error: Error) => this.onerror?.(error);

  private readonly onData = (chunk: Buffer) => {
    let at = chunk.indexOf(10);
    if (at < 0) {
      this.hold(chunk);
      return;
    }
    // a line may span chunks: the held part is joined once its end arrives
    let line = this.size ? Buffer.concat([...this.chunks, chunk.subarray(0, at)]) : chunk.subarray(0, at);
    this.chunks = [];
    this.size = 0;
    for (;;) {
      this.handle(line.toString("utf8"));
      const from = at + 1;
      at = chunk.indexOf(10, from);
      if (at < 0) {
        if (from < chunk.length) this.hold(chunk.subarray(from));
        return;
      }
      line = chunk.subarray(from, at);
    }
  };

  private hold(part: Buffer): void {
    this.size += part.length;
    this.chunks.push(part);
    if (this.size > MAX_BUFFER) {
      this.onerror?.(new Error(`a message over ${MAX_BUFFER} bytes`));
      this.close().catch(() => {});
    }
  }

  private handle(text: string): void {
    const line = text.endsWith("\r") ? text.slice(0, -1) : text;
    if (!line.trim()) return;
    let value: { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: { name?: unknown; arguments?: unknown } };
    try {
      value = JSON.parse(line);
    } catch (err) {
      this.onerror?.(err as Error);
      return;
    }
    const id = value?.id;
    if (this.initialized && value.jsonrpc === "2.0" && value.method === "tools/call" && (typeof id === "string" || typeof id === "number") && value.params && typeof value.params === "object") {
      const answer = this.fast(value.params.name, value.params.arguments);
      if (answer) {
        // an answer that failed still gets a reply: the harness then refuses the call instead of waiting out its timeout
        answer
          .then((result) => ({ jsonrpc: "2.0", id, result }), (err) => ({ jsonrpc: "2.0", id, error: { code: -32603, message: String((err as Error)?.message ?? err) } }))
          .then((reply) => this.send(reply as JSONRPCMessage))
          .catch((err) => this.onerror?.(err as Error));
        return;
      }
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      this.onerror?.(new Error(`not a JSON-RPC message: ${parsed.error.message}`));
      return;
    }
    if (value.method === "notifications/initialized") this.initialized = true;
    this.onmessage?.(parsed.data);
  }
}
