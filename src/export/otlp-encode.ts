// Decision records as OTLP: each record a log record, each hook call a span with its conditions as
// child spans. The wire encoding is OpenTelemetry's own (@opentelemetry/otlp-transformer's protobuf
// serializers), fed the plain shapes they read. Loaded by the shipper only, never on the hook's path.
import { ProtobufLogsSerializer, ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import type { DecisionRecord } from "../decisions/read";
import { inputText, shortBy } from "../decisions/read";
import { VERSION } from "../version";

type Attributes = Record<string, string | number | boolean | string[]>;
type HrTime = [number, number];

const SCOPE = { name: "agentihooks", version: VERSION };
/** SeverityNumber: INFO for a call that went through, WARN for ask, ERROR for deny, block or a hook error. */
const SEVERITY: Record<string, [number, string]> = { deny: [17, "ERROR"], block: [17, "ERROR"], error: [17, "ERROR"], ask: [13, "WARN"] };

function hrTime(ms: number): HrTime {
  const s = Math.floor(ms / 1000);
  return [s, Math.round((ms - s * 1000) * 1e6)];
}

const hex = (text: string, chars: number) => new Bun.CryptoHasher("sha256").update(text).digest("hex").slice(0, chars);

/** One trace per tool call (its pre and post records share it), one per hook call otherwise. */
function traceId(r: DecisionRecord): string {
  return hex(r.tool_use_id ? `${r.host}|${r.session}|${r.tool_use_id}` : `${r.host}|${r.t}|${r.prev}`, 32);
}

const spanId = (r: DecisionRecord, part = "") => hex(`${r.host}|${r.t}|${r.prev}|${r.event}|${part}`, 16);

/**
 * The record's attributes: OpenTelemetry's semantic-convention names where one exists (gen_ai.* for the
 * tool call and the conversation, error.type), agentihooks.* for the rest.
 */
export function recordAttributes(r: DecisionRecord): Attributes {
  const a: Attributes = { "event.name": "agentihooks.decision" };
  const put = (k: string, v: unknown) => {
    if (typeof v === "string" && v !== "") a[k] = v;
    else if (typeof v === "number" || typeof v === "boolean") a[k] = v;
  };
  put("gen_ai.conversation.id", r.session);
  put("gen_ai.tool.name", r.tool);
  put("gen_ai.tool.call.id", r.tool_use_id);
  put("agentihooks.hook.event", r.event);
  put("agentihooks.harness", r.harness ?? r.target);
  put("agentihooks.harness.version", r.harness_version);
  put("agentihooks.decision", r.decision ?? "none");
  put("agentihooks.rule", shortBy(r.by));
  put("agentihooks.reason", r.reason);
  put("agentihooks.input", inputText(r));
  put("agentihooks.duration_ms", r.duration_ms);
  put("agentihooks.exit", r.exit);
  put("agentihooks.ran", r.ran?.status);
  put("agentihooks.record.prev", r.prev);
  if (r.dynamic?.length) a["agentihooks.dynamic"] = r.dynamic;
  if (r.conditions?.length) a["agentihooks.conditions"] = r.conditions.map((c) => `${c.name}:${c.status}`);
  if (r.error) {
    put("error.type", "agentihooks.hook_error");
    put("agentihooks.error", r.error);
  }
  return a;
}

/** Resources by (host, user): one per machine account, shared by reference as the serializer groups by identity. */
function resources() {
  const made = new Map<string, { attributes: Attributes }>();
  return (r: DecisionRecord) => {
    const key = `${r.host}|${r.user}`;
    let res = made.get(key);
    if (!res) {
      res = { attributes: { "service.name": "agentihooks", "service.version": VERSION, "host.name": r.host ?? "", "user.name": r.user ?? "" } };
      made.set(key, res);
    }
    return res;
  };
}

const bodyOf = (r: DecisionRecord) =>
  r.error ? `error: ${r.error}` : `${r.decision ?? "no decision"} ${r.tool ?? r.event ?? ""}${r.by ? ` by ${shortBy(r.by)}` : ""}${r.reason ? `: ${r.reason}` : ""}`;

/** The OTLP/protobuf ExportLogsServiceRequest of `records`. */
export function encodeLogs(records: DecisionRecord[]): Uint8Array {
  const resourceOf = resources();
  const logRecords = records.map((r) => {
    const t = hrTime(Date.parse(r.t));
    const [severityNumber, severityText] = SEVERITY[r.error ? "error" : (r.decision ?? "")] ?? [9, "INFO"];
    return {
      hrTime: t,
      hrTimeObserved: t,
      severityNumber,
      severityText,
      body: bodyOf(r),
      eventName: "agentihooks.decision",
      attributes: recordAttributes(r),
      droppedAttributesCount: 0,
      resource: resourceOf(r),
      instrumentationScope: SCOPE,
      spanContext: { traceId: traceId(r), spanId: spanId(r), traceFlags: 1 },
    };
  });
  return ProtobufLogsSerializer.serializeRequest(logRecords as never) as Uint8Array;
}

/** The OTLP/protobuf ExportTraceServiceRequest: a span per hook call, a child span per condition. */
export function encodeTraces(records: DecisionRecord[]): Uint8Array {
  const resourceOf = resources();
  const spans: unknown[] = [];
  for (const r of records) {
    const end = Date.parse(r.t);
    const start = end - (r.duration_ms ?? 0);
    const trace = traceId(r);
    const id = spanId(r);
    const failed = r.error || r.decision === "deny" || r.decision === "block";
    const span = (name: string, sid: string, from: number, to: number, attributes: Attributes, parent?: string, error?: string) => ({
      name,
      kind: 0,
      spanContext: () => ({ traceId: trace, spanId: sid, traceFlags: 1 }),
      parentSpanContext: parent ? { traceId: trace, spanId: parent, traceFlags: 1 } : undefined,
      startTime: hrTime(from),
      endTime: hrTime(to),
      duration: hrTime(to - from),
      attributes,
      droppedAttributesCount: 0,
      events: [],
      droppedEventsCount: 0,
      links: [],
      droppedLinksCount: 0,
      status: error === undefined ? { code: 0 } : { code: 2, message: error },
      ended: true,
      resource: resourceOf(r),
      instrumentationScope: SCOPE,
    });
    spans.push(span(`hook ${r.event ?? ""} ${r.tool ?? ""}`.trim(), id, start, end, recordAttributes(r), undefined, failed ? (r.error ?? r.reason ?? r.decision) : undefined));
    (r.conditions ?? []).forEach((c, i) => {
      const bad = c.status === "crashed" || c.status === "timeout" || c.status === "bad-output";
      spans.push(
        span(`condition ${c.name}`, spanId(r, `${i}`), start, start + (c.ms ?? 0), { "agentihooks.condition": c.name, "agentihooks.condition.source": c.source ?? "", "agentihooks.condition.status": c.status ?? "" }, id, bad ? (c.error ?? c.status) : undefined),
      );
    });
  }
  return ProtobufTraceSerializer.serializeRequest(spans as never) as Uint8Array;
}
