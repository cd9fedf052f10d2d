// Settings → Mail (docs/PRODUCT.md#admin-settings): a test mail sent from Settings goes through the
// outbox to a real SMTP server. The spec runs its own app server (tests/e2e/mail-server.ts) pointed
// at an SMTP sink on 127.0.0.1, since the shared e2e server sends no mail.
import { startSmtpSink, type SmtpSink } from "../integration/helpers/smtp-sink";
import { DEMO, expect, test } from "./fixtures";
import { type MailServer, startMailServer } from "./mail-server";

test.describe("Settings → Mail", () => {
  test.describe.configure({ mode: "serial" });
  let sink: SmtpSink;
  let server: MailServer;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    sink = await startSmtpSink();
    server = await startMailServer({ SMTP_URL: sink.url });
  });
  test.afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  test("shows SMTP configured and the outbox counts, and a test mail reaches the SMTP server", async ({ page }) => {
    await page.goto(`${server.baseURL}/admin/login`);
    await page.getByLabel("Admin Email").fill(DEMO.admin.email);
    await page.getByLabel("Password").fill(DEMO.admin.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    // This spec's own server has just started: its first sign-in and dashboard render load every
    // module cold, which on a busy 2-core machine outlasts the usual 10 s.
    await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 30_000 });

    await page.goto(`${server.baseURL}/admin/settings?tab=mail`);
    const card = page.getByRole("region", { name: "Mail" });
    await expect(card.getByTestId("mail-smtp")).toHaveText("Configured");
    await expect(card.getByTestId("mail-failed")).toHaveText("0");

    await card.getByRole("button", { name: `Send a test mail to ${DEMO.admin.email}` }).click();
    await expect(card.getByRole("status").filter({ hasText: `Test mail sent to ${DEMO.admin.email}.` })).toBeVisible();
    const mails = sink.received.filter((m) => m.to === DEMO.admin.email && m.subject.startsWith("Test mail from"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toContain("You asked for this test mail in Settings.");
    await expect(card.getByTestId("mail-queued")).toHaveText("0");
  });
});
