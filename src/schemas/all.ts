// Every JSON schema the tool reads with; scripts/gen-validators.ts compiles them at build time.
// Add a schema: export it from its own file and list it here as `validate<Name>: schema`; its validator
// is src/generated/validators/<name>.js, and add that file to VALIDATORS in the Makefile.
import { casesSchema } from "./cases";
import { enforcementListSchema } from "./enforcement";
import { rulesSchema } from "./rules";
import { stateSchema } from "./state";

export const schemas = {
  validateState: stateSchema,
  validateEnforcementList: enforcementListSchema,
  validateCases: casesSchema,
  validateRules: rulesSchema,
};
