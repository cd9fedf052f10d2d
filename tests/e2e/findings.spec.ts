// Findings end to end (docs/PRODUCT.md#portal-findings, #admin-findings), on a server of its own
// whose mail goes to a real SMTP sink: the admin previews and imports a SARIF file with three results and
// publishes two; the client sees exactly those two (the draft in no HTML or RSC payload of the
// portal); the client marks one fixed and asks for a retest, the admin records "Verified fixed",
// and the client sees it on the timeline and gets the mail; the owner accepts the other's risk.
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { startSmtpSink, type SmtpSink } from "../integration/helpers/smtp-sink";
import { DEMO, expect, test, uniqueIp } from "./fixtures";
import { type MailServer, startMailServer } from "./mail-server";

// Acme's "AI Governance Framework" engagement: no findings in the demo data.
const ENGAGEMENT = "00000000-0000-4000-8000-c00000000002";
const DEMO_DRAFT = "Draft: prompt injection in support bot";
const RULES = {
  published: "Prompt injection through retrieved documents",
  accepted: "Tool output trusted without checks",
  draft: "Model card missing training data sources",
};
const SARIF = JSON.stringify({
  version: "2.1.0",
  runs: [
    {
      tool: {
        driver: {
          name: "llm-scanner",
          rules: [
            { id: "R1", shortDescription: { text: RULES.published } },
            { id: "R2", shortDescription: { text: RULES.accepted } },
            { id: "R3", shortDescription: { text: RULES.draft } },
          ],
        },
      },
      results: [
        { ruleId: "R1", level: "error", message: { text: "A retrieved page **overrides** the system prompt." } },
        { ruleId: "R2", level: "warning", message: { text: "Tool output flows into the next prompt." } },
        { ruleId: "R3", level: "note", message: { text: "The model card lists no data sources." } },
      ],
    },
  ],
});

let sink: SmtpSink;
let server: MailServer;

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  sink = await startSmtpSink();
  server = await startMailServer({ SMTP_URL: sink.url, MAIL_FROM: "portal@example.com" });
});
test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

async function open(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.baseURL, extraHTTPHeaders: { "x-forwarded-for": uniqueIp() } });
  return { context, page: await context.newPage() };
}

async function go(page: Page, path: string) {
  await page.goto(path);
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout: 15_000 });
}

async function adminSignedIn(browser: Browser) {
  const { context, page } = await open(browser);
  await go(page, "/admin/login");
  await page.getByLabel("Admin Email").fill(DEMO.admin.email);
  await page.getByLabel("Password").fill(DEMO.admin.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  return { context, page };
}

async function clientSignedIn(browser: Browser) {
  const { context, page } = await open(browser);
  await go(page, "/client-portal");
  await page.getByLabel("Email").fill(DEMO.client.email);
  await page.getByLabel("Password").fill(DEMO.client.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText(DEMO.client.email).first()).toBeVisible();
  return { context, page };
}

test("SARIF import, publishing, a retest verified fixed with its mail, and a risk accepted", async ({ browser }) => {
  const admin = await adminSignedIn(browser);
  const client = await clientSignedIn(browser);

  // The admin previews the file (three new), imports the three results as drafts and publishes two of them.
  await go(admin.page, `/admin/findings?projectId=${ENGAGEMENT}`);
  await admin.page.getByLabel("Scan file").setInputFiles({ name: "scan.sarif", mimeType: "application/json", buffer: Buffer.from(SARIF) });
  await admin.page.getByRole("button", { name: "Preview import" }).click();
  const preview = admin.page.getByRole("region", { name: "Import preview" });
  await expect(preview.getByText("scan.sarif")).toBeVisible();
  await expect(preview.getByRole("listitem")).toHaveCount(3);
  await preview.getByRole("button", { name: "Import", exact: true }).click();
  await expect(admin.page.getByText("Imported: 3 new drafts, 0 already known")).toBeVisible();
  await expect(admin.page.getByRole("list", { name: "Import history" }).getByText("3 new drafts, 0 already known").first()).toBeVisible();
  await admin.page.getByRole("checkbox", { name: `Select ${RULES.published}` }).check();
  await admin.page.getByRole("checkbox", { name: `Select ${RULES.accepted}` }).check();
  await admin.page.getByRole("button", { name: "Publish selected (2)" }).click();
  await expect(admin.page.getByText("Published 2 findings")).toBeVisible();
  await expect(admin.page.getByRole("checkbox", { name: `Select ${RULES.draft}` })).toBeVisible();

  // The client sees exactly the two, and no draft anywhere in the portal's HTML or RSC payload.
  await go(client.page, `/client-portal?section=findings&engagement=${ENGAGEMENT}`);
  const list = client.page.getByRole("list", { name: "Findings" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("link", { name: RULES.published })).toBeVisible();
  await expect(list.getByRole("link", { name: RULES.accepted })).toBeVisible();
  // (The overview renders no finding at all: only the section in view is rendered.)
  for (const path of ["/client-portal?section=findings", `/client-portal?section=findings&engagement=${ENGAGEMENT}`, "/client-portal"]) {
    for (const headers of [{} as Record<string, string>, { RSC: "1" }]) {
      const body = await (await client.context.request.get(path, { headers })).text();
      if (path.includes("section=findings")) expect(body).toContain(RULES.published);
      expect(body).not.toContain(RULES.draft);
      expect(body).not.toContain(DEMO_DRAFT);
    }
  }

  // The client marks the first fixed and asks for a retest.
  await list.getByRole("link", { name: RULES.published }).click();
  await expect(client.page.getByRole("heading", { level: 1, name: RULES.published })).toBeVisible();
  await expect(client.page.locator("strong").filter({ hasText: "overrides" })).toBeVisible();
  await client.page.getByLabel("What did you fix?").fill("Retrieved pages are now quoted as data.");
  await client.page.getByRole("button", { name: "Request retest" }).click();
  await expect(client.page.getByRole("status").filter({ hasText: "Retest requested" })).toBeVisible();
  await expect(client.page.getByText("A retest is requested. We will record its result on the timeline.")).toBeVisible();

  // The admin finds it in the queue and records "Verified Fixed".
  await go(admin.page, "/admin/findings");
  await admin.page.getByRole("link", { name: RULES.published }).first().click();
  await expect(admin.page.getByRole("heading", { name: "Record the retest result" })).toBeVisible();
  await admin.page.getByLabel("Result", { exact: true }).selectOption("verified_fixed");
  await admin.page.getByRole("button", { name: "Record result" }).click();
  await expect(admin.page.getByRole("status").filter({ hasText: "Retest result recorded" })).toBeVisible();

  // The client sees it on the timeline; the mail reaches the SMTP sink.
  await client.page.reload();
  await client.page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
  const timeline = client.page.getByRole("list", { name: "Timeline" });
  await expect(timeline.getByText("Recorded the retest result: Verified Fixed")).toBeVisible();
  await expect(timeline.getByText("Avery Admin (our team)").last()).toBeVisible();
  // Headers as sent: a long subject is folded over lines (RFC 5322), so unfold before reading it.
  const subjectsTo = (email: string) =>
    sink.received
      .filter((m) => m.to.includes(email))
      .map((m) => /^Subject: (.*)$/im.exec(m.raw.replace(/\r?\n[ \t]+/g, " "))?.[1]?.trim() ?? "");
  await expect
    .poll(() => subjectsTo(DEMO.client.email), { timeout: 30_000 })
    .toContainEqual(`Retest result: ${RULES.published} is Verified Fixed`);

  // The owner accepts the risk of the other with a reason.
  await go(client.page, `/client-portal?section=findings&engagement=${ENGAGEMENT}`);
  await client.page.getByRole("list", { name: "Findings" }).getByRole("link", { name: RULES.accepted }).click();
  await expect(client.page.getByRole("heading", { level: 1, name: RULES.accepted })).toBeVisible();
  await client.page.getByLabel("Reason", { exact: true }).fill("Only internal tools call it; replaced next quarter.");
  const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await client.page.getByLabel("Accepted until", { exact: true }).fill(inAMonth);
  await client.page.getByRole("button", { name: "Accept risk" }).click();
  await expect(client.page.getByRole("status").filter({ hasText: "Risk accepted" })).toBeVisible();
  await expect(client.page.getByText("awaiting our acknowledgement")).toBeVisible();
  await expect(
    client.page.getByRole("list", { name: "Timeline" }).getByText("Only internal tools call it; replaced next quarter.", { exact: false }),
  ).toBeVisible();

  await admin.context.close();
  await client.context.close();
});

test("the OWASP LLM counts are filters: a chip that reads as a link lands on the filtered list", async ({ browser }) => {
  const client = await clientSignedIn(browser);
  await client.page.setViewportSize({ width: 1280, height: 720 });
  await go(client.page, "/client-portal?section=findings");
  const chip = client.page.getByTestId("owasp-counts").getByRole("link", { name: /^LLM02 Sensitive Information Disclosure: \d+$/ });
  await expect(chip).toBeVisible();
  // Styled as a control (a bordered chip in the accent colour), not as plain text beside a number.
  expect(await chip.evaluate((el) => getComputedStyle(el).borderStyle)).toBe("solid");
  await chip.click();
  await expect(client.page).toHaveURL(/owasp=LLM02#findings-results$/);
  const results = client.page.locator("#findings-results");
  await expect(results).toHaveText(/^Showing [1-9]\d* of \d+ findings?$/);
  for (const meta of await client.page.getByRole("list", { name: "Findings" }).locator("li p").allTextContents())
    expect(meta).toContain("LLM02");
  // The list starts below the counts and the filters: the page lands on it.
  await expect(results).toBeInViewport();
  await expect(client.page.getByTestId("owasp-counts").getByRole("link", { name: /^LLM02 / })).toHaveAttribute("aria-current", "true");
  await client.context.close();
});
