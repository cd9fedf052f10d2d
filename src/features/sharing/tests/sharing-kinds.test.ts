// The kinds a share holds beyond reports and letters (docs/PRODUCT.md#sharing-with-third-parties):
// an engagement's signed evidence pack and its retest summary, offered to the owner, downloaded by
// the recipient as stamped copies whose codes verify; a revoked pack and a summary a later retest
// decision outdated read so at /verify; another company cannot share them.
import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as ndaRoute } from "@/app/api/shared/nda/route";
import { GET as fileRoute } from "@/app/api/shared/items/[id]/file/route";
import { GET as pageRoute } from "@/app/api/shared/items/[id]/pages/[page]/route";
import { FINDING_STATUS_LABELS } from "@/lib/domain/finding";
import type { AdminActor } from "@/server/core/actor";
import { DEMO_PASSWORDS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { DEMO_EVIDENCE_PACK } from "@/features/demo/server/demo-evidence";
import { revokePack } from "@/features/evidence/server";
import { recordRetestResult } from "@/features/findings/server/workflow";
import { findingRetests, findings } from "@/features/findings/server/schema/records";
import { createShareAction } from "@/features/sharing/actions/portal";
import { listShareableForActor, verifyShareCopy } from "@/features/sharing/server";
import { ITEM_WITHDRAWN } from "@/features/sharing/server/recipient";
import { ITEM_NOT_SHAREABLE } from "@/features/sharing/server/shares";
import { sha256Hex } from "@/features/sharing/server/secrets";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { demoClientActor } from "@tests/integration/helpers/portal";
import { seedTenantReports, TENANTS } from "@tests/integration/helpers/tenants";
import { as, call, type Handler, pageTexts, recipientKit } from "./recipient-kit";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });
beforeAll(async () => seedTenantReports(t.db));
const acme = TENANTS.acme;
const { proved, signInRecipient, itemsOf } = recipientKit(() => t.db);
const owner = proved(DEMO_USERS.acme.email, DEMO_PASSWORDS.client);
const globexOwner = proved(DEMO_USERS.globex.email, DEMO_PASSWORDS.client);
const admin: AdminActor = { role: "admin", userId: DEMO_USERS.admin.id, email: DEMO_USERS.admin.email, name: DEMO_USERS.admin.name };
const PACK_LABEL = "Evidence pack ACME0-PACK1";
// The demo's measured findings were retested on the engagement of its evidence pack.
const ENGAGEMENT = DEMO_EVIDENCE_PACK.projectId;

type Item = { kind: "evidence_pack" | "retest_summary"; id: string };

async function shareOf(cookie: string, items: Item[], email: string) {
  return as(cookie, () =>
    createShareAction({ items, recipients: [{ email, name: "Alex Auditor" }], mode: "download", ndaKind: "standard", expiryDays: 30 }),
  );
}

/** Shares `items` with `email`, who signs in and accepts the NDA; their cookie and the share's items. */
async function sharedWith(email: string, items: Item[]) {
  const result = await shareOf(await owner(), items, email);
  expect(result).toMatchObject({ success: true });
  const shareId = (result as { data: { shareId: string } }).data.shareId;
  const cookie = await signInRecipient(email);
  expect((await call(ndaRoute as Handler, "/api/shared/nda", { cookie, json: { name: "Alex Auditor", accept: true } })).status).toBe(200);
  return { cookie, items: await itemsOf(shareId) };
}

/** A download of the share item `id`: its bytes, its pages' text (flattened) and its copy's code. */
async function download(cookie: string, id: string) {
  const response = await call(fileRoute as Handler, `/api/shared/items/${id}/file`, { cookie, params: { id } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  const bytes = new Uint8Array(await response.arrayBuffer());
  const pages = pageTexts(bytes).map((page) => page.replace(/\s+/g, " "));
  const code = /verify ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(pages[0]!)?.[1];
  expect(code).toBeTruthy();
  for (const page of pages) {
    expect(page).toContain(`Shared with Alex Auditor <`);
    expect(page).toContain(`by ${acme.company} on`);
    expect(page).toContain(`verify ${code}`);
  }
  return { bytes, text: pages.join(" "), code: code! };
}

describe("what the owner's form offers", () => {
  it("lists the current evidence pack and the engagements with a decided retest, grouped after reports and letters", async () => {
    const offered = await listShareableForActor(t.db, { actor: await demoClientActor("client@example.com") });
    expect(offered).toContainEqual({ kind: "evidence_pack", id: DEMO_EVIDENCE_PACK.id, label: PACK_LABEL });
    const summary = offered.find((i) => i.kind === "retest_summary" && i.id === ENGAGEMENT);
    expect(summary?.label).toMatch(/^Retest summary: /);
    // The pack's PDF, a report of the vault, is offered once: as the pack.
    expect(offered.filter((i) => i.kind === "report" && i.label.startsWith("Evidence pack"))).toEqual([]);
    expect(offered.map((i) => i.kind)).toEqual([...offered.map((i) => i.kind)].sort((a, b) => order(a) - order(b)));
    // Globex has neither.
    const globex = await listShareableForActor(t.db, { actor: await demoClientActor("client2@example.com") });
    expect(globex.some((i) => i.kind === "evidence_pack" || i.id === ENGAGEMENT)).toBe(false);
  });
});
const order = (kind: string) => ["report", "letter", "evidence_pack", "retest_summary"].indexOf(kind);

describe("another company", () => {
  it("cannot share Acme's pack or engagement summary: the same answer as an item that does not exist", async () => {
    const missing = await shareOf(
      await globexOwner(),
      [{ kind: "evidence_pack", id: "00000000-0000-4000-8000-00000000ffff" }],
      "x@example.org",
    );
    expect(missing).toMatchObject({ success: false, code: "bad_request", error: ITEM_NOT_SHAREABLE });
    for (const item of [
      { kind: "evidence_pack", id: DEMO_EVIDENCE_PACK.id },
      { kind: "retest_summary", id: ENGAGEMENT },
    ] as const)
      expect(await shareOf(await globexOwner(), [item], "x@example.org")).toEqual(missing);
  });
});

describe("a shared retest summary", () => {
  it("is drawn for the recipient with each retest, stamped, and reads superseded once a later retest is decided", async () => {
    const email = "summary@audit-firm.example";
    const { cookie, items } = await sharedWith(email, [{ kind: "retest_summary", id: ENGAGEMENT }]);
    const [item] = items;
    expect(item!.label).toMatch(/^Retest summary: /);
    const { bytes, text, code } = await download(cookie, item!.id);
    expect(text).toContain(item!.label);
    // The measured jailbreak: its title, severity, status now and its retest's measured rate; a retest still awaited.
    expect(text).toContain("Role-play jailbreak bypasses the gateway's content policy");
    expect(text).toContain(`High · status now: ${FINDING_STATUS_LABELS.verified_fixed}`);
    expect(text).toContain(`${FINDING_STATUS_LABELS.verified_fixed}; measured 0 in 200 trials (0.0%)`);
    expect(text).toMatch(/Requested [A-Z][a-z]{2} \d{1,2}, \d{4} by [^;]+; awaiting the firm's result\./);
    expect(await verifyShareCopy(t.db, code)).toMatchObject({ state: "current", document: item!.label, sha256: sha256Hex(bytes) });

    // Drawn alike for the same data: two copies differ only by their stamps.
    const again = await download(cookie, item!.id);
    const unstamped = (text: string) => text.replace(/Shared with .*? verify [0-9A-Z-]{14}/g, "");
    expect(unstamped(again.text)).toBe(unstamped(text));

    // The firm decides the retest still awaited: the copies made before read superseded; a new one shows the decision.
    const [open] = await t.db
      .select({ findingId: findingRetests.findingId })
      .from(findingRetests)
      .innerJoin(findings, eq(findings.id, findingRetests.findingId))
      .where(and(eq(findings.projectId, ENGAGEMENT), isNull(findingRetests.result)))
      .limit(1);
    await recordRetestResult(t.db, {
      actor: admin,
      findingId: open!.findingId,
      note: "Still bypassable.",
      trials: 100,
      successes: 40,
      modelVersion: "2026-11",
    });
    expect((await verifyShareCopy(t.db, code))?.state).toBe("superseded");
    expect((await verifyShareCopy(t.db, again.code))?.state).toBe("superseded");
    // For the recipient the summary is always the current one: it is drawn when asked for.
    const after = await download(cookie, item!.id);
    expect(after.text).toContain("measured 40 in 100 trials (40.0%)");
    expect((await verifyShareCopy(t.db, after.code))?.state).toBe("current");
  });
});

describe("a shared evidence pack", () => {
  it("gives the pack's PDF stamped for the recipient, viewable page by page, and reads revoked once the firm revokes it", async () => {
    const email = "pack@audit-firm.example";
    const { cookie, items } = await sharedWith(email, [{ kind: "evidence_pack", id: DEMO_EVIDENCE_PACK.id }]);
    const [item] = items;
    expect(item).toMatchObject({ kind: "evidence_pack", label: PACK_LABEL });
    const { bytes, text, code } = await download(cookie, item!.id);
    // The PDF as issued, under the stamp.
    expect(text).toContain("Evidence pack:");
    expect(text).toContain("Code ACME0-PACK1");
    expect(await verifyShareCopy(t.db, code)).toMatchObject({ state: "current", document: PACK_LABEL, sha256: sha256Hex(bytes) });
    const page = await call(pageRoute as Handler, `/api/shared/items/${item!.id}/pages/1`, { cookie, params: { id: item!.id, page: "1" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("image/png");

    expect(await revokePack(t.db, { actor: admin, packId: DEMO_EVIDENCE_PACK.id })).toEqual({ revoked: true });
    expect(await verifyShareCopy(t.db, code)).toMatchObject({ state: "revoked", document: PACK_LABEL });
    const refused = await call(fileRoute as Handler, `/api/shared/items/${item!.id}/file`, { cookie, params: { id: item!.id } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe(ITEM_WITHDRAWN);
    // Nor can it be shared again.
    expect(await shareOf(await owner(), [{ kind: "evidence_pack", id: DEMO_EVIDENCE_PACK.id }], "late@audit-firm.example")).toMatchObject({
      success: false,
      error: ITEM_NOT_SHAREABLE,
    });
  });
});
