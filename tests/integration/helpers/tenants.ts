// The two demo tenants as the entry-point matrix sees them: the ids an entry point is called with,
// the identifiers that must never reach the other tenant, and fresh objects for calls that change
// or delete what they are given (so every role's call finds the same state).
import { randomUUID } from "node:crypto";
import type { DbOrTx } from "@/server/core/db/client";
import { engagementAuthorizations, engagementAuthorizationSignatures } from "@/features/authorizations/server/schema";
import { serviceBookings } from "@/features/bookings/server/schema";
import { clientPeople, clients } from "@/features/clients/server/schema";
import { documents } from "@/features/documents/server/schema";
import { findingImports } from "@/features/imports/server/schema/imports";
import { findingEvidence, findingRetests, findings } from "@/features/findings/server/schema/records";
import { user } from "@/features/identity/server/schema";
import { contactInquiries } from "@/features/inquiries/server/schema";
import { invoices } from "@/features/invoices/server/schema";
import { messageAttachments, messages, messageThreads } from "@/features/messages/server/schema";
import { projects } from "@/features/projects/server/schema";
import { reportDownloads, reports } from "@/features/reports/server/schema";
import { squareCustomers } from "@/features/square/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import {
  DEMO_BOOKINGS,
  DEMO_CLIENTS,
  DEMO_DOCUMENTS,
  DEMO_INVOICES,
  DEMO_PEOPLE,
  DEMO_PROJECTS,
  DEMO_RATES,
  DEMO_LETTER,
  DEMO_REPORTS,
  DEMO_USERS,
} from "@/features/demo/server/demo-data";
import { DEMO_FINDINGS } from "@/features/demo/server/demo-findings";
import { DEMO_AUTHORIZATION_ID } from "@/features/demo/server/demo-authorization";
import { documentHashOf } from "@/features/authorizations/server";
import { writeLetter } from "@/features/attestations/server";
import { getStorage } from "@/server/core/storage/storage";

export type TenantName = "acme" | "globex";

export type Tenant = {
  name: TenantName;
  clientId: string;
  company: string;
  email: string;
  /** The owner's user id (the Team actions name people by it). */
  ownerUserId: string;
  projectId: string;
  invoiceId: string;
  /** An invoice linked to a project (for unlinking). */
  linkedInvoiceId: string;
  documentId: string;
  bookingId: string;
  rateId: string;
  /** A published finding of the tenant (findings: docs/PRODUCT.md#portal-findings). */
  findingId: string;
  /** A published report (Acme's demo report; Globex's is made by seedTenantReports). */
  reportId: string;
  /** A recorded download of that report, made by seedTenantReports: what a stamped copy's link names. */
  reportDownloadId: string;
  /** A testing authorization both sides signed (Acme's is the demo's; Globex's is made by seedTenantReports). */
  authorizationId: string;
  /** An attestation letter of the engagement (Acme's demo letter; Globex's is made by seedTenantReports). */
  letterId: string;
  /** The portal's account settings as seeded (saving them back changes nothing). */
  settings: { contactPerson: string; contactEmail: string; company: string; phone: string; address: string };
};

function tenant(name: TenantName): Tenant {
  const client = DEMO_CLIENTS[name];
  const own = <T extends { clientId: string }>(rows: readonly T[]) => rows.filter((r) => r.clientId === client.id);
  return {
    name,
    clientId: client.id,
    company: client.company,
    email: DEMO_USERS[name].email,
    ownerUserId: DEMO_USERS[name].id,
    projectId: own(DEMO_PROJECTS)[0]!.id,
    invoiceId: own(DEMO_INVOICES)[0]!.id,
    linkedInvoiceId: own(DEMO_INVOICES).find((i) => i.projectId)!.id,
    documentId: own(DEMO_DOCUMENTS)[0]!.id,
    bookingId: own(DEMO_BOOKINGS)[0]!.id,
    rateId: own(DEMO_RATES)[0]!.id,
    findingId: own(DEMO_FINDINGS).find((f) => f.publishedDaysAgo !== null)!.id,
    reportId: own(DEMO_REPORTS)[0]?.id ?? GLOBEX_REPORT_ID,
    reportDownloadId: name === "acme" ? "00000000-0000-4000-8000-0000000da001" : "00000000-0000-4000-8000-0000000da002",
    authorizationId: name === "acme" ? DEMO_AUTHORIZATION_ID : GLOBEX_AUTHORIZATION_ID,
    letterId: name === "acme" ? DEMO_LETTER.id : GLOBEX_LETTER_ID,
    settings: {
      contactPerson: client.contactPerson,
      contactEmail: client.contactEmail,
      company: client.company,
      phone: client.phone,
      address: client.address,
    },
  };
}

const GLOBEX_REPORT_ID = "00000000-0000-4000-8000-0000000ab002";
const GLOBEX_AUTHORIZATION_ID = "00000000-0000-4000-8000-0000000ea002";
const GLOBEX_LETTER_ID = "00000000-0000-4000-8000-0000000ae002";

export const TENANTS: Record<TenantName, Tenant> = { acme: tenant("acme"), globex: tenant("globex") };

/**
 * What the demo data lacks for the report rows: a report of Globex's (the demo data publishes one
 * for Acme only) with its attestation letter, and one recorded download of each tenant's report.
 */
export async function seedTenantReports(db: DbOrTx): Promise<void> {
  const globex = TENANTS.globex;
  const storageKey = `documents/matrix-report-${GLOBEX_REPORT_ID}.pdf`;
  const bytes = await samplePdf("Globex report");
  await getStorage().put(storageKey, bytes);
  await db.insert(reports).values({
    id: GLOBEX_REPORT_ID,
    clientId: globex.clientId,
    projectId: globex.projectId,
    title: "Globex Penetration Test Report",
    version: 1,
    storageKey,
    fileSize: bytes.byteLength,
  });
  await writeLetter(db, {
    project: { id: globex.projectId, clientId: globex.clientId, company: globex.company },
    input: {
      projectId: globex.projectId,
      scope: "Globex's chatbot.",
      methodology: "Manual testing.",
      testers: ["Matrix Tester"],
      windowStart: "2026-09-01",
      windowEnd: "2026-10-01",
    },
    issuedBy: null,
    fixed: { id: GLOBEX_LETTER_ID, code: "G10BEXETR1", issuedAt: new Date() },
  });
  await db.insert(reportDownloads).values(
    [TENANTS.acme, globex].map((t) => ({
      id: t.reportDownloadId,
      reportId: t.reportId,
      userId: t.ownerUserId,
      personName: t.company,
      personEmail: t.email,
      company: t.company,
      side: "client" as const,
      clientAddress: "127.0.0.1",
      userAgent: "matrix",
    })),
  );
  const content = {
    inScope: ["https://globex.example"],
    outOfScope: [],
    windowStart: "2026-01-05",
    windowEnd: "2026-01-30",
    testers: ["Avery Admin"],
    emergencyContacts: ["Globex on call"],
    price: "Fixed fee",
    terms: "Test only what is in scope.",
  };
  const documentHash = documentHashOf({ projectId: globex.projectId, version: 1, content });
  await db.insert(engagementAuthorizations).values({
    id: GLOBEX_AUTHORIZATION_ID,
    clientId: globex.clientId,
    projectId: globex.projectId,
    version: 1,
    content,
    documentHash,
    sentAt: new Date("2026-01-02T10:00:00Z"),
  });
  await db.insert(engagementAuthorizationSignatures).values(
    (["client", "firm"] as const).map((side) => ({
      authorizationId: GLOBEX_AUTHORIZATION_ID,
      side,
      userId: side === "client" ? globex.ownerUserId : DEMO_USERS.admin.id,
      signerName: side === "client" ? globex.company : "Avery Admin",
      signerEmail: side === "client" ? globex.email : DEMO_USERS.admin.email,
      method: "password" as const,
      clientAddress: "127.0.0.1",
      documentHash,
    })),
  );
}

/** A real PDF (pdf-lib), so stamping it works. */
export async function samplePdf(title: string, pages = 1): Promise<Uint8Array> {
  const { PDFDocument } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([612, 792]).drawText(`${title} page ${i + 1}`, { x: 72, y: 700 });
  return pdf.save();
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const usd = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

/**
 * Everything that identifies a tenant's data: client id, company, sign-in and contact names,
 * project ids and names, invoice ids, numbers and amounts, document ids and names, booking and
 * rate ids. Amounts that the other tenant also has (or that are public tier prices) are left out,
 * since their presence would prove nothing.
 */
export function tenantIdentifiers(name: TenantName): RegExp[] {
  const client = DEMO_CLIENTS[name];
  const other = DEMO_CLIENTS[name === "acme" ? "globex" : "acme"];
  const mine = <T extends { clientId: string }>(rows: readonly T[]) => rows.filter((r) => r.clientId === client.id);
  const theirs = <T extends { clientId: string }>(rows: readonly T[]) => rows.filter((r) => r.clientId === other.id);
  const otherAmounts = new Set(
    theirs(DEMO_INVOICES).flatMap((i) => [
      i.amountCents,
      i.totalPaidCents,
      i.nextPaymentAmountCents,
      ...i.paymentSchedule.map((s) => s.computedAmountCents),
    ]),
  );
  const amounts = mine(DEMO_INVOICES)
    .map((i) => i.amountCents)
    .filter((cents) => !otherAmounts.has(cents) && cents !== 1_500_000 && cents !== 650_000 && cents !== 250_000);
  const literals = [
    client.id,
    client.company,
    client.contactPerson,
    client.phone,
    // Every person of the company, by name and sign-in e-mail.
    ...DEMO_PEOPLE.filter((p) => p.clientId === client.id).flatMap((p) => {
      const person = Object.values(DEMO_USERS).find((u) => u.id === p.userId)!;
      return [person.email, person.name];
    }),
    ...mine(DEMO_PROJECTS).flatMap((p) => [p.id, p.projectName]),
    ...mine(DEMO_INVOICES).flatMap((i) => [i.id, i.invoiceNumber, i.description]),
    ...mine(DEMO_DOCUMENTS).flatMap((d) => [d.id, d.name]),
    ...mine(DEMO_BOOKINGS).flatMap((b) => [b.id, b.projectDescription]),
    ...mine(DEMO_RATES).map((r) => r.id),
    // Every finding, the draft included.
    ...mine(DEMO_FINDINGS).flatMap((f) => [f.id, f.title]),
    ...mine(DEMO_REPORTS).flatMap((r) => [r.id, r.title]),
    ...amounts.map(usd),
  ];
  return [...literals.map((s) => new RegExp(escape(s), "i")), ...amounts.map((cents) => new RegExp(`\\b${cents}\\b`))];
}

/** The identifiers of `name` found in `text` (empty when none leaked). */
export function leakedIdentifiers(text: string, name: TenantName): string[] {
  return tenantIdentifiers(name)
    .filter((re) => re.test(text))
    .map((re) => re.source);
}

/** Objects made for one call only: what a destructive entry point may change or delete. */
export type FreshObjects = {
  documentId: string;
  invoiceId: string;
  linkedInvoiceId: string;
  projectId: string;
  bookingId: string;
  inquiryId: string;
  /** A Square customer linked to no client, with one unassigned invoice. */
  squareCustomerId: string;
  /** A Square customer linked to the owner. */
  linkedSquareCustomerId: string;
  failedMailId: string;
  /** A message thread of the owner with one team message carrying a PDF attachment. */
  threadId: string;
  attachmentId: string;
  /** People of the owner for the Team actions: an invitation not yet accepted, and an active member. */
  invitedPersonId: string;
  memberPersonId: string;
  /** Findings of the fresh project: a draft, an open one, one awaiting its retest, one whose risk was accepted. */
  draftFindingId: string;
  openFindingId: string;
  retestFindingId: string;
  riskFindingId: string;
  /** A finding the firm withdrew (an outcome to undo). */
  withdrawnFindingId: string;
  /** An evidence file (a stored PDF) of the open finding. */
  evidenceId: string;
  /** A previewed (pending) import of a one-result SARIF file into the fresh project. */
  pendingImportId: string;
  /** A published report of the owner's fresh project. */
  reportId: string;
};

/** A company of its own, no invoices nor documents, with one active owner (deactivate, delete). */
export async function createFreshCompany(db: DbOrTx): Promise<{ clientId: string; ownerUserId: string }> {
  const tag = randomUUID().slice(0, 8);
  const [row] = await db
    .insert(clients)
    .values({ company: `Matrix company ${tag}`, contactPerson: "Matrix", contactEmail: `company-${tag}@example.test` })
    .returning({ id: clients.id });
  const ownerUserId = `matrix-owner-${tag}`;
  await db.insert(user).values({ id: ownerUserId, name: "Matrix Owner", email: `owner-${tag}@example.test`, role: "client" });
  await db.insert(clientPeople).values({ userId: ownerUserId, clientId: row!.id, role: "owner", status: "active" });
  return { clientId: row!.id, ownerUserId };
}

export async function createFreshObjects(db: DbOrTx, owner: Tenant): Promise<FreshObjects> {
  const tag = randomUUID().slice(0, 8);
  const storageKey = `documents/matrix-${tag}.pdf`;
  const bytes = new TextEncoder().encode("%PDF-1.4\n%%EOF\n");
  await getStorage().put(storageKey, bytes);
  const [doc] = await db
    .insert(documents)
    .values({
      clientId: owner.clientId,
      name: `Matrix ${tag}.pdf`,
      category: "report",
      storageKey,
      fileSize: bytes.byteLength,
      mimeType: "application/pdf",
    })
    .returning({ id: documents.id });
  const [project] = await db
    .insert(projects)
    .values({ clientId: owner.clientId, projectName: `Matrix project ${tag}`, status: "open" })
    .returning({ id: projects.id });
  const [free, linked] = await db
    .insert(invoices)
    .values([
      {
        clientId: owner.clientId,
        invoiceNumber: `M-${tag}-1`,
        amountCents: 1_234,
        status: "pending",
        dueDate: "2026-12-01",
        paymentSchedule: [],
      },
      {
        clientId: owner.clientId,
        invoiceNumber: `M-${tag}-2`,
        amountCents: 1_234,
        status: "pending",
        dueDate: "2026-12-01",
        paymentSchedule: [],
        projectId: project!.id,
      },
    ])
    .returning({ id: invoices.id });
  const [booking] = await db
    .insert(serviceBookings)
    .values({
      clientId: owner.clientId,
      serviceType: "Other",
      preferredStartDate: "2027-01-04",
      projectDescription: `Matrix booking ${tag}`,
    })
    .returning({ id: serviceBookings.id });
  const [inquiry] = await db
    .insert(contactInquiries)
    .values({
      name: "Matrix",
      email: `matrix-${tag}@example.test`,
      company: "Matrix Co",
      serviceInterest: "Other",
      message: "Matrix inquiry",
    })
    .returning({ id: contactInquiries.id });
  const squareCustomerId = `CUSTMATRIX${tag}`;
  const linkedSquareCustomerId = `CUSTMATRIXL${tag}`;
  await db.insert(squareCustomers).values([
    { squareCustomerId, displayName: `Matrix customer ${tag}`, email: `square-${tag}@example.test` },
    { squareCustomerId: linkedSquareCustomerId, clientId: owner.clientId, linkSource: "admin", linkedAt: new Date() },
  ]);
  await db.insert(invoices).values({
    squareInvoiceId: `inv:matrix-${tag}`,
    squareCustomerId,
    clientId: null,
    invoiceNumber: `SQM-${tag}`,
    amountCents: 4_321,
    status: "pending",
  });
  const [mail] = await db
    .insert(emailOutbox)
    .values({
      toAddress: `mail-${tag}@example.test`,
      subject: `Matrix mail ${tag}`,
      textBody: "Matrix",
      kind: "test",
      status: "failed",
      attempts: 8,
      lastError: "550 mailbox unavailable",
    })
    .returning({ id: emailOutbox.id });
  const [thread] = await db
    .insert(messageThreads)
    .values({ clientId: owner.clientId, subject: `Matrix thread ${tag}` })
    .returning({ id: messageThreads.id });
  const [message] = await db
    .insert(messages)
    .values({ threadId: thread!.id, authorRole: "admin", authorName: "Matrix Team", body: `Matrix message ${tag}` })
    .returning({ id: messages.id });
  const attachmentKey = `documents/matrix-attachment-${tag}.pdf`;
  await getStorage().put(attachmentKey, bytes);
  const [attachment] = await db
    .insert(messageAttachments)
    .values({
      messageId: message!.id,
      name: `Matrix attachment ${tag}.pdf`,
      storageKey: attachmentKey,
      fileSize: bytes.byteLength,
      mimeType: "application/pdf",
    })
    .returning({ id: messageAttachments.id });
  const invitedPersonId = `matrix-invited-${tag}`;
  const memberPersonId = `matrix-member-${tag}`;
  await db.insert(user).values([
    { id: invitedPersonId, name: `Matrix invited ${tag}`, email: `invited-${tag}@example.test`, role: "client" },
    { id: memberPersonId, name: `Matrix member ${tag}`, email: `member-${tag}@example.test`, role: "client" },
  ]);
  await db.insert(clientPeople).values([
    { userId: invitedPersonId, clientId: owner.clientId, role: "member", status: "invited" },
    { userId: memberPersonId, clientId: owner.clientId, role: "member", status: "active" },
  ]);
  const finding = (title: string, status: "draft" | "open" | "fixed_pending_retest" | "risk_accepted" | "withdrawn") => ({
    clientId: owner.clientId,
    projectId: project!.id,
    title: `Matrix finding ${title} ${tag}`,
    severity: "medium" as const,
    status,
    publishedAt: status === "draft" ? null : new Date(),
    ...(status === "risk_accepted" ? { riskReason: "Matrix reason", riskExpiresOn: "2027-06-30" } : {}),
    ...(status === "withdrawn" ? { outcomeReason: "Matrix withdrawal" } : {}),
  });
  const [draftFinding, openFinding, retestFinding, riskFinding, withdrawnFinding] = await db
    .insert(findings)
    .values([
      finding("draft", "draft"),
      finding("open", "open"),
      finding("retest", "fixed_pending_retest"),
      finding("risk", "risk_accepted"),
      finding("withdrawn", "withdrawn"),
    ])
    .returning({ id: findings.id });
  await db.insert(findingRetests).values({ findingId: retestFinding!.id, note: "Matrix fix", requestedByName: "Matrix Owner" });
  const evidenceKey = `documents/matrix-evidence-${tag}.pdf`;
  await getStorage().put(evidenceKey, bytes);
  const [evidence] = await db
    .insert(findingEvidence)
    .values({
      findingId: openFinding!.id,
      name: `Matrix evidence ${tag}.pdf`,
      storageKey: evidenceKey,
      fileSize: bytes.byteLength,
      mimeType: "application/pdf",
    })
    .returning({ id: findingEvidence.id });
  const reportKey = `documents/matrix-report-${tag}.pdf`;
  const reportBytes = await samplePdf(`Matrix report ${tag}`);
  await getStorage().put(reportKey, reportBytes);
  const [report] = await db
    .insert(reports)
    .values({
      clientId: owner.clientId,
      projectId: project!.id,
      title: `Matrix report ${tag}`,
      version: 1,
      storageKey: reportKey,
      fileSize: reportBytes.byteLength,
    })
    .returning({ id: reports.id });
  const importKey = `documents/matrix-import-${tag}.scan`;
  const sarif = JSON.stringify({
    version: "2.1.0",
    runs: [
      { tool: { driver: { name: "matrix" } }, results: [{ ruleId: `MX-${tag}`, level: "error", message: { text: "Matrix result" } }] },
    ],
  });
  await getStorage().put(importKey, new TextEncoder().encode(sarif));
  const [pendingImport] = await db
    .insert(findingImports)
    .values({
      clientId: owner.clientId,
      projectId: project!.id,
      format: "sarif",
      fileName: `matrix-${tag}.sarif`,
      fileSize: sarif.length,
      storageKey: importKey,
      createdByName: "Matrix Team",
      newCount: 1,
    })
    .returning({ id: findingImports.id });
  return {
    pendingImportId: pendingImport!.id,
    draftFindingId: draftFinding!.id,
    openFindingId: openFinding!.id,
    retestFindingId: retestFinding!.id,
    riskFindingId: riskFinding!.id,
    withdrawnFindingId: withdrawnFinding!.id,
    evidenceId: evidence!.id,
    reportId: report!.id,
    invitedPersonId,
    memberPersonId,
    threadId: thread!.id,
    attachmentId: attachment!.id,
    squareCustomerId,
    linkedSquareCustomerId,
    failedMailId: mail!.id,
    documentId: doc!.id,
    invoiceId: free!.id,
    linkedInvoiceId: linked!.id,
    projectId: project!.id,
    bookingId: booking!.id,
    inquiryId: inquiry!.id,
  };
}

/** A tenant's seeded rate cards as the rates form sends them (saving them changes nothing). */
export const rateCardsOf = (tenant: Tenant) =>
  DEMO_RATES.filter((r) => r.clientId === tenant.clientId).map((r) => ({
    serviceType: r.serviceType,
    hourlyRate: r.hourlyRateCents / 100,
    monthlyRetainer: r.monthlyRetainerCents === null ? "" : r.monthlyRetainerCents / 100,
    discountTier: r.discountTier ?? "",
    description: r.description ?? "",
    effectiveFrom: r.effectiveFrom,
  }));
