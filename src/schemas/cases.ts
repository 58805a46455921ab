/** `_<name>.cases.json` beside a condition: the cases `conditions test` runs (details checked per case). */
export const casesSchema = {
  $id: "cases",
  type: "object",
  properties: {
    condition: { type: "string", minLength: 1 },
    cases: {
      type: "array",
      items: {
        type: "object",
        properties: { name: { type: "string", minLength: 1 }, expect: { type: "object" } },
        required: ["name", "expect"],
      },
    },
  },
  required: ["cases"],
} as const;
