// Features that sit around the conditions on every call (the gate, enforcements) plug in here, so the
// pipeline keeps one fixed order and each feature stays in its own folder.
import { enforcementStage } from "./enforcement/stage";
import { gateStage } from "./gate/stage";
import type { Stage } from "./stage-context";

export type { GuardVerdict, Stage, StageContext } from "./stage-context";

/** The registered stages, in order. */
// The gate first: a write to conditions is denied before anything else looks at the call.
export const STAGES: Stage[] = [gateStage, enforcementStage];
