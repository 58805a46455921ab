// Reading the hook payload. Harnesses do not reliably close stdin (Copilot 1.0.64-1.0.68 never does,
// Claude on Windows 2.1.208-2.1.211 sometimes does not), so the read stops at the first complete JSON
// value, at EOF, or at a short deadline, whichever comes first. A byte scanner finds where the value
// ends, so a large payload is decoded and parsed once, not once per chunk.
import { oneLine } from "../errors";

export interface ReadOptions {
  /** Overall read deadline; the harness is waiting on us. */
  deadlineMs?: number;
  /** Larger payloads are refused. */
  maxBytes?: number;
  /** Deeper nesting is refused before parsing (every later JSON walk would recurse that deep too). */
  maxDepth?: number;
}

export interface ReadResult {
  value?: unknown;
  /** One line saying why there is no value. */
  error?: string;
  /** With an error: the first bytes read, so the caller can tell a garbled PreToolUse (fail closed). */
  head?: string;
}

const DEFAULTS = { deadlineMs: 1500, maxBytes: 64 * 1024 * 1024, maxDepth: 512 };

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
export function parseBytes(chunks: Uint8Array[], total: number): ReadResult {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks, total));
  } catch {
    return { error: "stdin is not valid UTF-8" };
  }
  if (text.trim() === "") return { error: "stdin is empty" };
  try {
    return { value: JSON.parse(text) };
  } catch (err) {
    // JSON.parse recurses; absurd nesting overflows the stack instead of failing as a syntax error
    if (err instanceof RangeError) return { error: "stdin JSON nests too deeply to parse" };
    return { error: `stdin is not JSON: ${oneLine(err)}` };
  }
}

/** Returns what the bytes read by the deadline amount to: a scalar value, or why there is none. */
function atDeadline(chunks: Uint8Array[], total: number, deadlineMs: number): ReadResult {
  if (total === 0) return { error: `no payload on stdin within ${deadlineMs} ms` };
  const parsed = parseBytes(chunks, total); // a scalar has no closing byte; anything else is unfinished
  return parsed.value !== undefined ? parsed : { error: `stdin did not complete a JSON value within ${deadlineMs} ms` };
}

type Source = AsyncIterable<Uint8Array | string>;

/**
 * Keeps consuming stdin after the answer is known, so a harness still writing never gets EPIPE (Codex
 * marks the hook failed, Claude shows an error). The hook exits explicitly once it has answered, so a
 * stdin that never closes does not hold the process open.
 */
function drain(it: AsyncIterator<Uint8Array | string>): void {
  const pull = (): void => {
    it.next().then((r) => (r.done ? undefined : pull()), () => {});
  };
  pull();
}

/** Returns the default source: Bun's stdin stream, which costs far less at start-up than process.stdin. */
function defaultSource(): Source {
  return Bun.stdin.stream() as unknown as Source;
}

/**
 * Returns the first JSON value on `source`, or an error line when the bytes are empty, not UTF-8, not
 * JSON, larger than maxBytes, nested deeper than maxDepth, or incomplete at the deadline. Never throws.
 */
export async function readPayload(source: Source = defaultSource(), opts: ReadOptions = {}): Promise<ReadResult> {
  const chunks: Uint8Array[] = [];
  const result = await readInto(chunks, source, opts);
  if (result.error === undefined || chunks.length === 0) return result;
  return { ...result, head: Buffer.from(chunks[0].subarray(0, 512)).toString("latin1") };
}

async function readInto(chunks: Uint8Array[], source: Source, opts: ReadOptions): Promise<ReadResult> {
  const { deadlineMs, maxBytes, maxDepth } = { ...DEFAULTS, ...opts };
  const scanner = new JsonScanner(maxDepth);
  let total = 0;
  let it: AsyncIterator<Uint8Array | string>;
  try {
    it = source[Symbol.asyncIterator]();
  } catch (err) {
    return { error: `cannot read stdin: ${oneLine(err)}` };
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<"deadline">((r) => (timer = setTimeout(() => r("deadline"), deadlineMs)));
  try {
    for (;;) {
      const next = await Promise.race([it.next(), deadline]);
      if (next === "deadline") return atDeadline(chunks, total, deadlineMs);
      if (next.done) return total === 0 ? { error: "stdin is empty" } : parseBytes(chunks, total);
      const bytes = typeof next.value === "string" ? Buffer.from(next.value) : next.value;
      const end = scanner.feed(bytes);
      const used = end >= 0 ? bytes.subarray(0, end) : bytes;
      total += used.length;
      if (total > maxBytes) return { error: `payload is larger than ${maxBytes} bytes` };
      chunks.push(used);
      if (scanner.tooDeep) return { error: `payload nests deeper than ${maxDepth} levels` };
      if (end >= 0) {
        drain(it);
        return parseBytes(chunks, total);
      }
    }
  } catch (err) {
    return { error: `cannot read stdin: ${oneLine(err)}` };
  } finally {
    clearTimeout(timer);
  }
}
