// Where decision records go over OTLP: the standard OTEL_EXPORTER_OTLP_* variables (signal-specific
// first), or AGENTIHOOKS_OTLP_ENDPOINT; AGENTIHOOKS_OTLP=off turns export off whatever else is set.
// Only OTLP over HTTP with protobuf bodies is spoken. Cheap: the hook reads this on every call.

export interface OtlpTarget {
  logs: string;
  traces: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** A configuration the shipper cannot honour exactly, said once per run. */
  warning?: string;
}

const joinPath = (base: string, path: string) => `${base.replace(/\/+$/, "")}${path}`;

/** Parses `k=v,k2=v2` (values URL-encoded), as the OpenTelemetry specification defines the headers variable. */
function headers(text: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (text ?? "").split(",")) {
    const at = part.indexOf("=");
    if (at <= 0) continue;
    try {
      out[decodeURIComponent(part.slice(0, at).trim())] = decodeURIComponent(part.slice(at + 1).trim());
    } catch {}
  }
  return out;
}

/** Returns where to send, or undefined when export is off or no endpoint is configured. */
export function otlpTarget(env: Record<string, string | undefined> = process.env): OtlpTarget | undefined {
  if (/^(0|off|false|no)$/i.test(env.AGENTIHOOKS_OTLP ?? "")) return undefined;
  const base = env.AGENTIHOOKS_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const logs = env.OTEL_EXPORTER_OTLP_LOGS_ENDPOINT || (base ? joinPath(base, "/v1/logs") : undefined);
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || (base ? joinPath(base, "/v1/traces") : undefined);
  if (!logs || !traces) return undefined;
  const timeout = Number(env.OTEL_EXPORTER_OTLP_TIMEOUT);
  const protocol = env.OTEL_EXPORTER_OTLP_PROTOCOL;
  return {
    logs,
    traces,
    headers: { ...headers(env.OTEL_EXPORTER_OTLP_HEADERS), ...headers(env.OTEL_EXPORTER_OTLP_LOGS_HEADERS) },
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 10_000,
    warning: protocol && protocol !== "http/protobuf" ? `OTEL_EXPORTER_OTLP_PROTOCOL=${protocol}: agentihooks sends http/protobuf` : undefined,
  };
}
