// A company's own GitHub (docs/PRODUCT.md#integrations), against the fake GitHub the browser tests
// start (tools/fake-github): Acme's owner connects a repository after the password, adds the
// webhook shown once, names the label of a low finding's ticket, files a finding as an issue from
// the finding's page, and once the issue is closed in GitHub the finding reads Fixed (Pending
// Retest). The finding is a low one imported into an Acme engagement for this test alone (no other
// test counts Acme's low findings).
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { DEMO, expect, signInViaApi, test } from "./fixtures";

const ENGAGEMENT = "00000000-0000-4000-8000-c00000000004";
const fakeGitHub = `http://127.0.0.1:${process.env.E2E_GITHUB_PORT ?? 3997}`;

async function fake<T>(page: Page, path: string, data: object): Promise<T> {
  const answer = await page.request.post(`${fakeGitHub}/_fake/${path}`, { data });
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

/** Opens a page of the app in a context of the test's own (not wrapped by the fixture) once it has hydrated. */
async function go(page: Page, path: string) {
  await page.goto(path);
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached", timeout: 15_000 });
}

/** The admin imports one low finding into the engagement and publishes it; its id. */
async function publishLowFinding(page: Page, title: string): Promise<string> {
  const rule = `ticket-${randomUUID().slice(0, 8)}`;
  const sarif = JSON.stringify({
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "llm-scanner", rules: [{ id: rule, shortDescription: { text: title } }] } },
        // A rule and an id of its own: an import knows a result it has seen (another test's R0) again.
        results: [{ ruleId: rule, guid: randomUUID(), level: "note", message: { text: "Prompt reflected in a log line." } }],
      },
    ],
  });
  await page.goto(`/admin/findings?projectId=${ENGAGEMENT}`);
  await page.getByLabel("Scan file").setInputFiles({ name: "scan.sarif", mimeType: "application/json", buffer: Buffer.from(sarif) });
  await page.getByRole("button", { name: "Preview import" }).click();
  await page.getByRole("region", { name: "Import preview" }).getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("Imported: 1 new draft, 0 already known")).toBeVisible();
  await page.getByRole("checkbox", { name: `Select ${title}` }).check();
  await page.getByRole("button", { name: "Publish selected (1)" }).click();
  await expect(page.getByText("Published 1 finding")).toBeVisible();
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  return new URL(page.url()).pathname.split("/").at(-1)!;
}

test.describe.configure({ timeout: 120_000 });

test("the owner connects GitHub, creates a ticket from a finding, and the issue closed there asks for a retest", async ({
  page,
  browser,
}) => {
  const tag = randomUUID().slice(0, 8);
  const repo = `acme/e2e-${tag}`;
  await fake(page, "repos", { owner: "acme", name: `e2e-${tag}` });
  const { token } = await fake<{ token: string }>(page, "tokens", {
    kind: "fine-grained",
    repos: [repo],
    permissions: { issues: "write" },
  });

  await signInViaApi(page, DEMO.admin);
  const title = `Ticketed ${tag}`;
  const findingId = await publishLowFinding(page, title);

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  // A session of its own, which has proved nothing yet: connecting asks for the password.
  await signInViaApi(owner, DEMO.client, { ownSession: true });
  await go(owner, "/client-portal?section=settings&tab=integrations");
  const card = owner.getByRole("region", { name: "Integrations" });
  await card.getByRole("button", { name: "Connect GitHub" }).click();
  const dialog = owner.getByRole("dialog", { name: "Connect GitHub" });
  await dialog.getByLabel("Token").fill(token);
  await dialog.getByRole("textbox", { name: /GitHub Enterprise API address/ }).fill(fakeGitHub);
  // The token's repositories, asked of GitHub, to pick from.
  await dialog.getByRole("button", { name: "List repositories" }).click();
  await expect(dialog.getByRole("status")).toHaveText("1 repository found: pick one in the field, or type its name.");
  await expect(dialog.locator("datalist option")).toHaveAttribute("value", repo);
  await dialog.getByRole("combobox", { name: "Repository" }).fill(repo);
  await dialog.getByRole("button", { name: "Connect" }).click();
  const prompt = owner.getByRole("group", { name: "Confirm it is you" });
  await prompt.getByLabel("Password").fill(DEMO.client.password);
  await prompt.getByRole("button", { name: "Confirm" }).click();

  const hook = owner.getByRole("dialog", { name: "Add the webhook in GitHub" });
  // Each value to paste has its own Copy button beside its field.
  await expect(hook.getByRole("button", { name: "Copy Payload URL" })).toBeVisible();
  await expect(hook.getByRole("button", { name: "Copy Secret" })).toBeVisible();
  const url = await hook.getByRole("textbox", { name: "Payload URL" }).inputValue();
  const secret = await hook.getByRole("textbox", { name: "Secret" }).inputValue();
  expect(url).toMatch(/\/api\/trackers\/github\/[0-9a-f-]{36}$/);
  await fake(page, "webhooks", { repo, url, secret });
  await hook.getByRole("button", { name: "Done" }).click();
  const row = card.getByRole("listitem").filter({ hasText: repo });
  await expect(row).toContainText("Connected");
  // The owner names the label a low finding's ticket gets.
  await row.getByRole("button", { name: `Ticket settings for ${repo}` }).click();
  const settings = owner.getByRole("dialog", { name: `Ticket settings for ${repo}` });
  await settings.getByRole("textbox", { name: "Low" }).fill("sec:low");
  await settings.getByRole("button", { name: "Save" }).click();
  await expect(card.getByText(`${repo}: ticket settings saved.`)).toBeVisible();
  await expect(row).toContainText("Files a finding when someone asks.");

  await go(owner, `/client-portal?section=findings&finding=${findingId}`);
  const tickets = owner.getByRole("region", { name: "Tickets" });
  // The tickets follow what the finding is and how to fix it (docs/PRODUCT.md#portal-findings).
  await expect(tickets).toBeVisible();
  // (The first: the remediation steps further down have a heading of that name too.)
  const remediationAt = (await owner.getByRole("heading", { name: "Remediation", exact: true }).first().boundingBox())!.y;
  expect(remediationAt).toBeLessThan((await tickets.boundingBox())!.y);
  await tickets.getByRole("button", { name: `Create ticket in GitHub · ${repo}` }).click();
  // Filed in the background: the page shows the issue's number once GitHub has answered.
  const link = tickets.getByRole("link", { name: /^#1 · Open/ });
  await expect(link).toBeVisible({ timeout: 20_000 });
  await expect(link).toHaveAttribute("href", `${fakeGitHub}/${repo}/issues/1`);
  const issue = await page.request.get(`${fakeGitHub}/repos/${repo}/issues/1`, { headers: { authorization: `Bearer ${token}` } });
  const filed = (await issue.json()) as { title: string; labels: { name: string }[] };
  expect(filed.title).toContain(title);
  expect(filed.labels.map((label) => label.name)).toEqual(["sec:low"]);

  // A person closes the issue on GitHub; GitHub's signed webhook reaches the portal.
  await fake(page, "issues/close", { repo, number: 1 });
  await go(owner, `/client-portal?section=findings&finding=${findingId}`);
  await expect(owner.getByText("Fixed (Pending Retest)").first()).toBeVisible();
  await expect(tickets.getByRole("link", { name: /^#1 · Closed/ })).toBeVisible();
  const step = owner.getByRole("list", { name: "Timeline" }).getByRole("listitem").filter({ hasText: "Closed in GitHub (#1)." });
  await expect(step).toContainText("Marked fixed and requested a retest");
  await expect(step).toContainText("GitHub");

  // Test connection answers in the connection's row: a success with its check mark, then, once
  // GitHub refuses the token, a refusal in its place (red, announced at once, no check mark),
  // which goes when the connection is removed (docs/PRODUCT.md#outcome-messages).
  await go(owner, "/client-portal?section=settings&tab=integrations");
  const tested = card.getByRole("listitem").filter({ hasText: repo });
  await tested.getByRole("button", { name: `Test connection to ${repo}` }).click();
  await expect(tested.getByRole("status").filter({ hasText: `${repo}: connected.` })).toBeVisible();
  await fake(page, "tokens/revoke", { token });
  await tested.getByRole("button", { name: `Test connection to ${repo}` }).click();
  const refusal = tested.getByRole("alert");
  await expect(refusal).toContainText(`${repo}: GitHub: Bad credentials`);
  await expect(refusal).toHaveAttribute("data-outcome", "refusal");
  await expect(refusal.locator("svg.lucide-circle-check")).toHaveCount(0);
  await expect(refusal).toHaveClass(/border-red-500/);
  await expect(tested.getByText(`${repo}: connected.`)).toHaveCount(0);
  await expect(tested).toContainText("Failing");
  await tested.getByRole("button", { name: `Remove ${repo}` }).click();
  await owner.getByRole("dialog", { name: "Remove this connection?" }).getByRole("button", { name: "Remove connection" }).click();
  await expect(card.getByRole("listitem").filter({ hasText: repo })).toHaveCount(0);
  await expect(card.getByText("GitHub: Bad credentials")).toHaveCount(0);
  await ownerContext.close();
});
