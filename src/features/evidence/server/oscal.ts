import "server-only";
import { createHash } from "node:crypto";
import Ajv, { type ValidateFunction } from "ajv";
import { CONTROL_FAMILIES, type ControlFamily, caseControls, type PlanCase } from "@/features/evidence/validation";
import schema from "./oscal/oscal_assessment-results_schema.json";

// The evidence pack's machine-readable twin (docs/PRODUCT.md#evidence-packs): OSCAL
// assessment-results, one result holding an observation per recorded case and target, and a
// finding per case run (held: satisfied, failed: not satisfied) naming its controls; validated
// against the OSCAL v1.0.6 schema kept in server/oscal/.

export const OSCAL_VERSION = "1.0.6";
const NS = "https://evidence.invalid/ns/oscal";

export type OscalInput = {
  packId: string;
  title: string;
  issuedAt: Date;
  firm: string;
  client: string;
  planVersionId: string;
  plan: { name: string; version: number; methodology: string; cases: PlanCase[] };
  window: { start: string; end: string } | null;
  results: {
    caseNo: string;
    target: string;
    status: string;
    trials: number | null;
    successes: number | null;
    reason: string | null;
    recordedAt: string;
  }[];
};

/** A name-based UUID (version 5 layout) from the pack and a key: the same pack always writes the same document. */
function uuidOf(packId: string, key: string): string {
  const hex = createHash("sha1").update(`${packId}:${key}`).digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const FAMILY_TOKEN: Record<ControlFamily, string> = {
  owasp: "owasp-llm-2025",
  atlas: "atlas",
  euAiAct: "eu-ai-act",
  nist: "nist-ai",
  iso42001: "iso-42001",
};

/** An OSCAL token for a mapped control ("eu-ai-act_art-15-5", "atlas_AML.T0051.000"). */
export const controlToken = (family: ControlFamily, id: string) =>
  `${FAMILY_TOKEN[family]}_${id.replace(/[^A-Za-z0-9.]+/g, "-").replace(/^-+|-+$/g, "")}`;

const iso = (d: Date) => d.toISOString();

export function buildOscal(input: OscalInput): Record<string, unknown> {
  const caseOf = new Map(input.plan.cases.map((c) => [c.no, c]));
  const controls = new Set<string>();
  for (const c of input.plan.cases)
    for (const family of CONTROL_FAMILIES) for (const id of caseControls(c, family)) controls.add(controlToken(family, id));
  const start = input.window ? new Date(`${input.window.start}T00:00:00Z`) : input.issuedAt;
  const end = input.window ? new Date(`${input.window.end}T23:59:59Z`) : input.issuedAt;
  const observations = input.results.map((r) => {
    const c = caseOf.get(r.caseNo);
    const measured = r.trials != null ? ` ${r.successes} successes in ${r.trials} trials.` : "";
    return {
      uuid: uuidOf(input.packId, `observation:${r.target}:${r.caseNo}`),
      title: `${r.caseNo} on ${r.target}`,
      description: `${c?.title ?? r.caseNo}: ${r.status.replace("_", " ")}.${measured}${r.reason ? ` Reason: ${r.reason}` : ""}`,
      props: [
        { name: "case-status", ns: NS, value: r.status },
        { name: "target", ns: NS, value: r.target },
      ],
      methods: ["TEST"],
      collected: new Date(r.recordedAt).toISOString(),
    };
  });
  const findings = input.results
    .filter((r) => r.status === "held" || r.status === "failed")
    .map((r) => {
      const c = caseOf.get(r.caseNo)!;
      const mapped = CONTROL_FAMILIES.flatMap((family) => caseControls(c, family).map((id) => controlToken(family, id)));
      return {
        uuid: uuidOf(input.packId, `finding:${r.target}:${r.caseNo}`),
        title: `${r.caseNo} ${c.title} (${r.target})`,
        description: `Acceptance criterion: ${c.acceptance}`,
        props: mapped.map((value) => ({ name: "mapped-control", ns: NS, value })),
        target: {
          type: "objective-id",
          "target-id": r.caseNo,
          status: { state: r.status === "held" ? "satisfied" : "not-satisfied" },
        },
        "related-observations": [{ "observation-uuid": uuidOf(input.packId, `observation:${r.target}:${r.caseNo}`) }],
      };
    });
  const result: Record<string, unknown> = {
    uuid: uuidOf(input.packId, "result"),
    title: input.title,
    description: `${input.plan.name}, version ${input.plan.version}. ${input.plan.methodology}`,
    start: iso(start),
    end: iso(end),
    "reviewed-controls": { "control-selections": [{ "include-controls": [...controls].sort().map((id) => ({ "control-id": id })) }] },
  };
  if (observations.length > 0) result.observations = observations;
  if (findings.length > 0) result.findings = findings;
  return {
    "assessment-results": {
      uuid: uuidOf(input.packId, "assessment-results"),
      metadata: {
        title: input.title,
        "last-modified": iso(input.issuedAt),
        version: "1",
        "oscal-version": OSCAL_VERSION,
        parties: [
          { uuid: uuidOf(input.packId, "party:firm"), type: "organization", name: input.firm },
          { uuid: uuidOf(input.packId, "party:client"), type: "organization", name: input.client },
        ],
      },
      "import-ap": { href: `#test-plan-${input.planVersionId}`, remarks: `${input.plan.name}, version ${input.plan.version}` },
      results: [result],
    },
  };
}

let validator: ValidateFunction | null = null;

/** The schema's complaints about a document, or an empty list when it validates. */
export function oscalErrors(document: unknown): string[] {
  validator ??= new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(schema);
  return validator(document) ? [] : (validator.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? "is invalid"}`);
}
