// Reading the hook payload. Harnesses do not reliably close stdin (Copilot 1.0.64-1.0.68 never does,
// Claude on Windows 2.1.208-2.1.211 sometimes does not), so the read stops at the first complete JSON
// value, at EOF, or when the bytes stop coming (a short stall deadline, restarted by every chunk, under
// an overall cap), whichever comes first. A byte scanner finds where the value
// ends, so a large payload is decoded and parsed once, not once per chunk.
import { joinChunks } from "../bytes";
import { oneLine } from "../errors";

export interface ReadOptions {
  /**
   * Stall deadline: how long the read waits for the next bytes. It starts again with every chunk, so a
   * large payload still streaming in under load is not taken for a stalled one.
   */
  deadlineMs?: number;
  /** Overall cap, however steadily bytes arrive; well inside the harness's own 30 s hook timeout. */
  totalMs?: number;
  /** Larger payloads are refused. */
  maxBytes?: number;
  /** Deeper nesting is refused before parsing (every later JSON walk would recurse that deep too). */
  maxDepth?: number;
  /** Also return the decoded text of the value (capture mode). */
  keepText?: boolean;
}

export interface ReadResult {
  value?: unknown;
  /** One line saying why there is no value. */
  error?: string;
  /**
   * With an error: every byte read (latin1, up to maxBytes), so the caller can find the event of a
   * payload it cannot parse, wherever its name sits (fail closed when it cannot).
   */
  raw?: string;
  /** With keepText: the bytes of the value as read, decoded. */
  text?: string;
}

const DEFAULTS = { deadlineMs: 1500, totalMs: 20_000, maxBytes: 64 * 1024 * 1024, maxDepth: 512 };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x7b, 0x5b]); // { [
const CLOSERS = new Set([0x7d, 0x5d]); // } ]
const LEADING = new Set([0x20, 0x09, 0x0a, 0x0d, 0xef, 0xbb, 0xbf]); // whitespace and a UTF-8 BOM

function indexOrEnd(chunk: Uint8Array, byte: number, from: number): number {
  const at = chunk.indexOf(byte, from);
  return at === -1 ? chunk.length : at;
}

/**
 * Tracks nesting and strings across chunks to find where the first object or array ends. Only the
 * structure is checked; JSON.parse judges the rest. A scalar value (not a payload anyway) has no
 * closing byte, so it is only complete at EOF.
 */
export class JsonScanner {
  depth = 0;
  started = false;
  scalar = false;
  tooDeep = false;
  private inString = false;
  private escaped = false;

  constructor(private maxDepth: number) {}

  /** Returns the index just past the value's last byte in `chunk`, or -1 when it has not ended. */
  feed(chunk: Uint8Array): number {
    if (this.scalar || this.tooDeep) return -1;
    let nextQuote = -1; // cached search results: each byte is searched at most once per chunk
    let nextSlash = -1;
    let i = 0;
    while (i < chunk.length) {
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
          i += 1;
          continue;
        }
        if (nextQuote < i) nextQuote = indexOrEnd(chunk, QUOTE, i);
        if (nextSlash < i) nextSlash = indexOrEnd(chunk, BACKSLASH, i);
        if (nextSlash < nextQuote) {
          this.escaped = true;
          i = nextSlash + 1;
        } else if (nextQuote < chunk.length) {
          this.inString = false;
          i = nextQuote + 1;
        } else return -1; // the string goes on in the next chunk
        continue;
      }
      const byte = chunk[i++];
      if (!this.started) {
        if (LEADING.has(byte)) continue;
        this.started = true;
        if (!OPENERS.has(byte)) {
          this.scalar = true;
          return -1;
        }
        this.depth = 1;
      } else if (byte === QUOTE) this.inString = true;
      else if (OPENERS.has(byte) && ++this.depth > this.maxDepth) {
        this.tooDeep = true;
        return -1;
      } else if (CLOSERS.has(byte) && --this.depth === 0) return i;
    }
    return -1;
  }
}

/** Returns the parsed value of the bytes, or a one-line reason they are not a JSON value. */
export function parseBytes(chunks: Uint8Array[], total: number, keepText = false): ReadResult {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(joinChunks(chunks, total));
  } catch {
    return { error: "stdin is not valid UTF-8" };
  }
  if (text.trim() === "") return { error: "stdin is empty" };
  try {
    return keepText ? { value: JSON.parse(text), text } : { value: JSON.parse(text) };
  } catch (err) {
    // JSON.parse recurses; absurd nesting overflows the stack instead of failing as a syntax error
    if (err instanceof RangeError) return { error: "stdin JSON nests too deeply to parse" };
    return { error: `stdin is not JSON: ${oneLine(err)}` };
  }
}

/** Returns what the bytes read by the deadline amount to: a scalar value, or why there is none. */
function atDeadline(chunks: Uint8Array[], total: number, why: Expiry): ReadResult {
  if (total === 0) return { error: `no payload on stdin within ${why.ms} ms` };
  const parsed = parseBytes(chunks, total); // a scalar has no closing byte; anything else is unfinished
  if (parsed.value !== undefined) return parsed;
  const detail = why.stalled ? `${total} bytes read, then nothing` : `${total} bytes read, still arriving`;
  return { error: `stdin did not complete a JSON value within ${why.ms} ms (${detail})` };
}

/** Why the read stopped early: no bytes for the stall deadline, or the overall cap. */
interface Expiry {
  ms: number;
  stalled: boolean;
}

type Source = AsyncIterable<Uint8Array | string>;
type Chunk = IteratorResult<Uint8Array | string>;

/** Where the bytes come from: the next chunk, and a way to end a pending next() (done) at the deadline. */
interface Pull {
  next(): Promise<Chunk>;
  stop(): void;
}

/**
 * Bun's stdin (far cheaper at start-up than process.stdin), read through its reader. Cancelling the
 * reader ends a pending read, so the deadline needs no Promise.race: the stream's async iterator and
 * the race cost ~0.4 ms more on every call.
 */
function stdinPull(): Pull {
  const reader = Bun.stdin.stream().getReader();
  return { next: () => reader.read() as Promise<Chunk>, stop: () => void reader.cancel().catch(() => {}) };
}

/** Any async iterable (tests, node streams): each pull races a promise that stop() settles. */
function iterablePull(source: Source): Pull {
  const it = source[Symbol.asyncIterator]();
  let stop = () => {};
  const stopped = new Promise<Chunk>((r) => (stop = () => r({ done: true, value: undefined })));
  return { next: () => Promise.race([it.next(), stopped]), stop };
}

/**
 * Keeps consuming stdin after the answer is known, so a harness still writing never gets EPIPE (Codex
 * marks the hook failed, Claude shows an error). The hook exits explicitly once it has answered, so a
 * stdin that never closes does not hold the process open.
 */
async function drain(pull: Pull): Promise<void> {
  try {
    while (!(await pull.next()).done);
  } catch {}
}

/**
 * Keeps the rest of a payload that cannot be parsed (up to maxBytes or the deadline), so its event can
 * still be found wherever it is named; returns `result`.
 */
async function readRest(chunks: Uint8Array[], total: number, pull: Pull, maxBytes: number, result: ReadResult): Promise<ReadResult> {
  try {
    for (;;) {
      const next = await pull.next();
      if (next.done) break;
      const bytes = typeof next.value === "string" ? Buffer.from(next.value) : next.value;
      const room = maxBytes - total;
      chunks.push(bytes.length > room ? bytes.subarray(0, room) : bytes);
      total += Math.min(bytes.length, room);
      if (total >= maxBytes) {
        drain(pull);
        break;
      }
    }
  } catch {}
  return result;
}

/**
 * Returns the first JSON value on `source` (default: stdin), or an error line when the bytes are empty,
 * not UTF-8, not JSON, larger than maxBytes, nested deeper than maxDepth, or incomplete at the deadline.
 * Never throws.
 */
export async function readPayload(source?: Source, opts: ReadOptions = {}): Promise<ReadResult> {
  const chunks: Uint8Array[] = [];
  const result = await readInto(chunks, source, opts);
  if (result.error === undefined || chunks.length === 0) return result;
  return { ...result, raw: Buffer.concat(chunks).toString("latin1") };
}

async function readInto(chunks: Uint8Array[], source: Source | undefined, opts: ReadOptions): Promise<ReadResult> {
  const { deadlineMs, totalMs, maxBytes, maxDepth, keepText } = { ...DEFAULTS, ...opts };
  const scanner = new JsonScanner(maxDepth);
  let total = 0;
  let pull: Pull;
  try {
    pull = source ? iterablePull(source) : stdinPull();
  } catch (err) {
    return { error: `cannot read stdin: ${oneLine(err)}` };
  }
  // Two deadlines: a stall (no bytes for deadlineMs since the last ones) and an overall cap. One timer
  // serves both: it fires at the earlier and, while bytes keep coming, is set again for what is left.
  // A payload that arrives at once (nearly every call) sets and clears one timer, not three.
  const started = performance.now();
  let lastBytes = started;
  let expired: Expiry | undefined;
  const check = () => {
    const now = performance.now();
    const stallLeft = deadlineMs - (now - lastBytes);
    const capLeft = totalMs - (now - started);
    if (stallLeft > 0 && capLeft > 0) {
      timer = setTimeout(check, Math.min(stallLeft, capLeft));
      return;
    }
    expired ??= stallLeft <= 0 ? { ms: deadlineMs, stalled: true } : { ms: totalMs, stalled: false };
    pull.stop();
  };
  let timer = setTimeout(check, Math.min(deadlineMs, totalMs));
  try {
    for (;;) {
      const next = await pull.next();
      if (next.done && expired) return atDeadline(chunks, total, expired);
      if (next.done) return total === 0 ? { error: "stdin is empty" } : parseBytes(chunks, total, keepText);
      const bytes = typeof next.value === "string" ? Buffer.from(next.value) : next.value;
      if (bytes.length > 0) lastBytes = performance.now();
      const end = scanner.feed(bytes);
      const used = end >= 0 ? bytes.subarray(0, end) : bytes;
      total += used.length;
      if (total > maxBytes) return { error: `payload is larger than ${maxBytes} bytes` };
      chunks.push(used);
      if (scanner.tooDeep) return await readRest(chunks, total, pull, maxBytes, { error: `payload nests deeper than ${maxDepth} levels` });
      if (end >= 0) {
        drain(pull);
        return parseBytes(chunks, total, keepText);
      }
    }
  } catch (err) {
    return { error: `cannot read stdin: ${oneLine(err)}` };
  } finally {
    clearTimeout(timer);
  }
}
