// Sharing with third parties through its route handlers and actions
// (docs/PRODUCT.md#sharing-with-third-parties): a share behind the owner's step-up, a recipient's
// single-use link and session, the NDA's acceptance with its text's hash, only the shared items
// until the expiry or a revoke, stamped copies whose codes verify, view-only pages, the link
// request's rate limit, and the company boundary.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as linkRoute } from "@/app/api/shared/link/route";
import { POST as ndaRoute } from "@/app/api/shared/nda/route";
import { GET as fileRoute } from "@/app/api/shared/items/[id]/file/route";
import { GET as pageRoute } from "@/app/api/shared/items/[id]/pages/[page]/route";
import { DELETE as signOutRoute, POST as sessionRoute } from "@/app/api/shared/session/route";
import { auditLog } from "@/features/audit/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { DEMO_PASSWORDS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { listClientAccessLog } from "@/features/audit/server";
import {
  createShareAction,
  extendShareAction,
  revokeShareAction,
  revokeShareRecipientAction,
  setMembersMayShareAction,
} from "@/features/sharing/actions/portal";
import { listShareRoom, MEMBERS_MAY_NOT_SHARE, NOT_SIGNED_IN, verifyShareCopy } from "@/features/sharing/server";
import { DEMO_SHARE_AUDITOR } from "@/features/sharing/server/demo-shares";
import { shareRecipients, shares } from "@/features/sharing/server/schema";
import { sha256Hex } from "@/features/sharing/server/secrets";
import { standardNdaText } from "@/features/sharing/server/standard-nda";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { loadPortalSection } from "@/features/portal/server";
import { demoClientActor } from "@tests/integration/helpers/portal";
import { seedTenantReports, TENANTS } from "@tests/integration/helpers/tenants";
import { listenToEveryEvent, queuedEvents } from "@tests/integration/helpers/webhook-events";
import { siteConfig } from "@/config/site";
import { as, call, type Handler, pageTexts, recipientKit } from "./recipient-kit";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });
beforeAll(async () => seedTenantReports(t.db));
const acme = TENANTS.acme;
const globex = TENANTS.globex;

const { proved, mailedToken, signInRecipient, itemsOf } = recipientKit(() => t.db);
const owner = proved(DEMO_USERS.acme.email, DEMO_PASSWORDS.client);
const member = proved(DEMO_USERS.acmeMember.email, DEMO_PASSWORDS.client);
const globexOwner = proved(DEMO_USERS.globex.email, DEMO_PASSWORDS.client);

async function share(recipient: string, extra: Partial<Parameters<typeof createShareAction>[0]> = {}) {
  const result = await as(await owner(), () =>
    createShareAction({
      items: [
        { kind: "report", id: acme.reportId },
        { kind: "letter", id: acme.letterId },
      ],
      recipients: [{ email: recipient, name: "Alex Auditor" }],
      mode: "download",
      ndaKind: "standard",
      expiryDays: 30,
      ...extra,
    }),
  );
  expect(result).toMatchObject({ success: true });
  return (result as { data: { shareId: string } }).data.shareId;
}

describe("the demo's share room", () => {
  it("holds Acme's share of its report, letter and evidence pack with its auditor (NDA accepted, three views) and an expired share", async () => {
    const room = await listShareRoom(t.db, { actor: await demoClientActor("client@example.com") });
    const withAuditor = room.shares.find((s) => s.recipients.some((r) => r.email === DEMO_SHARE_AUDITOR))!;
    expect(withAuditor.items.map((i) => i.kind).sort()).toEqual(["evidence_pack", "letter", "report"]);
    expect(withAuditor.recipients[0]).toMatchObject({ views: 3, downloads: 0, ndaName: "Dana Whitfield" });
    expect(withAuditor.recipients[0]!.ndaSha256).toBe(sha256Hex(standardNdaText(siteConfig.name, acme.company)));
    expect(room.shares.some((s) => !s.revokedAt && new Date(s.expiresAt) < new Date())).toBe(true);
    const log = await listClientAccessLog(t.db, { actor: await demoClientActor("client@example.com"), kind: "sharing" });
    expect(log.rows.filter((r) => r.action === "share.viewed" && r.who === DEMO_SHARE_AUDITOR)).toHaveLength(3);
  });
});

describe("a share and its recipient", () => {
  it("signs the recipient in once, records the NDA with its text's hash, and shows only the shared items", async () => {
    const email = "auditor-one@audit-firm.example";
    const shareId = await share(email);
    const token = await mailedToken(email);
    const cookie = await signInRecipient(email);
    // The link is single-use.
    const again = await call(sessionRoute as Handler, "/api/shared/session", { json: { token } });
    expect(again.status).toBe(403);

    const [item] = await itemsOf(shareId);
    // Nothing before the NDA.
    const early = await call(fileRoute as Handler, `/api/shared/items/${item!.id}/file`, { cookie, params: { id: item!.id } });
    expect(early.status).toBe(403);

    const accepted = await call(ndaRoute as Handler, "/api/shared/nda", {
      cookie,
      json: { name: "Alex Auditor", accept: true },
      ip: "203.0.113.9",
    });
    expect(accepted.status).toBe(200);
    const [row] = await t.db.select().from(shareRecipients).where(eq(shareRecipients.shareId, shareId));
    expect(row).toMatchObject({ email, ndaName: "Alex Auditor", ndaAddress: "203.0.113.9", ndaUserAgent: "RecipientBrowser/1.0" });
    expect(row!.ndaAcceptedAt).toBeInstanceOf(Date);
    expect(row!.ndaSha256).toBe(sha256Hex(standardNdaText(siteConfig.name, acme.company)));

    // Another share's item (Globex's) is not reachable with this session.
    const [otherShare] = await t.db.select({ id: shares.id }).from(shares).where(eq(shares.clientId, globex.clientId)).limit(1);
    expect(otherShare).toBeUndefined();
    const foreign = "00000000-0000-4000-8000-00000000ffff";
    const missing = await call(fileRoute as Handler, `/api/shared/items/${foreign}/file`, { cookie, params: { id: foreign } });
    expect(missing.status).toBe(404);
  });

  it("stamps every page of a download for the recipient, and its code verifies until revoked", async () => {
    const email = "auditor-two@audit-firm.example";
    const shareId = await share(email);
    const cookie = await signInRecipient(email);
    await call(ndaRoute as Handler, "/api/shared/nda", { cookie, json: { name: "Alex Auditor", accept: true } });
    const items = await itemsOf(shareId);
    const report = items.find((i) => i.kind === "report")!;
    const response = await call(fileRoute as Handler, `/api/shared/items/${report.id}/file`, { cookie, params: { id: report.id } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await response.arrayBuffer());
    const pages = pageTexts(bytes);
    expect(pages.length).toBeGreaterThan(0);
    const code = /verify ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(pages[0]!.replace(/\s+/g, " "))?.[1];
    expect(code).toBeTruthy();
    for (const page of pages) {
      const flat = page.replace(/\s+/g, " ");
      expect(flat).toContain(`Shared with Alex Auditor <${email}> by ${acme.company} on`);
      expect(flat).toContain("Confidential under NDA");
      expect(flat).toContain(`verify ${code}`);
    }
    const verified = await verifyShareCopy(t.db, code!);
    expect(verified).toMatchObject({ state: "current", recipientEmail: email, company: acme.company, sha256: sha256Hex(bytes) });

    // Two downloads are two copies with their own codes.
    const second = await call(fileRoute as Handler, `/api/shared/items/${report.id}/file`, { cookie, params: { id: report.id } });
    const secondCode = /verify ([0-9A-Z-]{14})/.exec(pageTexts(new Uint8Array(await second.arrayBuffer()))[0]!.replace(/\s+/g, " "))?.[1];
    expect(secondCode).not.toBe(code);

    // The owner revokes: the session ends at once, and the code reads revoked.
    expect(await as(await owner(), () => revokeShareAction({ shareId }))).toMatchObject({ success: true });
    const after = await call(fileRoute as Handler, `/api/shared/items/${report.id}/file`, { cookie, params: { id: report.id } });
    expect(after.status).toBe(401);
    expect(((await after.json()) as { error: string }).error).toBe(NOT_SIGNED_IN);
    expect((await verifyShareCopy(t.db, code!))?.state).toBe("revoked");
  });

  it("renders view-only pages as stamped images and refuses the file", async () => {
    const email = "viewer@customer.example";
    const shareId = await share(email, { mode: "view", ndaKind: "none" });
    const cookie = await signInRecipient(email);
    const report = (await itemsOf(shareId)).find((i) => i.kind === "report")!;
    const file = await call(fileRoute as Handler, `/api/shared/items/${report.id}/file`, { cookie, params: { id: report.id } });
    expect(file.status).toBe(403);
    await listenToEveryEvent(t.db, acme.clientId);
    const page = await call(pageRoute as Handler, `/api/shared/items/${report.id}/pages/1`, {
      cookie,
      params: { id: report.id, page: "1" },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("image/png");
    expect(Number(page.headers.get("x-page-count"))).toBeGreaterThan(0);
    const png = new Uint8Array(await page.arrayBuffer());
    expect(Buffer.from(png.subarray(1, 4)).toString()).toBe("PNG");
    const beyond = await call(pageRoute as Handler, `/api/shared/items/${report.id}/pages/999`, {
      cookie,
      params: { id: report.id, page: "999" },
    });
    expect(beyond.status).toBe(404);
    // The owner sees the view, and the access log has it with the recipient's address.
    const room = await listShareRoom(t.db, { actor: await demoClientActor("client@example.com") });
    const mine = room.shares.find((s) => s.id === shareId)!;
    expect(mine.recipients[0]).toMatchObject({ email, views: 1, downloads: 0 });
    const log = await listClientAccessLog(t.db, { actor: await demoClientActor("client@example.com") });
    expect(log.rows.some((r) => r.action === "share.viewed" && r.who === email)).toBe(true);
    // The company's endpoints hear of it: ids only.
    const events = await queuedEvents(t.db, acme.clientId, "share.viewed");
    expect(events.at(-1)!.data).toEqual({ shareId, recipientId: mine.recipients[0]!.id, itemId: report.id, page: 1 });
  });

  it("ends access at the expiry and for a revoked recipient", async () => {
    const email = "late@audit-firm.example";
    const shareId = await share(email, { ndaKind: "none" });
    const cookie = await signInRecipient(email);
    const report = (await itemsOf(shareId)).find((i) => i.kind === "report")!;
    const ok = await call(fileRoute as Handler, `/api/shared/items/${report.id}/file`, { cookie, params: { id: report.id } });
    expect(ok.status).toBe(200);
    await t.db
      .update(shares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shares.id, shareId));
    const expired = await call(fileRoute as Handler, `/api/shared/items/${report.id}/file`, { cookie, params: { id: report.id } });
    expect(expired.status).toBe(401);
    // Extended again, the session works; a revoked recipient's does not.
    expect(await as(await owner(), () => extendShareAction({ shareId, days: 7 }))).toMatchObject({ success: true });
    expect((await call(fileRoute as Handler, `/api/shared/items/${report.id}/file`, { cookie, params: { id: report.id } })).status).toBe(
      200,
    );
    const [recipient] = await t.db.select({ id: shareRecipients.id }).from(shareRecipients).where(eq(shareRecipients.shareId, shareId));
    expect(await as(await owner(), () => revokeShareRecipientAction({ recipientId: recipient!.id }))).toMatchObject({ success: true });
    expect((await call(fileRoute as Handler, `/api/shared/items/${report.id}/file`, { cookie, params: { id: report.id } })).status).toBe(
      401,
    );
    const signOut = await call(signOutRoute as Handler, "/api/shared/session", { cookie, method: "DELETE" });
    expect(signOut.status).toBe(204);
  });
});

describe("who may share and see shares", () => {
  it("refuses a member unless the owners allow members to share", async () => {
    const input = {
      items: [{ kind: "report" as const, id: acme.reportId }],
      recipients: [{ email: "x@example.org" }],
      mode: "view" as const,
      ndaKind: "none" as const,
    };
    const memberActor = await demoClientActor(DEMO_USERS.acmeMember.email);
    const memberSharing = () => loadPortalSection(t.db, { actor: memberActor, section: "settings", tab: "sharing" });
    expect(await as(await member(), () => createShareAction(input))).toMatchObject({ success: false, error: MEMBERS_MAY_NOT_SHARE });
    // Not sharing, the member has no Sharing section: asking for it gives the first.
    expect((await memberSharing()).tabs).not.toContain("sharing");
    expect((await memberSharing()).settings.tab).toBe("profile");
    const ownersShare = await share("owners-own@audit-firm.example");
    expect(await as(await owner(), () => setMembersMayShareAction({ allowed: true }))).toMatchObject({ success: true });
    const made = await as(await member(), () => createShareAction(input));
    expect(made).toMatchObject({ success: true });
    // Sharing, the member sees Sharing with their own shares only, and the owners' controls stay the owners'.
    const section = await memberSharing();
    expect(section.tabs).toEqual(["profile", "company", "security", "sharing", "notifications"]);
    const { settings } = section;
    if (settings.tab !== "sharing") throw new Error(`expected the Sharing section, got ${settings.tab}`);
    expect(settings.isOwner).toBe(false);
    expect(settings.shareRoom.shares.map((s) => s.id)).toEqual([(made as { data: { shareId: string } }).data.shareId]);
    expect(settings.shareable.length).toBeGreaterThan(0);
    expect(await as(await member(), () => revokeShareAction({ shareId: ownersShare }))).toMatchObject({
      success: false,
      code: "forbidden",
    });
    expect(await as(await owner(), () => setMembersMayShareAction({ allowed: false }))).toMatchObject({ success: true });
    expect((await memberSharing()).tabs).not.toContain("sharing");
  });

  it("keeps Acme's shares from Globex's owner", async () => {
    const shareId = await share("boundary@audit-firm.example");
    const room = await listShareRoom(t.db, { actor: await demoClientActor("client2@example.com") });
    expect(room.shares.some((s) => s.id === shareId)).toBe(false);
    expect(await as(await globexOwner(), () => revokeShareAction({ shareId }))).toMatchObject({ success: false, code: "not_found" });
    // Nor can Globex share Acme's report.
    const stolen = await as(await globexOwner(), () =>
      createShareAction({
        items: [{ kind: "report", id: acme.reportId }],
        recipients: [{ email: "x@example.org" }],
        mode: "view",
        ndaKind: "none",
      }),
    );
    expect(stolen).toMatchObject({ success: false, code: "bad_request" });
    const entries = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, shareId), eq(auditLog.action, "share.revoked")));
    expect(entries).toHaveLength(0);
  });
});

describe("asking for a new link", () => {
  it("mails a link for an open share and limits requests per address asked for", async () => {
    const email = "again@audit-firm.example";
    await share(email);
    const before = await t.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    const statuses = [];
    for (let n = 0; n < 4; n++) statuses.push((await call(linkRoute as Handler, "/api/shared/link", { json: { email } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const after = await t.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(after.length - before.length).toBe(3);
    // An address with nothing shared gets the same answer and no mail.
    const none = await call(linkRoute as Handler, "/api/shared/link", { json: { email: "nobody@nowhere.example" } });
    expect(await none.json()).toMatchObject({ success: true });
    // One client address is limited too, whatever it asks for.
    const ip = "198.51.100.7";
    const fromOne = [];
    for (let n = 0; n < 6; n++)
      fromOne.push((await call(linkRoute as Handler, "/api/shared/link", { json: { email: `p${n}@x.example` }, ip })).status);
    expect(fromOne.at(-1)).toBe(429);
  });
});
