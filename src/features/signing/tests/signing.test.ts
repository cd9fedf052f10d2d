// The firm's signing keys (src/features/signing/README.md): one key per purpose for every
// instance, supplied keys taking over, PDF signatures that Poppler's pdfsig verifies and that break
// when a byte changes, and JWS tokens a standard JOSE library checks against the published keys.
import { execFile } from "node:child_process";
import { createHash, generateKeyPairSync } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import * as asn1js from "asn1js";
import { compactVerify, createLocalJWKSet } from "jose";
import { PDFDocument, StandardFonts } from "pdf-lib";
import * as pkijs from "pkijs";
import { afterEach, describe, expect, it } from "vitest";
import { signingKeys } from "@/features/signing/server/schema";
import { resetServerEnv } from "@/server/core/env";
import {
  ensureSigningKey,
  ensureSigningKeys,
  forgetSigningKeys,
  publicJwks,
  rotateSigningKey,
  signJws,
  signPdf,
  verifyJws,
} from "@/features/signing/server";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { startFakeTimestampAuthority } from "./fake-timestamp-authority";

const t = setupTestDatabase();
const run = promisify(execFile);

afterEach(() => {
  delete process.env.SIGNING_JWS_KEY;
  delete process.env.TIMESTAMP_AUTHORITY_URL;
  resetServerEnv();
  forgetSigningKeys();
});

async function pdfsig(bytes: Uint8Array): Promise<string> {
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "pdfsig-")), "signed.pdf");
  await fs.writeFile(file, bytes);
  // pdfsig exits non-zero for an invalid signature; its report is what the test reads.
  const result = await run("pdfsig", [file]).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
  return result.stdout;
}

async function samplePdf(): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText("Authorization to test: LLM Gateway", { x: 50, y: 780, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc;
}

describe("signing keys", () => {
  it("makes one key per purpose, the same for instances that start together", async () => {
    const keys = await Promise.all([ensureSigningKey(t.db, "jws"), ensureSigningKey(t.db, "jws"), ensureSigningKey(t.db, "jws")]);
    expect(new Set(keys.map((k) => k.kid)).size).toBe(1);
    await ensureSigningKeys(t.db);
    const rows = await t.db
      .select({ purpose: signingKeys.purpose, retiredAt: signingKeys.retiredAt, sealed: signingKeys.privateKeySealed })
      .from(signingKeys);
    expect(
      rows
        .filter((r) => r.retiredAt === null)
        .map((r) => r.purpose)
        .sort(),
    ).toEqual(["jws", "pdf"]);
    // The private key is stored sealed, never as PEM.
    for (const row of rows) expect(row.sealed).not.toContain("PRIVATE KEY");
  });

  it("takes over with a key the environment supplies, and still verifies what the old key signed", async () => {
    const before = await signJws(t.db, { fact: "old" }, "test+jws");
    const { privateKey } = generateKeyPairSync("ed25519");
    // As an .env file would give it: on one line, with "\n".
    process.env.SIGNING_JWS_KEY = privateKey.export({ type: "pkcs8", format: "pem" }).toString().replace(/\n/g, "\\n");
    resetServerEnv();
    forgetSigningKeys();
    const supplied = await ensureSigningKey(t.db, "jws");
    const [row] = await t.db.select({ source: signingKeys.source }).from(signingKeys).where(eq(signingKeys.kid, supplied.kid));
    expect(row?.source).toBe("environment");
    const after = await signJws(t.db, { fact: "new" }, "test+jws");
    expect((await verifyJws(t.db, before, "test+jws"))?.payload).toEqual({ fact: "old" });
    expect((await verifyJws(t.db, after, "test+jws"))?.kid).toBe(supplied.kid);
    await expect(rotateSigningKey(t.db, "jws")).rejects.toThrow(/environment/);
  });

  it("refuses a supplied key of the wrong kind", async () => {
    process.env.SIGNING_JWS_KEY = generateKeyPairSync("ec", { namedCurve: "P-256" })
      .privateKey.export({ type: "pkcs8", format: "pem" })
      .toString();
    resetServerEnv();
    await expect(ensureSigningKey(t.db, "jws")).rejects.toThrow("SIGNING_JWS_KEY must be an Ed25519 key.");
  });
});

describe("JWS", () => {
  it("verifies against the published key set with a standard JOSE library, and not once changed", async () => {
    const token = await signJws(t.db, { code: "AB12-CD34", severity: { high: 2 } }, "test+jws");
    const jwks = createLocalJWKSet(await publicJwks(t.db));
    const { payload, protectedHeader } = await compactVerify(token, jwks);
    expect(JSON.parse(new TextDecoder().decode(payload))).toEqual({ code: "AB12-CD34", severity: { high: 2 } });
    expect(protectedHeader).toMatchObject({ alg: "EdDSA", typ: "test+jws" });

    const [header, , signature] = token.split(".");
    const forged = `${header}.${Buffer.from(JSON.stringify({ code: "AB12-CD34", severity: { high: 0 } })).toString("base64url")}.${signature}`;
    await expect(compactVerify(forged, jwks)).rejects.toThrow();
    expect(await verifyJws(t.db, forged, "test+jws")).toBeNull();
    // A token of another kind is not taken for this one.
    expect(await verifyJws(t.db, token, "other+jws")).toBeNull();
  });

  it("a rotated key keeps verifying what it signed; the key set lists both", async () => {
    const token = await signJws(t.db, { n: 1 }, "test+jws");
    const rotated = await rotateSigningKey(t.db, "jws");
    const { keys } = await publicJwks(t.db);
    expect(keys.map((k) => k.kid)).toContain(rotated.kid);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    await expect(compactVerify(token, createLocalJWKSet({ keys }))).resolves.toBeTruthy();
  });
});

describe("PDF signatures", () => {
  it("pdfsig finds a valid PAdES signature of the firm; one changed byte breaks it", async () => {
    const signed = await signPdf(t.db, await samplePdf(), { reason: "Signed authorization" });
    const report = await pdfsig(signed);
    expect(report).toContain("Signature Type: ETSI.CAdES.detached");
    expect(report).toContain("Signature Validation: Signature is Valid.");
    expect(report).toContain("Signer Certificate Common Name: Sentinel AI Security");

    // Change one byte of the signed text (the page's content stream, inside the byte range).
    const text = Buffer.from(signed).toString("latin1");
    const at = text.indexOf("/Type /Catalog");
    expect(at).toBeGreaterThan(0);
    const tampered = Buffer.from(signed);
    tampered[at + 1] = "t".charCodeAt(0);
    const broken = await pdfsig(tampered);
    expect(broken).not.toContain("Signature is Valid.");
    expect(broken).toMatch(/Digest Mismatch|Signature is Invalid/);
  });
});

describe("PDF signatures with a timestamp authority", () => {
  /** The CMS SignedData in a signed PDF's /Contents. */
  function cmsOf(signed: Buffer): pkijs.SignedData {
    const hex = /\/Contents\s*<([0-9a-fA-F]+)>/.exec(signed.toString("latin1"))![1]!;
    const der = Buffer.from(hex.replace(/(00)+$/, ""), "hex");
    const info = pkijs.ContentInfo.fromBER(der.subarray(0, asn1js.fromBER(der).offset));
    return new pkijs.SignedData({ schema: info.content });
  }

  it("carries a timestamp token over its signature when TIMESTAMP_AUTHORITY_URL is set; a refusal or a wrong nonce fails the seal", async () => {
    const tsa = await startFakeTimestampAuthority();
    try {
      process.env.TIMESTAMP_AUTHORITY_URL = tsa.url;
      resetServerEnv();
      const signed = await signPdf(t.db, await samplePdf(), { reason: "Signed authorization" });
      expect(await pdfsig(signed)).toContain("Signature Validation: Signature is Valid.");
      const signer = cmsOf(signed).signerInfos[0]!;
      const stamp = signer.unsignedAttrs?.attributes.find((a) => a.type === "1.2.840.113549.1.9.16.2.14");
      expect(stamp, "a signature-time-stamp-token attribute").toBeDefined();
      const token = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(stamp!.values[0]!.toBER(false)).content });
      const info = pkijs.TSTInfo.fromBER(token.encapContentInfo.eContent!.getValue());
      // The stamp is over this signature's value: it proves the signature existed at genTime.
      const signatureHash = createHash("sha256").update(signer.signature.valueBlock.valueHexView).digest();
      expect(Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView).equals(signatureHash)).toBe(true);

      tsa.state.mode = "refuse";
      await expect(signPdf(t.db, await samplePdf(), { reason: "x" })).rejects.toThrow("The timestamp authority refused (status 2).");
      tsa.state.mode = "wrong-nonce";
      await expect(signPdf(t.db, await samplePdf(), { reason: "x" })).rejects.toThrow("does not carry our nonce");
    } finally {
      delete process.env.TIMESTAMP_AUTHORITY_URL;
      await tsa.close();
    }
  });
});
