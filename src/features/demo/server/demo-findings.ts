import "server-only";
import type { FindingSeverity, FindingStatus } from "@/lib/domain/finding";
import { DEMO_CLIENTS, DEMO_PROJECTS } from "./demo-data";
import { DEMO_RERUNS } from "./demo-reruns";
import { DEMO_JAILBREAK_EVIDENCE, DEMO_MEASURED } from "./demo-measurements";

// The demo findings (docs/PRODUCT.md#portal-findings): Acme's LLM gateway engagement has one in
// every state, a draft among them that Acme must never see; Globex has one of its own. Dates are
// counted from the seeding, so the overdue one stays overdue and the risk acceptance current.

const id = (n: number) => `00000000-0000-4000-8000-f1${String(n).padStart(10, "0")}`;
const day = (days: number) => new Date(Date.now() + days * 86_400_000);
const isoDay = (days: number) => day(days).toISOString().slice(0, 10);

const ACME_ENGAGEMENT = DEMO_PROJECTS.find((p) => p.clientId === DEMO_CLIENTS.acme.id)!.id;
const GLOBEX_ENGAGEMENT = DEMO_PROJECTS.find((p) => p.clientId === DEMO_CLIENTS.globex.id)!.id;

export type DemoFinding = {
  id: string;
  clientId: string;
  projectId: string;
  title: string;
  severity: FindingSeverity;
  status: FindingStatus;
  cvssVector: string | null;
  cvssScoreTenths: number | null;
  assets: string;
  description: string;
  remediation: string;
  references: string;
  /** The AI-security taxonomy (docs/PRODUCT.md#portal-findings): OWASP LLM ids and MITRE ATLAS techniques. */
  owaspLlm?: string[];
  atlas?: string[];
  /** The firm's reason for an outcome (withdrawn, false positive). */
  outcomeReason?: string;
  /** Days before the seeding it was published (null: a draft). */
  publishedDaysAgo: number | null;
  dueInDays: number | null;
};

const acme = (f: Omit<DemoFinding, "clientId" | "projectId">): DemoFinding => ({
  ...f,
  clientId: DEMO_CLIENTS.acme.id,
  projectId: ACME_ENGAGEMENT,
});

/** The finding Acme's owner gave its member to remediate (docs/PRODUCT.md#portal-findings). */
export const DEMO_OWNED_FINDING_ID = id(3);

const MEASURED_PUBLISHED_DAYS_AGO = 12;
const MEASURED_IDS = new Set<string>([DEMO_MEASURED.jailbreak.findingId, DEMO_MEASURED.extraction.findingId]);

export const DEMO_DRAFT_FINDING_TITLE = "Draft: prompt injection in support bot";

export const DEMO_FINDINGS: DemoFinding[] = [
  acme({
    id: id(1),
    title: DEMO_DRAFT_FINDING_TITLE,
    owaspLlm: ["LLM01"],
    atlas: ["AML.T0051"],
    severity: "high",
    status: "draft",
    cvssVector: null,
    cvssScoreTenths: null,
    assets: "support-bot.acme.example",
    description: "Still being verified: instructions hidden in a ticket change the bot's answers.",
    remediation: "",
    references: "",
    publishedDaysAgo: null,
    dueInDays: null,
  }),
  acme({
    id: id(2),
    title: "System prompt disclosed through the gateway's debug route",
    owaspLlm: ["LLM07"],
    atlas: ["AML.T0056"],
    severity: "critical",
    status: "open",
    cvssVector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    cvssScoreTenths: 98,
    assets: "https://gateway.acme.example/debug/prompt",
    description: "The route `/debug/prompt` answers **without authentication** with the full system prompt and the upstream API key.",
    remediation: "Remove the debug route from production builds and rotate the upstream key.",
    references: "- [OWASP LLM07: System Prompt Leakage](https://genai.owasp.org/llmrisk/llm072025-system-prompt-leakage/)",
    publishedDaysAgo: 12,
    dueInDays: -5,
  }),
  acme({
    id: id(3),
    title: "Tool calls run with the gateway's service account",
    owaspLlm: ["LLM06"],
    atlas: ["AML.T0053"],
    severity: "high",
    status: "in_remediation",
    cvssVector: null,
    cvssScoreTenths: null,
    assets: "gateway tool runner",
    description: "A model-initiated tool call inherits the gateway's privileges instead of the user's.",
    remediation: "Pass the end user's token to tools and scope it per call.",
    references: "",
    publishedDaysAgo: 12,
    dueInDays: 18,
  }),
  acme({
    id: id(4),
    title: "Rate limit can be bypassed with rotating API keys",
    owaspLlm: ["LLM10"],
    atlas: ["AML.T0034"],
    severity: "medium",
    status: "fixed_pending_retest",
    cvssVector: null,
    cvssScoreTenths: null,
    assets: "https://gateway.acme.example/v1/chat",
    description: "Limits are counted per key, and free keys are issued without verification.",
    remediation: "Count limits per account and verify new accounts.",
    references: "",
    publishedDaysAgo: 12,
    dueInDays: 78,
  }),
  acme({
    id: id(5),
    title: "Verbose errors reveal the model provider",
    owaspLlm: ["LLM02"],
    atlas: [],
    severity: "low",
    status: "verified_fixed",
    cvssVector: null,
    cvssScoreTenths: null,
    assets: "gateway error handler",
    description: "Upstream error bodies are passed through to the caller.",
    remediation: "Answer with a generic error and log the detail.",
    references: "",
    publishedDaysAgo: 12,
    dueInDays: 168,
  }),
  acme({
    id: id(6),
    title: "Conversation history readable across tenants by id",
    owaspLlm: ["LLM02"],
    atlas: ["AML.T0057"],
    severity: "medium",
    status: "still_open",
    cvssVector: null,
    cvssScoreTenths: null,
    assets: "https://gateway.acme.example/v1/conversations/{id}",
    description: "A conversation id from another tenant returns its history.",
    remediation: "Scope every conversation read by the caller's tenant.",
    references: "",
    publishedDaysAgo: 12,
    dueInDays: 78,
  }),
  acme({
    id: id(7),
    title: "Model output rendered as HTML in the admin console",
    owaspLlm: ["LLM05"],
    atlas: [],
    severity: "low",
    status: "risk_accepted",
    cvssVector: null,
    cvssScoreTenths: null,
    assets: "internal admin console",
    description: "The console renders model answers as HTML; only staff can open it.",
    remediation: "Render answers as text.",
    references: "",
    publishedDaysAgo: 12,
    dueInDays: 168,
  }),
  // Its ticket was closed in Acme's GitHub (demo-trackers.ts): the tracker asked for the retest.
  acme({
    id: id(8),
    title: "Security headers missing on the status page",
    severity: "informational",
    status: "fixed_pending_retest",
    cvssVector: null,
    cvssScoreTenths: null,
    assets: "https://status.acme.example",
    description: "No Content-Security-Policy or HSTS header.",
    remediation: "Add the headers at the proxy.",
    references: "",
    publishedDaysAgo: 12,
    dueInDays: null,
  }),
  // Closed by the firm: in no count, shown in the portal only with "Show closed by the firm".
  acme({
    id: id(9),
    title: "Rate limit bypass through the batch endpoint",
    owaspLlm: ["LLM10"],
    atlas: ["AML.T0029"],
    severity: "medium",
    status: "withdrawn",
    cvssVector: null,
    cvssScoreTenths: null,
    assets: "https://gateway.acme.example/v1/batch",
    description: "Batched prompts appeared to skip the per-account limit.",
    remediation: "Count each prompt of a batch against the limit.",
    references: "",
    outcomeReason: "The batch endpoint was out of scope for this engagement; we report it separately if asked.",
    publishedDaysAgo: 11,
    dueInDays: 79,
  }),
  acme({
    id: id(10),
    title: "Outdated TLS version accepted",
    severity: "low",
    status: "false_positive",
    cvssVector: null,
    cvssScoreTenths: null,
    assets: "gateway.acme.example:443",
    description: "The scanner reported TLS 1.0 as accepted.",
    remediation: "Disable TLS 1.0 and 1.1.",
    references: "",
    outcomeReason: "Confirmed by hand: the handshake is refused; the scanner read the CDN's banner.",
    publishedDaysAgo: 11,
    dueInDays: 169,
  }),
  // Measured AI findings (demo-measurements.ts): their timelines, retests and measurements are there.
  acme({
    id: DEMO_MEASURED.jailbreak.findingId,
    title: "Role-play jailbreak bypasses the gateway's content policy",
    owaspLlm: ["LLM01"],
    atlas: ["AML.T0054"],
    severity: "high",
    status: "verified_fixed",
    cvssVector: null,
    cvssScoreTenths: null,
    assets: "gateway-model",
    // The evidence block as an import writes it: the reproducer's payload (demo-measurements.ts).
    description: `A DAN-style role-play prompt makes the model answer requests the content policy refuses, in about 1 of 7 attempts.\n\n${DEMO_JAILBREAK_EVIDENCE}`,
    remediation: "State the content policy in the system prompt and check answers against it before they leave the gateway.",
    references: "- [OWASP LLM01: Prompt Injection](https://genai.owasp.org/llmrisk/llm012025-prompt-injection/)",
    publishedDaysAgo: MEASURED_PUBLISHED_DAYS_AGO,
    dueInDays: 18,
  }),
  acme({
    id: DEMO_MEASURED.extraction.findingId,
    title: "System prompt extracted by a translation request",
    owaspLlm: ["LLM07"],
    atlas: ["AML.T0056"],
    severity: "medium",
    status: "still_open",
    cvssVector: null,
    cvssScoreTenths: null,
    assets: "gateway-model",
    description: "Asking the model to translate its first message into French returns its system prompt, now and then.",
    remediation: "Keep secrets out of the system prompt, and filter answers that quote it.",
    references: "- [OWASP LLM07: System Prompt Leakage](https://genai.owasp.org/llmrisk/llm072025-system-prompt-leakage/)",
    publishedDaysAgo: MEASURED_PUBLISHED_DAYS_AGO,
    dueInDays: 78,
  }),
  // Scheduled re-runs (demo-reruns.ts): a multi-turn finding still present, one the last run did not see.
  acme({
    id: DEMO_RERUNS.conversation.findingId,
    title: DEMO_RERUNS.conversation.title,
    owaspLlm: ["LLM01"],
    atlas: ["AML.T0054"],
    severity: "medium",
    status: "open",
    cvssVector: null,
    cvssScoreTenths: null,
    assets: "gateway-model",
    description:
      "Over a few turns of harmless questions, PyRIT's Crescendo attack walks the model into answering what the content policy refuses. Each trial is a conversation of up to 10 turns.",
    remediation: "Check each answer against the content policy with the whole conversation in view, not the last message alone.",
    references: "- [OWASP LLM01: Prompt Injection](https://genai.owasp.org/llmrisk/llm012025-prompt-injection/)",
    publishedDaysAgo: 10,
    dueInDays: 80,
  }),
  acme({
    id: DEMO_RERUNS.notSeen.findingId,
    title: DEMO_RERUNS.notSeen.title,
    owaspLlm: ["LLM01"],
    atlas: ["AML.T0051.001"],
    severity: "medium",
    status: "open",
    cvssVector: null,
    cvssScoreTenths: null,
    assets: "gateway-model",
    description: "A document pasted into the chat carries instructions the model follows instead of the user's request.",
    remediation: "Mark pasted content as data in the prompt, and confirm actions it asks for.",
    references: "",
    publishedDaysAgo: 10,
    dueInDays: 80,
  }),
  {
    id: id(101),
    clientId: DEMO_CLIENTS.globex.id,
    projectId: GLOBEX_ENGAGEMENT,
    title: "Agent follows instructions embedded in retrieved web pages",
    owaspLlm: ["LLM01"],
    atlas: ["AML.T0051.001"],
    severity: "high",
    status: "open",
    cvssVector: null,
    cvssScoreTenths: null,
    assets: "globex research agent",
    description: "Text on a fetched page redirects the agent's next tool call.",
    remediation: "Treat retrieved content as data; confirm tool calls it triggers.",
    references: "",
    publishedDaysAgo: 3,
    dueInDays: 27,
  },
];

/** When the tracker said so: a day before the seeding. */
export const DEMO_TICKET_CLOSED_DAYS_AGO = 1;

/** What the seed's rows (demo-finding-rows.ts) count from. */
export { id as demoFindingUuid, day as daysFromNow, isoDay as isoDaysFromNow, ACME_ENGAGEMENT, MEASURED_IDS, MEASURED_PUBLISHED_DAYS_AGO };
