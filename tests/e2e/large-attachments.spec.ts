// Attachments up to 50 MB (docs/PRODUCT.md#portal-messages): the multipart body goes past the
// proxy's buffer to its route, which counts it as it streams. Through the real server (scripts/
// start.mjs, src/proxy.ts, the route): a 20 MB attachment sent in the browser comes back byte for
// byte; a 3 MB one is accepted and a 51 MB one refused with 413, sending nothing.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { invitedClientSignedIn, uniqueSuffix } from "./admin-helpers";
import { DEMO, expect, signInViaApi, test } from "./fixtures";

const MB = 1024 * 1024;
/** A PDF of `size` bytes: its signature, then random bytes (checked by content, not by name). */
const pdfOf = (size: number) => Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(size - 9)]);
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

test("a client sends a 20 MB attachment and downloads it byte-identical", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInViaApi(page, DEMO.admin);
  const { context, me } = await invitedClientSignedIn(page, browser, "Big Files", `pw-${uniqueSuffix()}-long`);
  const bytes = pdfOf(20 * MB);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-big-")), "evidence-20mb.pdf");
  fs.writeFileSync(file, bytes);

  await me.goto("/client-portal?section=messages");
  await me.getByRole("button", { name: "New conversation" }).click();
  const subject = `Twenty megabytes ${uniqueSuffix()}`;
  await me.getByLabel("Subject").fill(subject);
  await me.getByRole("textbox", { name: "Message", exact: true }).fill("The full capture is attached.");
  await me.locator('input[type="file"]').setInputFiles(file);
  await me.getByRole("button", { name: "Send message" }).click();
  await expect(me.getByRole("heading", { name: subject })).toBeVisible({ timeout: 60_000 });

  const [download] = await Promise.all([me.waitForEvent("download"), me.getByRole("button", { name: /evidence-20mb\.pdf/ }).click()]);
  expect(download.suggestedFilename()).toBe("evidence-20mb.pdf");
  const received = fs.readFileSync(await download.path());
  expect(received.byteLength).toBe(bytes.byteLength);
  expect(sha256(received)).toBe(sha256(bytes));
  await context.close();
});

test("through the real request path, proxy included: 3 MB is accepted, 51 MB refused with 413 and nothing sent", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInViaApi(page, DEMO.admin);
  const { context, me } = await invitedClientSignedIn(page, browser, "Size Limit", `pw-${uniqueSuffix()}-long`);
  const baseURL = test.info().project.use.baseURL!;
  const send = (subject: string, size: number) =>
    me.request.post("/api/client/messages/threads", {
      headers: { origin: baseURL },
      multipart: { subject, body: "Attached.", file: { name: "capture.pdf", mimeType: "application/pdf", buffer: pdfOf(size) } },
      timeout: 60_000,
    });

  const accepted = await send("Three megabytes", 3 * MB);
  expect(accepted.status(), await accepted.text()).toBe(201);

  const refused = await send("Fifty-one megabytes", 51 * MB);
  expect(refused.status()).toBe(413);
  expect(await refused.json()).toEqual({ success: false, error: "File is too large. The maximum is 50MB.", code: "payload_too_large" });

  // Only the accepted conversation exists.
  await me.goto("/client-portal?section=messages");
  await expect(me.getByText("Three megabytes")).toBeVisible();
  await expect(me.getByText("Fifty-one megabytes")).toHaveCount(0);
  await context.close();
});
