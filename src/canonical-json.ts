// One JSON text per value whatever the order of its keys: compact, every object's keys sorted, keys
// whose value is undefined left out (as JSON.stringify leaves them). Copilot's tool-call ids and Codex's
// hook-trust hashes are computed from it, so it runs on the hook's path: it imports nothing.

/** Returns `value` as compact JSON with every object's keys sorted (serde_json's canonical form). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj).filter((k) => obj[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
