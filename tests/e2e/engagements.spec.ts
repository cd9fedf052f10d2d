// Engagements and remediation owners end to end (docs/PRODUCT.md#admin-engagements,
// #portal-findings): the admin finds an engagement in the Engagements list and follows it to its
// findings; Acme's owner names its member the remediation owner of a finding, and the member finds
// it under "Assigned to me".
import { DEMO, expect, signInViaApi, test, uniqueIp } from "./fixtures";

const ENGAGEMENT = { id: "00000000-0000-4000-8000-c00000000001", name: "LLM Gateway Security Assessment" };
// Acme's Still open finding (the demo's id 6), which no one owns in the demo data.
const FINDING = { id: "00000000-0000-4000-8000-f10000000006", title: "Conversation history readable across tenants by id" };
const MEMBER = { email: "member@example.com", password: DEMO.client.password, name: "Riley Chen" };

test.describe.configure({ mode: "serial" });

test("the admin opens Engagements, sees the engagement's figures and follows it to its findings", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);
  await page.goto("/admin/engagements");
  await expect(page.getByRole("heading", { level: 1, name: "Engagements" })).toBeVisible();
  const table = page.getByRole("table", { name: "Engagements" });
  const row = table.getByRole("row").filter({ hasText: ENGAGEMENT.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Acme Robotics");
  await expect(row).toContainText("Critical");
  await row.getByRole("link", { name: ENGAGEMENT.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/findings\\?projectId=${ENGAGEMENT.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Findings: ${ENGAGEMENT.name}` })).toBeVisible();
});

test("an owner names the member as a finding's remediation owner; the member sees it under Assigned to me", async ({
  page: owner,
  browser,
}) => {
  await signInViaApi(owner, DEMO.client);
  await owner.goto(`/client-portal?section=findings&finding=${FINDING.id}`);
  const form = owner.getByRole("form", { name: "Remediation owner" });
  await form.getByLabel("Remediation owner").selectOption({ label: `${MEMBER.name} (${MEMBER.email})` });
  await form.getByRole("button", { name: "Save owner" }).click();
  await expect(form.getByText("Remediation owner named")).toBeVisible();
  await expect(owner.getByTestId("finding-event").filter({ hasText: `Remediation owner: ${MEMBER.name}` })).toHaveCount(1);

  const memberContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { "x-forwarded-for": uniqueIp() },
  });
  const member = await memberContext.newPage();
  await signInViaApi(member, MEMBER, { ownSession: true });
  await member.goto("/client-portal?section=findings");
  await expect(member.locator("html")).toHaveAttribute("data-hydrated", "true");
  const mine = member.getByTestId("filter-mine");
  await expect(mine).toContainText(/Assigned to me \(\d+\)/);
  await mine.getByRole("checkbox").check();
  await member.getByRole("button", { name: "Apply" }).click();
  await expect(member).toHaveURL(/mine=1/);
  const list = member.getByRole("list", { name: "Findings" });
  await expect(list.getByRole("link", { name: FINDING.title })).toBeVisible();
  // Only the member's own: the open critical finding, owned by no one, is not there.
  await expect(list.getByText("System prompt disclosed through the gateway's debug route")).toHaveCount(0);
  const count = Number((await mine.textContent())!.match(/\((\d+)\)/)![1]);
  await expect(list.getByRole("listitem")).toHaveCount(count);

  // Put the demo back as it was for the other specs.
  await form.getByLabel("Remediation owner").selectOption({ label: "No owner" });
  await form.getByRole("button", { name: "Save owner" }).click();
  await expect(form.getByText("Remediation owner removed")).toBeVisible();
  await memberContext.close();
});
