// agentihooks.js is embedded as text (`with { type: "text" }`) and written by init (src/setup/opencode-plugin.ts).
declare const text: string;
export default text;
