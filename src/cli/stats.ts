import { defineCommand } from "citty";

export default defineCommand({ meta: { name: "stats", description: "not yet" }, run() {} });
