import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/files/[id]/route";
import { DEMO_DOCUMENTS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { demoPdf } from "@/features/demo/server/demo-files";
import { signDownloadUrl, verifyDownloadSignature } from "@/server/core/storage/signed-url";
import { setupTestDatabase } from "./helpers/db";

setupTestDatabase({ seedDemo: true });
const doc = DEMO_DOCUMENTS[0];
const holder = { userId: DEMO_USERS.acme.id };
const call = (url: string) => GET(new Request(url), { params: Promise.resolve({ id: url.split("/api/files/")[1]!.split("?")[0]! }) });

describe("signed document links", () => {
  it("serve the stored bytes as an attachment while valid", async () => {
    const { url } = signDownloadUrl(doc.id, { holder });
    const response = await call(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain(`attachment; filename="${doc.name}"`);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(demoPdf(doc.name.replace(/\.\w+$/, "")));
  });

  it("expire", async () => {
    const { url } = signDownloadUrl(doc.id, { holder, ttlSeconds: 60, now: Date.now() - 120_000 });
    expect((await call(url)).status).toBe(403);
  });

  it("cannot be altered: another id, a later expiry or another disposition break the signature", async () => {
    const { url } = signDownloadUrl(doc.id, { holder });
    const other = DEMO_DOCUMENTS[4].id;
    expect((await call(url.replace(doc.id, other))).status).toBe(403);
    const later = new URL(url);
    later.searchParams.set("expires", String(Number(later.searchParams.get("expires")) + 3600));
    expect((await call(later.toString())).status).toBe(403);
    const inline = new URL(url);
    inline.searchParams.set("disposition", "inline");
    expect((await call(inline.toString())).status).toBe(403);
    // Nor can the person it was made for be changed, nor the link turned into a viewing admin's.
    const otherPerson = new URL(url);
    otherPerson.searchParams.set("for", DEMO_USERS.admin.id);
    expect((await call(otherPerson.toString())).status).toBe(403);
    const viewing = new URL(url);
    viewing.searchParams.set("view", "1");
    expect((await call(viewing.toString())).status).toBe(403);
    expect(verifyDownloadSignature(doc.id, { expires: "1", sig: null, disposition: null, for: holder.userId, view: null }).ok).toBe(false);
  });
});
