/** state.json: the linked bundle, per target the profile chain and linked profiles, and what is disabled. */
export const stateSchema = {
  $id: "state",
  type: "object",
  properties: {
    version: { type: "integer", minimum: 1 },
    bundle: {
      anyOf: [
        { type: "null" },
        {
          type: "object",
          properties: { path: { type: "string", minLength: 1 }, linked_at: { type: "string" }, owner: { type: ["string", "null"] } },
          required: ["path"],
        },
      ],
    },
    linked_profiles: { type: "object", additionalProperties: { type: "string", minLength: 1 } },
    disabled: { type: "array", items: { type: "string", minLength: 1 } },
    targets: {
      type: "object",
      propertyNames: { enum: ["claude", "codex", "copilot", "gemini", "opencode", "droid", "cline", "qwen", "kimi", "global"] },
      additionalProperties: {
        type: "object",
        properties: {
          profiles: { type: "array", items: { type: "string", pattern: "^[A-Za-z0-9_.-]+$" } },
          linked_profiles: { type: "object", additionalProperties: { type: "string", minLength: 1 } },
        },
      },
    },
  },
} as const;
