import { defineCommand } from "citty";

export default defineCommand({ meta: { name: "conditions-lint", description: "not yet" }, run() {} });
