import { defineCommand } from "citty";

export default defineCommand({ meta: { name: "conditions-test", description: "not yet" }, run() {} });
