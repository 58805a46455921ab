// Secret shapes: the well-known forms of credentials, found in any text so a record can mask them.
// A shape must be specific enough that ordinary commands are left alone (a false mask hides what ran);
// `key=value` forms are masked only for names that say secret, token, password or key.

export interface SecretShape {
  kind: string;
  pattern: RegExp;
  /** The capture group holding the secret itself (0: the whole match). */
  group?: number;
  /** The pattern ignores case (its `ignoreCase`, kept as a field: reading a RegExp's flag on every call costs). */
  lower?: true;
  /**
   * Literal text every match holds (one of them), looked for in the lower-cased text when the pattern
   * ignores case: a text holding none is not searched. Running a regular expression the first time
   * costs ~0.03 ms each (14 on every hook call's record); an `includes` costs next to nothing.
   */
  needles: string[];
}

export const SECRET_SHAPES: SecretShape[] = [
  { kind: "private-key", pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|$)/g, needles: ["PRIVATE KEY"] },
  { kind: "aws-access-key-id", pattern: /(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}(?![A-Z0-9])/g, needles: ["AKIA", "ASIA", "ABIA", "ACCA"] },
  { kind: "github-token", pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})/g, needles: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"] },
  { kind: "gitlab-token", pattern: /\bglpat-[A-Za-z0-9_-]{20,}/g, needles: ["glpat-"] },
  { kind: "slack-token", pattern: /\bxox[baprse]-[A-Za-z0-9-]{10,}/g, needles: ["xox"] },
  { kind: "anthropic-key", pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/g, needles: ["sk-ant-"] },
  { kind: "openai-key", pattern: /\bsk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{32,}/g, needles: ["sk-"] },
  { kind: "stripe-key", pattern: /\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}/g, needles: ["k_live_", "k_test_"] },
  { kind: "google-api-key", pattern: /\bAIza[0-9A-Za-z_-]{35}/g, needles: ["AIza"] },
  { kind: "npm-token", pattern: /\bnpm_[A-Za-z0-9]{36}/g, needles: ["npm_"] },
  { kind: "jwt", pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, needles: ["eyJ"] },
  { kind: "bearer", pattern: /\b(?:Bearer|Basic|token)\s+([A-Za-z0-9._~+/=-]{16,})/g, group: 1, needles: ["Bearer", "Basic", "token"] },
  { kind: "url-password", pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@'"]+:([^\s@/'"]+)@/gi, group: 1, lower: true, needles: ["://"] },
  {
    kind: "assignment",
    pattern: /\b[A-Za-z0-9_.-]*(?:secret|token|passw(?:or)?d|passwd|api[_-]?key|access[_-]?key|private[_-]?key|credentials?)[A-Za-z0-9_.-]*["']?\s*[:=]\s*["']?([^\s"'&;|]{6,})/gi,
    group: 1,
    lower: true,
    needles: ["secret", "token", "passw", "api", "access", "private", "credential"],
  },
];

export interface SecretMatch {
  kind: string;
  start: number;
  end: number;
}

/**
 * True when `text` holds one of `needles`. A plain loop: `some` with a closure, called for every shape
 * of every string of every record, got hot enough on each hook call for the JIT to compile it on a
 * thread of its own (bench/README entry 33).
 */
function holdsAny(text: string, needles: readonly string[]): boolean {
  for (let i = 0; i < needles.length; i++) if (text.includes(needles[i])) return true;
  return false;
}

/** Returns every secret found in `text`, by position, overlapping matches merged into the first. */
export function findSecrets(text: string): SecretMatch[] {
  const found: SecretMatch[] = [];
  let lower: string | undefined;
  for (const shape of SECRET_SHAPES) {
    const haystack = shape.lower ? (lower ??= text.toLowerCase()) : text;
    if (!holdsAny(haystack, shape.needles)) continue;
    // exec, not matchAll: the first matchAll of a process costs ~0.2 ms
    const pattern = shape.pattern;
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      if (m[0] === "") pattern.lastIndex++;
      const secret = m[shape.group ?? 0];
      if (!secret) continue;
      const start = (m.index ?? 0) + m[0].indexOf(secret);
      found.push({ kind: shape.kind, start, end: start + secret.length });
    }
  }
  if (found.length > 1) found.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: SecretMatch[] = [];
  for (const f of found) {
    const last = merged[merged.length - 1];
    if (last && f.start < last.end) last.end = Math.max(last.end, f.end);
    else merged.push({ ...f });
  }
  return merged;
}

/** Returns `text` with every secret replaced by `[redacted:<kind>]`. */
export function redactText(text: string): string {
  const found = findSecrets(text);
  if (!found.length) return text;
  let out = "";
  let at = 0;
  for (const f of found) {
    out += `${text.slice(at, f.start)}[redacted:${f.kind}]`;
    at = f.end;
  }
  return out + text.slice(at);
}

/** Returns a JSON value with every string redacted (keys are kept: they name fields, not secrets). */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactText(value);
  if (depth > 32 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = redactValue(v, depth + 1);
  return out;
}
