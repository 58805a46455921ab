/** `<step>-<matcher>-<name>.rules.toml`: declarative rules (docs/rules.md), read with Bun.TOML. */
const decision = { enum: ["deny", "ask", "allow", "context", "off"] } as const;
const dynamicDecision = { enum: ["deny", "ask", "ignore"] } as const;
const perPreset = (d: object) => ({
  anyOf: [d, { type: "object", properties: { default: d, strict: d, paranoid: d }, additionalProperties: false, minProperties: 1 }],
});
const names = { anyOf: [{ type: "string", minLength: 1 }, { type: "array", items: { type: "string", minLength: 1 }, minItems: 1 }] } as const;
const list = { type: "array", items: { type: "string", minLength: 1 } } as const;
const anyAllNone = (extra: Record<string, object> = {}) => ({
  type: "object",
  properties: { any: list, all: list, none: list, ...extra },
  additionalProperties: false,
});

export const rulesSchema = {
  $id: "rules",
  type: "object",
  properties: {
    version: { const: 1 },
    description: { type: "string" },
    protected_branches: list,
    on_dynamic: perPreset(dynamicDecision),
    commands: {
      type: "object",
      additionalProperties: {
        type: "object",
        properties: {
          flags: list,
          values: list,
          optional: list,
          aliases: { type: "object", additionalProperties: { type: "string", pattern: "^-" } },
          single_dash: { type: "boolean" },
          lists: { type: "object", additionalProperties: { type: "array", items: { type: "string", minLength: 1 }, minItems: 1 } },
          default_operand: { type: "string", minLength: 1 },
        },
        additionalProperties: false,
      },
    },
    rule: {
      type: "array",
      items: {
        type: "object",
        properties: {
          id: { type: "string", pattern: "^[a-z0-9_-]+(\\.[a-z0-9_-]+)+$" },
          program: names,
          subcommand: names,
          tools: list,
          options: anyAllNone(),
          operands: anyAllNone({ skip: { type: "integer", minimum: 0 }, min: { type: "integer", minimum: 0 }, max: { type: "integer", minimum: 0 } }),
          values: anyAllNone({ options: { type: "array", items: { type: "string", pattern: "^-" }, minItems: 1 } }),
          redirects: anyAllNone(),
          paths: anyAllNone(),
          when: list,
          decision: perPreset(decision),
          on_dynamic: perPreset(dynamicDecision),
          reason: { type: "string", minLength: 1 },
          alternative: { type: "string" },
        },
        required: ["id", "decision", "reason"],
        anyOf: [{ required: ["program"] }, { required: ["tools"] }],
        additionalProperties: false,
      },
    },
    allow: {
      type: "array",
      items: {
        type: "object",
        properties: {
          rule: { type: "string", minLength: 1 },
          reason: { type: "string", minLength: 1 },
          command: { type: "string", minLength: 1 },
          cwd: { type: "string", minLength: 1 },
        },
        required: ["rule", "reason"],
        additionalProperties: false,
      },
    },
  },
  required: ["version"],
  additionalProperties: false,
} as const;
