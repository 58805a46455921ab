/**
 * One enforcements.json entry list (the root is either this list or `{"enforcements": <list>}`; the
 * loader unwraps it). cadence is an integer >= 1; matcher uses the conditions' grammar and is parsed
 * separately, since a pattern cannot express it. Unknown keys are kept: files written by newer
 * versions (`type: "rule"`, `path`) must not make an older binary reject the whole file.
 */
export const enforcementListSchema = {
  $id: "enforcement-list",
  type: "array",
  items: {
    type: "object",
    required: ["id", "message", "cadence"],
    properties: {
      id: { type: "string", minLength: 1, maxLength: 128 },
      message: { type: "string", minLength: 1 },
      cadence: { type: "integer", minimum: 1 },
      matcher: { type: ["string", "null"] },
      tag: { type: ["string", "null"] },
      created_at: { type: "string" },
    },
  },
} as const;
