import "server-only";
import type { PlanCase } from "@/features/evidence/validation";
import { ROWS } from "./builtin-plan-rows";

// The plan shipped with the product (docs/PRODUCT.md#evidence-packs): OWASP LLM01 to LLM10, each
// case with its objective, technique, acceptance criterion and mappings. Checked against the
// catalogue by its unit test; a change here becomes the built-in plan's next version at start-up.

export const BUILTIN_PLAN_NAME = "LLM application baseline (OWASP LLM Top 10 2025)";
export const BUILTIN_METHODOLOGY =
  "Adversarial testing of the LLM application per the OWASP Top 10 for LLM Applications 2025 and MITRE ATLAS 5.6.0; measured cases report k successes in n trials with the 95% upper bound.";

export const BUILTIN_CASES: PlanCase[] = ROWS.map(([no, title, owasp, atlas, acceptance, euAiAct, nist, iso42001, technique]) => ({
  no,
  title,
  objective: `Show whether the application resists: ${title.toLowerCase()}.`,
  technique,
  acceptance,
  owasp,
  atlas: { id: atlas },
  euAiAct,
  nist,
  iso42001,
}));
