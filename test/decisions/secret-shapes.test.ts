// The secret shapes' needles: a text holding none of a shape's needles is not searched with its
// pattern, so every match the pattern can make must hold one. Checked on a sample of each shape (in
// the case spellings a case-blind pattern accepts) and on generated texts around them; the compiled
// executable's own redaction is covered by log.test.ts.
import { describe, expect, test } from "bun:test";
import { SECRET_SHAPES, findSecrets, redactText } from "../../src/decisions/secret-shapes";

/** One text per shape that its pattern matches. */
const SAMPLES: Record<string, string[]> = {
  "private-key": ["-----BEGIN RSA PRIVATE KEY-----\nMIIabc\n-----END RSA PRIVATE KEY-----", "-----BEGIN PRIVATE KEY-----\nabc"],
  "aws-access-key-id": ["AKIAIOSFODNN7EXAMPLE", "ASIA0123456789ABCDEF", "ABIA0123456789ABCDEF", "ACCA0123456789ABCDEF"],
  "github-token": ["ghp_0123456789abcdefghijABCDEFGHIJ012345", "gho_0123456789abcdefghijABCDEFGHIJ012345", "ghu_0123456789abcdefghijABCDEFGHIJ012345", "ghs_0123456789abcdefghijABCDEFGHIJ012345", "ghr_0123456789abcdefghijABCDEFGHIJ012345", "github_pat_0123456789abcdefghij_KLMNOP"],
  "gitlab-token": ["glpat-0123456789abcdefghij"],
  "slack-token": ["xoxb-0123456789-abc", "xoxp-0123456789abc"],
  "anthropic-key": ["sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345"],
  "openai-key": ["sk-proj-0123456789abcdefghijklmnopqrstuv", "sk-0123456789abcdefghijklmnopqrstuvwx"],
  "stripe-key": ["sk_live_0123456789abcdef", "rk_test_0123456789abcdef"],
  "google-api-key": ["AIza0123456789abcdefghijklmnopqrstuvwxy"],
  "npm-token": ["npm_0123456789abcdefghijklmnopqrstuvwxyz"],
  jwt: ["eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.abcdefghijklmnop"],
  bearer: ["Authorization: Bearer abcdefghijklmnop0123", "Basic dXNlcjpwYXNzd29yZDEyMzQ=", "token 0123456789abcdefABCDEF"],
  "url-password": ["https://bob:s3cr3tpass@example.com/r.git", "HTTPS://Bob:Pw@Example.com", "git+ssh://u:p@h"],
  assignment: ["PGPASSWORD=hunter2secret", "Api_Key: 'abcdef123'", "MY_SECRET=abcdefgh", "github_token=abcdef1234", "AWS_ACCESS-KEY=abcdefgh", "Private_Key=\"abcdefgh\"", "CREDENTIALS=abcdef12", "db_passwd=abcdefg"],
};

/** Spellings a case-blind pattern also matches: upper-cased and alternating case. */
function spellings(text: string, ignoreCase: boolean): string[] {
  if (!ignoreCase) return [text];
  const alternating = [...text].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join("");
  return [text, text.toUpperCase(), text.toLowerCase(), alternating];
}

describe("secret shapes' needles", () => {
  test("every shape has a sample", () => {
    for (const s of SECRET_SHAPES) expect(SAMPLES[s.kind]?.length ?? 0).toBeGreaterThan(0);
  });

  test("`lower` says exactly which patterns ignore case (the needles are looked for in the lower-cased text)", () => {
    for (const s of SECRET_SHAPES) expect([s.kind, s.lower === true]).toEqual([s.kind, s.pattern.ignoreCase]);
  });

  test("every match of every pattern holds one of its needles", () => {
    let checked = 0;
    for (const shape of SECRET_SHAPES) {
      for (const sample of SAMPLES[shape.kind]) {
        for (const text of spellings(sample, shape.pattern.ignoreCase)) {
          for (const around of [text, `x ${text} y`, `echo "${text}"; ls`]) {
            const re = new RegExp(shape.pattern.source, shape.pattern.flags);
            const matches = [...around.matchAll(re)];
            if (around === text && text === sample) expect(matches.length).toBeGreaterThan(0);
            for (const m of matches) {
              const hay = shape.pattern.ignoreCase ? m[0].toLowerCase() : m[0];
              expect(shape.needles.some((n) => hay.includes(n))).toBe(true);
              checked++;
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  test("the filter changes no answer: each sample is found, and plain commands are left alone", () => {
    for (const shape of SECRET_SHAPES) for (const sample of SAMPLES[shape.kind]) expect(findSecrets(`run ${sample} now`).length).toBeGreaterThan(0);
    for (const plain of ["ls", "git status", "npm test -- --watch", "curl https://example.com/api/v1", "cat private/notes.txt"]) expect(redactText(plain)).toBe(plain);
    expect(redactText("a=1 TOKEN=abcdefgh b")).toBe("a=1 TOKEN=[redacted:assignment] b");
  });
});
