// What judging a call with a match needs, loaded as one chunk by the pipeline (import(): one module
// boundary instead of four on every call that matches something).
export { fileProblem } from "../conditions/file-check";
export { runConditions } from "./parallel";
export { presetOf } from "../rules/preset";
export { NO_RUNNER, runnerFor } from "./runner";
