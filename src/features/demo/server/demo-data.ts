import "server-only";
import { DEMO_ADMIN_EMAIL } from "@/server/core/demo-admin";
import { ACME_ID, GLOBEX_ID, demoId as id } from "./demo-ids";

// Invoices and rate cards have files of their own; imported from here as before.
export { DEMO_INVOICES } from "./demo-invoices";
export { DEMO_RATES } from "./demo-rates";

// The demo data set (README.md, "Demo accounts"): fixed ids and dates so every fresh database looks the same.
export const DEMO_PASSWORDS = { admin: "demo-admin-password", client: "demo-client-password" } as const;

export const DEMO_USERS = {
  admin: { id: "demo-admin", email: DEMO_ADMIN_EMAIL, name: "Avery Admin" },
  acme: { id: "demo-client-acme", email: "client@example.com", name: "Jordan Lee" },
  // Acme's second person, a member (docs/PRODUCT.md#portal-team).
  acmeMember: { id: "demo-client-acme-member", email: "member@example.com", name: "Riley Chen" },
  globex: { id: "demo-client-globex", email: "client2@example.com", name: "Sam Rivera" },
} as const;

export const DEMO_CLIENTS = {
  acme: {
    id: ACME_ID,
    company: "Acme Robotics",
    contactPerson: "Jordan Lee",
    contactEmail: "client@example.com",
    phone: "+1 (415) 555-0134",
    address: "500 Howard St, San Francisco, CA 94105",
    joinedDate: "2025-03-10",
  },
  globex: {
    id: GLOBEX_ID,
    company: "Globex Systems",
    contactPerson: "Sam Rivera",
    contactEmail: "client2@example.com",
    phone: "+1 (512) 555-0199",
    address: "301 Congress Ave, Austin, TX 78701",
    joinedDate: "2025-08-22",
  },
} as const;

/** Who signs in for each demo company: the first of each is its owner. */
export const DEMO_PEOPLE = [
  { userId: DEMO_USERS.acme.id, clientId: DEMO_CLIENTS.acme.id, role: "owner", status: "active", addedByAdmin: true },
  { userId: DEMO_USERS.acmeMember.id, clientId: DEMO_CLIENTS.acme.id, role: "member", status: "active", addedByAdmin: false },
  { userId: DEMO_USERS.globex.id, clientId: DEMO_CLIENTS.globex.id, role: "owner", status: "active", addedByAdmin: true },
] as const;

const A = DEMO_CLIENTS.acme.id;
const G = DEMO_CLIENTS.globex.id;

export const DEMO_PROJECTS = [
  {
    id: id("c", 1),
    clientId: A,
    projectName: "LLM Gateway Security Assessment",
    description: "Threat model and penetration test of the customer-facing LLM gateway.",
    status: "in_progress",
    startDate: "2026-09-01",
    targetCompletionDate: "2026-12-15",
    notes: "Weekly readout on Thursdays.",
  },
  {
    id: id("c", 2),
    clientId: A,
    projectName: "AI Governance Framework",
    description: "Policies, model inventory and risk register aligned to NIST AI RMF.",
    status: "completed",
    startDate: "2026-04-01",
    targetCompletionDate: "2026-07-31",
    notes: null,
  },
  {
    id: id("c", 3),
    clientId: A,
    projectName: "Copilot Rollout Acceleration",
    description: "Secure adoption of AI coding assistants across three engineering teams.",
    status: "on_hold",
    startDate: "2026-10-15",
    targetCompletionDate: "2027-02-28",
    notes: "Paused pending budget approval.",
  },
  {
    id: id("c", 4),
    clientId: A,
    projectName: "Red Team Retest",
    description: "Retest of findings from the spring assessment.",
    status: "open",
    startDate: "2026-11-20",
    targetCompletionDate: null,
    notes: null,
  },
  // A year of findings opened and fixed (docs/PRODUCT.md#analytics): server/demo-history.ts.
  {
    id: id("c", 5),
    clientId: A,
    projectName: "Continuous Security Testing 2026",
    description: "Monthly web, API and AI-feature testing of Acme's customer platform.",
    status: "completed",
    startDate: "2025-11-01",
    targetCompletionDate: "2026-10-31",
    notes: null,
  },
  {
    id: id("d", 1),
    clientId: G,
    projectName: "RAG Pipeline Review",
    description: "Data-leakage and prompt-injection review of the retrieval pipeline.",
    status: "in_progress",
    startDate: "2026-10-01",
    targetCompletionDate: "2027-01-15",
    notes: null,
  },
  {
    id: id("d", 2),
    clientId: G,
    projectName: "Model Supply-Chain Audit",
    description: "Provenance and integrity checks for third-party models.",
    status: "frozen",
    startDate: "2026-06-01",
    targetCompletionDate: "2026-09-30",
    notes: "Frozen at the client's request.",
  },
  {
    id: id("d", 3),
    clientId: G,
    projectName: "Chatbot Pilot",
    description: "Pilot cancelled after vendor change.",
    status: "cancelled",
    startDate: "2026-02-01",
    targetCompletionDate: "2026-03-31",
    notes: null,
  },
] as const;

/**
 * The demo projects' status history as the project update action records it (the audit log), so
 * the project timeline shows a status change at first start (docs/PRODUCT.md#project-timeline).
 */
export const DEMO_PROJECT_HISTORY = [
  { projectId: id("c", 1), clientId: A, from: "open", to: "in_progress", at: "2026-09-08T09:00:00Z" },
  { projectId: id("c", 3), clientId: A, from: "in_progress", to: "on_hold", at: "2026-11-02T16:30:00Z" },
] as const;

/**
 * The firm's earlier looks at Acme's engagement, so that Acme's owner opens an access log with
 * entries and its hash chain (linked when the seed ends; signed at the first daily run).
 */
export const DEMO_FIRM_ACCESS = [
  {
    action: "client.findings.view",
    entityType: "project",
    entityId: id("c", 1),
    name: "LLM Gateway Security Assessment",
    at: "2026-11-12T10:15:00Z",
  },
  {
    action: "report.download",
    entityType: "report",
    entityId: id("ab", 1),
    name: "LLM Gateway Security Assessment - Final Report (v1)",
    at: "2026-11-14T16:05:00Z",
  },
] as const;

export const DEMO_DOCUMENTS = [
  {
    id: id("a1", 1),
    clientId: A,
    name: "Master Services Agreement.pdf",
    category: "contract",
    mimeType: "application/pdf",
    uploadedAt: "2026-03-12T15:00:00Z",
  },
  {
    id: id("a1", 2),
    clientId: A,
    name: "LLM Gateway Threat Model.pdf",
    category: "report",
    mimeType: "application/pdf",
    uploadedAt: "2026-10-02T10:30:00Z",
  },
  {
    id: id("a1", 3),
    clientId: A,
    name: "Governance Policy Pack.docx",
    category: "deliverable",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    uploadedAt: "2026-07-29T09:00:00Z",
  },
  {
    id: id("a1", 4),
    clientId: A,
    name: "INV-1002 Receipt.pdf",
    category: "invoice",
    mimeType: "application/pdf",
    uploadedAt: "2026-04-28T12:00:00Z",
  },
  {
    id: id("b1", 1),
    clientId: G,
    name: "Statement of Work.pdf",
    category: "contract",
    mimeType: "application/pdf",
    uploadedAt: "2026-09-20T14:00:00Z",
  },
  {
    id: id("b1", 2),
    clientId: G,
    name: "RAG Findings Summary.pdf",
    category: "report",
    mimeType: "application/pdf",
    uploadedAt: "2026-11-05T16:45:00Z",
  },
  {
    id: id("b1", 3),
    clientId: G,
    name: "Agent Launch Readiness Checklist.pdf",
    category: "deliverable",
    mimeType: "application/pdf",
    uploadedAt: "2026-10-20T11:00:00Z",
  },
] as const;

export const DEMO_TIERS = [
  {
    id: id("b2", 1),
    tierName: "Essential",
    monthlyPriceCents: 250_000,
    features: ["Monthly AI risk review", "Email support (2 business days)", "Quarterly threat briefing", "Policy template library"],
    isPopular: false,
    displayOrder: 1,
  },
  {
    id: id("b2", 2),
    tierName: "Professional",
    monthlyPriceCents: 650_000,
    features: [
      "Everything in Essential",
      "Priority support (1 business day)",
      "Monthly red-team exercise",
      "Dedicated account manager",
      "Incident response retainer (8 h)",
    ],
    isPopular: true,
    displayOrder: 2,
  },
  {
    id: id("b2", 3),
    tierName: "Enterprise",
    monthlyPriceCents: 1_500_000,
    features: [
      "Everything in Professional",
      "24/7 incident response",
      "Continuous model monitoring",
      "Board-level AI risk reporting",
      "Unlimited advisory hours",
    ],
    isPopular: false,
    displayOrder: 3,
  },
];

export const DEMO_SUBSCRIPTIONS = [
  {
    id: id("b3", 1),
    clientId: A,
    tierId: id("b2", 2),
    status: "active",
    // Its current period: billed on 1 November (INV-1008), next billing date 1 December.
    currentPeriodStart: "2026-11-01T00:00:00Z",
    currentPeriodEnd: "2026-12-01T00:00:00Z",
    squareSubscriptionId: "demo-sub-acme-professional",
    createdAt: "2026-02-01T10:00:00Z",
    updatedAt: "2026-11-01T10:00:00Z",
  },
  {
    id: id("b3", 2),
    clientId: G,
    tierId: id("b2", 1),
    status: "cancelled",
    currentPeriodStart: "2026-07-01T00:00:00Z",
    currentPeriodEnd: "2026-08-01T00:00:00Z",
    squareSubscriptionId: "demo-sub-globex-essential",
    createdAt: "2026-01-15T10:00:00Z",
    updatedAt: "2026-08-01T10:00:00Z",
  },
] as const;

/** A date `days` from the day the demo is seeded: the approved booking stays an upcoming meeting. */
const daysFromSeeding = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const DEMO_BOOKINGS = [
  {
    id: id("b4", 1),
    clientId: G,
    status: "pending",
    serviceType: "AI Security Assessment",
    preferredStartDate: "2027-01-11",
    estimatedScope: "Two agents, one public API",
    projectDescription: "Assessment of our new customer-support agents before public launch.",
    urgency: "high",
  },
  {
    id: id("b4", 2),
    clientId: A,
    status: "approved",
    serviceType: "AI Engineering Acceleration",
    preferredStartDate: daysFromSeeding(21),
    estimatedScope: "6 weeks",
    projectDescription: "Hands-on enablement for the platform team.",
    urgency: "medium",
  },
  {
    id: id("b4", 3),
    clientId: A,
    status: "in_progress",
    serviceType: "AI Security Governance",
    preferredStartDate: "2026-10-01",
    estimatedScope: null,
    projectDescription: "Model inventory and risk register refresh.",
    urgency: "low",
  },
] as const;

/** Acme's published report of its LLM gateway engagement (docs/PRODUCT.md#portal-reports). */
/**
 * Acme's attestation letter of the LLM Gateway engagement, whose report is published: a known code,
 * so its public page is /verify/ACME0-GATE1 (docs/PRODUCT.md#verifying-a-letter).
 */
export const DEMO_LETTER = {
  id: id("ae", 1),
  projectId: id("c", 1),
  code: "ACME0GATE1",
  issuedAt: "2026-11-16T10:00:00Z",
  input: {
    projectId: id("c", 1),
    scope: "The customer-facing LLM gateway: its public chat API, the prompt-routing service and the retrieval plug-ins it calls.",
    methodology: "Manual testing guided by the OWASP Top 10 for LLM Applications and MITRE ATLAS, with automated scanning (garak).",
    testers: ["Dana Whitfield", "Sam Okafor"],
    windowStart: "2026-09-01",
    windowEnd: "2026-11-07",
  },
} as const;

export const DEMO_REPORTS = [
  {
    id: id("ab", 1),
    clientId: A,
    projectId: id("c", 1),
    title: "LLM Gateway Security Assessment - Final Report",
    version: 1,
    publishedAt: "2026-11-14T16:00:00Z",
  },
] as const;

/** Acme's API token: read only, used by its ticket-system sync (docs/PRODUCT.md#api-and-webhooks). */
export const DEMO_API_TOKEN = {
  id: "00000000-0000-4000-8000-a7000000a001",
  name: "Jira sync (read only)",
  hint: "sai_pat_Jx4q…",
  scopes: ["projects:read", "findings:read"],
  expiresAt: null,
  createdAt: "2026-10-02T14:20:00Z",
  lastUsedAt: "2026-11-26T07:05:00Z",
  lastUsedAddress: "198.51.100.24",
} as const;

/** Acme's second token: the ticket sync writing back (comments, retest requests) with findings:write. */
export const DEMO_WRITE_TOKEN_NAME = "Jira sync (write back)";
export const DEMO_WRITE_TOKEN = {
  id: "00000000-0000-4000-8000-a7000000a002",
  name: DEMO_WRITE_TOKEN_NAME,
  hint: "sai_pat_Wb7n…",
  scopes: ["findings:read", "findings:write"],
  expiresAt: "2027-02-20T09:00:00Z",
  createdAt: "2026-11-20T09:00:00Z",
  lastUsedAt: "2026-11-26T07:06:00Z",
  lastUsedAddress: "198.51.100.24",
} as const;
