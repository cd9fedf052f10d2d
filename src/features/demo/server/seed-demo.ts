import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/server/core/db/client";
import { newSealedWebhookSecret } from "@/features/webhooks/server";
import { demoWebhookRows } from "./demo-webhooks";
import { seedDemoTrackers } from "./demo-trackers";
import { seedDemoSso } from "./demo-sso";
import { seedDemoAuthorization } from "./demo-authorization";
import { apiTokens } from "@/features/api/server/schema";
import { auditLog } from "@/features/audit/server/schema";
import { serviceBookings } from "@/features/bookings/server/schema";
import { clientPeople, clients } from "@/features/clients/server/schema";
import { documents } from "@/features/documents/server/schema";
import {
  findingComments,
  findingEvents,
  findingRetests,
  findings,
  findingTemplateRules,
  findingTemplates,
} from "@/features/findings/server/schema/records";
import { judgeValidations } from "@/features/measurements/server/schema/judges";
import { findingImports } from "@/features/imports/server/schema/imports";
import { findingImportItems } from "@/features/imports/server/schema/items";
import { findingMeasurements, engagementModelVersions } from "@/features/measurements/server/schema/measurements";
import { rerunRuns, rerunSchedules } from "@/features/measurements/server/schema/reruns";
import { user } from "@/features/identity/server/schema";
import { contactInquiries } from "@/features/inquiries/server/schema";
import { invoiceLineItems, invoices } from "@/features/invoices/server/schema";
import { projects } from "@/features/projects/server/schema";
import { clientRates } from "@/features/rates/server/schema";
import { reports } from "@/features/reports/server/schema";
import { retainerMonths, retainerOverageRequests, retainers, timeEntries } from "@/features/retainers/server/schema";
import { appSettings } from "@/features/settings/server/schema";
import { clientSubscriptions, subscriptionTiers } from "@/features/subscriptions/server/schema";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "@/features/webhooks/server/schema";
import {
  DEMO_API_TOKEN,
  DEMO_WRITE_TOKEN,
  DEMO_BOOKINGS,
  DEMO_CLIENTS,
  DEMO_DOCUMENTS,
  DEMO_INVOICES,
  DEMO_PASSWORDS,
  DEMO_PEOPLE,
  DEMO_FIRM_ACCESS,
  DEMO_PROJECT_HISTORY,
  DEMO_PROJECTS,
  DEMO_RATES,
  DEMO_LETTER,
  DEMO_REPORTS,
  DEMO_SUBSCRIPTIONS,
  DEMO_TIERS,
  DEMO_USERS,
} from "./demo-data";
import { DEMO_FINDINGS } from "./demo-findings";
import { demoFindingRows } from "./demo-finding-rows";
import { demoHistoryRows } from "./demo-history";
import { DEMO_RERUNS, demoRerunRows } from "./demo-reruns";
import { demoJudgeValidationRows } from "./demo-measurements";
import { DEMO_FIRM, DEMO_INVOICE_LINES } from "./demo-invoice-lines";
import { demoImportRows } from "./demo-imports";
import { demoTemplateRows } from "./demo-templates";
import { demoRetainerRows } from "./demo-retainer";
import { demoPdf, demoZip } from "./demo-files";
import type { DocumentStorage } from "@/server/core/storage/storage";
import { createCredentialUser } from "@/features/identity/server";
import { linkUnchainedEntries } from "@/features/audit/server";
import { formatLetterCode, writeLetter } from "@/features/attestations/server";
import { PACK_TITLE } from "@/features/evidence/server";
import { seedDemoShares } from "@/features/sharing/server";
import { DEMO_EVIDENCE_PACK, seedDemoEvidence } from "./demo-evidence";

// Arbitrary constant naming the seed's lock (migrations use 7_349_211, the Square sync 7_349_212).
const SEED_LOCK_KEY = 7_349_213;

/**
 * Seeds the demo data set into an empty database. Idempotent: a database that already has a user
 * is left alone, so a restart never duplicates or overwrites anything.
 */
export async function seedDemoData(db: Db, storage: DocumentStorage): Promise<{ seeded: boolean }> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(user)) as [{ count: number }];
  if (count > 0) return { seeded: false };

  // Files first: a crash after this leaves unused files, never rows pointing at missing files.
  const files = DEMO_DOCUMENTS.map((d) => {
    const isPdf = d.mimeType === "application/pdf";
    const bytes = isPdf ? demoPdf(d.name.replace(/\.\w+$/, "")) : demoZip();
    return { ...d, bytes, storageKey: `documents/demo-${d.id}.${isPdf ? "pdf" : "docx"}` };
  });
  for (const f of files) await storage.put(f.storageKey, f.bytes);
  const reportFiles = DEMO_REPORTS.map((r) => ({ ...r, bytes: demoPdf(r.title), storageKey: `documents/demo-report-${r.id}.pdf` }));
  for (const r of reportFiles) await storage.put(r.storageKey, r.bytes);

  const seeded = await db.transaction(async (tx) => {
    // Several instances starting at once on one empty server would all find no user: the first to
    // take this lock seeds, the others find its users once it commits and leave.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [again] = (await tx.select({ count: sql<number>`count(*)::int` }).from(user)) as [{ count: number }];
    if (again.count > 0) return false;
    await createCredentialUser(tx, { ...DEMO_USERS.admin, role: "admin", password: DEMO_PASSWORDS.admin });
    await createCredentialUser(tx, { ...DEMO_USERS.acme, role: "client", password: DEMO_PASSWORDS.client });
    await createCredentialUser(tx, { ...DEMO_USERS.globex, role: "client", password: DEMO_PASSWORDS.client });
    await createCredentialUser(tx, { ...DEMO_USERS.acmeMember, role: "client", password: DEMO_PASSWORDS.client });
    await tx.insert(clients).values([DEMO_CLIENTS.acme, DEMO_CLIENTS.globex]);
    await tx.insert(clientPeople).values(DEMO_PEOPLE.map((p) => ({ ...p })));
    // Created on their start day, so a project's timeline begins where the project did.
    await tx.insert(projects).values(DEMO_PROJECTS.map((p) => ({ ...p, createdAt: new Date(`${p.startDate}T09:00:00Z`) })));
    await seedDemoAuthorization(tx);
    await tx.insert(auditLog).values(
      DEMO_PROJECT_HISTORY.map((h) => ({
        actorUserId: DEMO_USERS.admin.id,
        actorName: DEMO_USERS.admin.name,
        actorEmail: DEMO_USERS.admin.email,
        hashVersion: 2,
        action: "project.status",
        entityType: "project",
        entityId: h.projectId,
        clientId: h.clientId,
        before: { status: h.from },
        after: { status: h.to },
        createdAt: new Date(h.at),
      })),
    );
    await tx.insert(auditLog).values(
      DEMO_FIRM_ACCESS.map((a) => ({
        actorUserId: DEMO_USERS.admin.id,
        actorName: DEMO_USERS.admin.name,
        actorEmail: DEMO_USERS.admin.email,
        hashVersion: 2,
        action: a.action,
        entityType: a.entityType,
        entityId: a.entityId,
        clientId: DEMO_CLIENTS.acme.id,
        after: { name: a.name },
        createdAt: new Date(a.at),
      })),
    );
    await tx.insert(invoices).values(DEMO_INVOICES);
    await tx.insert(invoiceLineItems).values(DEMO_INVOICE_LINES);
    await tx
      .insert(appSettings)
      .values({ firmName: DEMO_FIRM.name, firmAddress: DEMO_FIRM.address })
      .onConflictDoUpdate({ target: appSettings.id, set: { firmName: DEMO_FIRM.name, firmAddress: DEMO_FIRM.address } });
    await tx.insert(clientRates).values(DEMO_RATES);
    await tx.insert(documents).values(
      files.map((f) => ({
        id: f.id,
        clientId: f.clientId,
        name: f.name,
        category: f.category,
        storageKey: f.storageKey,
        fileSize: f.bytes.byteLength,
        mimeType: f.mimeType,
        uploadedBy: DEMO_USERS.admin.id,
        uploadedAt: new Date(f.uploadedAt),
      })),
    );
    await tx.insert(reports).values(
      reportFiles.map((r) => ({
        id: r.id,
        clientId: r.clientId,
        projectId: r.projectId,
        title: r.title,
        version: r.version,
        storageKey: r.storageKey,
        fileSize: r.bytes.byteLength,
        uploadedBy: DEMO_USERS.admin.id,
        publishedAt: new Date(r.publishedAt),
      })),
    );
    await tx.insert(subscriptionTiers).values(DEMO_TIERS);
    await tx.insert(clientSubscriptions).values(
      // Dated in the past, so the MRR chart has a history (docs/PRODUCT.md#revenue-charts).
      DEMO_SUBSCRIPTIONS.map((s) => ({
        ...s,
        currentPeriodStart: new Date(s.currentPeriodStart),
        currentPeriodEnd: new Date(s.currentPeriodEnd),
        createdAt: new Date(s.createdAt),
        activatedAt: new Date(s.createdAt),
        // A cancelled plan stopped at its last change: the churn rate counts it then.
        cancelledAt: s.status === "cancelled" ? new Date(s.updatedAt) : null,
        updatedAt: new Date(s.updatedAt),
      })),
    );
    // Each request names the person who asked: the company's owner (Acme's member asked none).
    const requesterOf = { [DEMO_CLIENTS.acme.id]: DEMO_USERS.acme.id, [DEMO_CLIENTS.globex.id]: DEMO_USERS.globex.id } as Record<
      string,
      string
    >;
    await tx.insert(serviceBookings).values(DEMO_BOOKINGS.map((b) => ({ ...b, requestedBy: requesterOf[b.clientId] ?? null })));
    const demoFindings = demoFindingRows();
    await tx.insert(findings).values(demoFindings.findings);
    await tx.insert(findingEvents).values(demoFindings.events);
    await tx.insert(findingRetests).values(demoFindings.retests);
    await tx.insert(findingComments).values(demoFindings.comments);
    await tx.insert(findingMeasurements).values(demoFindings.measurements);
    await tx.insert(engagementModelVersions).values(demoFindings.modelVersions);
    // A year of Acme's findings for the analytics (server/demo-history.ts).
    const history = demoHistoryRows();
    await tx.insert(findings).values(history.findings);
    await tx.insert(findingEvents).values(history.events);
    const reruns = demoRerunRows(DEMO_FINDINGS.find((f) => f.id === DEMO_RERUNS.conversation.findingId)!.projectId);
    await tx.insert(rerunSchedules).values(reruns.schedules);
    await tx.insert(rerunRuns).values(reruns.runs);
    await tx.insert(findingMeasurements).values(reruns.measurements);
    await tx.insert(findingEvents).values(reruns.events);
    await tx.insert(judgeValidations).values(demoJudgeValidationRows());
    const demoImports = demoImportRows();
    await tx.insert(findingImports).values(demoImports.imports);
    await tx.insert(findingImportItems).values(demoImports.items);
    for (const { id, ...imported } of demoImports.findings) await tx.update(findings).set(imported).where(eq(findings.id, id));
    const demoTemplates = demoTemplateRows();
    await tx.insert(findingTemplates).values(demoTemplates.templates);
    await tx.insert(findingTemplateRules).values(demoTemplates.rules);
    const retainer = demoRetainerRows();
    await tx.insert(retainers).values(retainer.retainer);
    await tx.insert(timeEntries).values(retainer.entries);
    await tx.insert(retainerMonths).values(retainer.months);
    await tx.insert(retainerOverageRequests).values(retainer.overageRequest);
    // Signed like any letter, after the report and the findings it counts.
    await writeLetter(tx, {
      project: { id: DEMO_LETTER.projectId, clientId: DEMO_CLIENTS.acme.id, company: DEMO_CLIENTS.acme.company },
      input: { ...DEMO_LETTER.input, testers: [...DEMO_LETTER.input.testers] },
      issuedBy: DEMO_USERS.admin.id,
      fixed: { id: DEMO_LETTER.id, code: DEMO_LETTER.code, issuedAt: new Date(DEMO_LETTER.issuedAt) },
    });
    // Acme's API tokens (docs/PRODUCT.md#api-and-webhooks): their secrets were shown once, to
    // nobody, so only a hash of random bytes is kept and the tokens can never be used.
    await tx.insert(apiTokens).values({
      ...DEMO_API_TOKEN,
      clientId: DEMO_CLIENTS.acme.id,
      secretHash: createHash("sha256").update(randomBytes(32)).digest("hex"),
      createdByUserId: DEMO_USERS.acme.id,
      createdByName: DEMO_USERS.acme.name,
      scopes: [...DEMO_API_TOKEN.scopes],
      createdAt: new Date(DEMO_API_TOKEN.createdAt),
      lastUsedAt: new Date(DEMO_API_TOKEN.lastUsedAt),
    });
    await tx.insert(apiTokens).values({
      ...DEMO_WRITE_TOKEN,
      clientId: DEMO_CLIENTS.acme.id,
      secretHash: createHash("sha256").update(randomBytes(32)).digest("hex"),
      createdByUserId: DEMO_USERS.acme.id,
      createdByName: DEMO_USERS.acme.name,
      scopes: [...DEMO_WRITE_TOKEN.scopes],
      expiresAt: new Date(DEMO_WRITE_TOKEN.expiresAt),
      createdAt: new Date(DEMO_WRITE_TOKEN.createdAt),
      lastUsedAt: new Date(DEMO_WRITE_TOKEN.lastUsedAt),
    });
    const webhook = demoWebhookRows(newSealedWebhookSecret());
    await tx.insert(webhookEndpoints).values(webhook.endpoint);
    await tx.insert(webhookEvents).values(webhook.event);
    await tx.insert(webhookDeliveries).values(webhook.delivery);
    await tx.insert(webhookAttempts).values(webhook.attempts);
    // Acme's GitHub, after the findings its tickets belong to.
    await seedDemoTrackers(tx);
    await seedDemoSso(tx);
    await tx.insert(contactInquiries).values({
      name: "Morgan Chen",
      email: "morgan.chen@example.org",
      company: "Initech",
      serviceInterest: "AI Security Assessment",
      message: "We are launching an internal assistant next quarter and would like an assessment beforehand.",
      createdAt: new Date("2026-11-18T09:15:00Z"),
    });
    // After the findings and the reports its pack reads.
    await seedDemoEvidence(tx, storage);
    // Acme's share room (docs/PRODUCT.md#sharing-with-third-parties): its latest report, letter and
    // evidence pack with its auditor, and an expired share; after the pack it names.
    const demoReport = DEMO_REPORTS.find((r) => r.clientId === DEMO_CLIENTS.acme.id)!;
    await seedDemoShares(tx, {
      clientId: DEMO_CLIENTS.acme.id,
      company: DEMO_CLIENTS.acme.company,
      owner: { userId: DEMO_USERS.acme.id, name: DEMO_USERS.acme.name, email: DEMO_USERS.acme.email },
      report: { id: demoReport.id, label: `${demoReport.title} v${demoReport.version}`, projectId: demoReport.projectId },
      letter: { id: DEMO_LETTER.id, label: `Attestation letter ${formatLetterCode(DEMO_LETTER.code)}`, projectId: DEMO_LETTER.projectId },
      pack: {
        id: DEMO_EVIDENCE_PACK.id,
        label: `${PACK_TITLE} ${formatLetterCode(DEMO_EVIDENCE_PACK.code)}`,
        projectId: DEMO_EVIDENCE_PACK.projectId,
      },
    });
    await linkUnchainedEntries(tx);
    return true;
  });
  return { seeded };
}
