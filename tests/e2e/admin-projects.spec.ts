// Projects: create and edit, inline status saved and seen after reload, link two invoices and
// unlink one, the invoices view and the project's timeline, filters.
import { DEMO, expect, signInViaApi, test } from "./fixtures";
import { chooseRowAction, pickClient, uniqueSuffix } from "./admin-helpers";

test("create, edit, change status inline, link and unlink invoices", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);
  const name = `E2E Project ${uniqueSuffix()}`;
  await page.goto("/admin/projects");
  await expect(page.getByRole("heading", { name: "Project Management" })).toBeVisible();

  // Create
  await page.getByRole("button", { name: "Create Project" }).click();
  const form = page.getByRole("dialog", { name: "Create Project" });
  await expect(form.getByLabel("Start date")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await form.getByRole("button", { name: "Create Project" }).click();
  await expect(form.getByText("Project name is required")).toBeVisible();
  await form.getByLabel("Project name").fill(name);
  await pickClient(form, "Client", "Acme Robotics");
  await form.getByLabel("Description (optional)").fill("Created by the browser test");
  await form.getByRole("button", { name: "Create Project" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Project created successfully" })).toBeVisible();

  const search = page.getByRole("searchbox", { name: "Search projects" });
  await search.fill(name.toLowerCase());
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(row.getByLabel(`Status of ${name}`)).toHaveValue("open");

  // Edit
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Project" });
  await expect(edit.getByRole("combobox", { name: "Client" })).toHaveValue("Acme Robotics");
  await edit.getByLabel("Notes (optional)").fill("Edited notes");
  await edit.getByLabel("Target completion (optional)").fill("2027-06-30");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Project updated successfully" })).toBeVisible();
  await expect(row.getByRole("cell", { name: "Jun 30, 2027" })).toBeVisible();

  // Inline status, saved at once, named by its label, and still there after a reload.
  await row.getByLabel(`Status of ${name}`).selectOption("on_hold");
  await expect(page.getByRole("status").filter({ hasText: `Project ${name} is now On Hold` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("row", { name: new RegExp(name) }).getByLabel(`Status of ${name}`)).toHaveValue("on_hold");

  // Link two invoices, unlink one.
  await chooseRowAction(page.getByRole("row", { name: new RegExp(name) }), name, "Link invoices");
  const manage = page.getByRole("dialog", { name: "Manage Invoices" });
  await expect(manage.getByText("0 invoice(s) selected")).toBeVisible();
  await expect(manage.getByRole("button", { name: "Link Selected" })).toBeDisabled();
  await manage.getByRole("checkbox", { name: "Select INV-1006" }).check();
  await manage.getByRole("checkbox", { name: "Select INV-1007" }).check();
  await expect(manage.getByText("2 invoice(s) selected")).toBeVisible();
  await manage.getByRole("button", { name: "Link Selected" }).click();
  await expect(page.getByText("✓ Linked 2 invoices")).toBeVisible();
  await expect(manage.getByRole("button", { name: "Unlink INV-1006" })).toBeVisible();
  await manage.getByRole("button", { name: "Unlink INV-1007" }).click();
  await expect(manage.getByRole("checkbox", { name: "Select INV-1007" })).toBeVisible();
  await expect(manage.getByRole("button", { name: "Unlink INV-1006" })).toBeVisible();
  await manage.getByRole("button", { name: "Close" }).last().click();

  // The row's figures come from the linked invoice (INV-1006: $30,000 billed, $14,000 paid).
  const linkedRow = page.getByRole("row", { name: new RegExp(name) });
  await expect(linkedRow.getByText("$16,000.00")).toBeVisible();
  await chooseRowAction(linkedRow, name, "View invoices");
  const invoices = page.getByRole("dialog", { name: "Project Invoices" });
  await expect(invoices.getByText("INV-1006")).toBeVisible();
  await expect(invoices.getByText("$30,000.00").first()).toBeVisible();
  await expect(invoices.getByText("$14,000.00")).toBeVisible();
  await expect(invoices.getByRole("link", { name: "Payment page of INV-1006 (opens in a new tab)" })).toHaveAttribute("target", "_blank");
  await invoices.getByRole("button", { name: "Close" }).last().click();

  // Timeline: what happened, oldest first: the linked invoice (issued before the project was made
  // here), the creation, the status change.
  await chooseRowAction(linkedRow, name, "Timeline");
  const timeline = page.getByRole("dialog", { name: "Project Timeline" });
  const entries = timeline.getByRole("list", { name: "Timeline" }).getByRole("listitem");
  await expect(entries.first()).toContainText("Invoice INV-1006 issued");
  await expect(entries.nth(1)).toContainText("Project created");
  await expect(entries.filter({ hasText: "Status changed" })).toContainText("Open → On Hold");
  await timeline.getByRole("button", { name: "Close" }).last().click();

  // Leave the demo invoice as it was for other specs.
  await chooseRowAction(linkedRow, name, "Link invoices");
  await page.getByRole("dialog", { name: "Manage Invoices" }).getByRole("button", { name: "Unlink INV-1006" }).click();
  await expect(page.getByRole("dialog", { name: "Manage Invoices" }).getByRole("checkbox", { name: "Select INV-1006" })).toBeVisible();
});

test("the projects table has the spec's columns at 1280 px; the secondary actions are one labelled menu", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInViaApi(page, DEMO.admin);
  await page.goto("/admin/projects");
  const table = page.getByRole("table", { name: "Projects" });
  await expect(table.getByRole("columnheader")).toHaveText([
    "Project",
    "Client",
    "Status",
    "Due Date",
    "Value",
    "Invoices",
    "Outstanding",
    "Actions",
  ]);
  for (const header of await table.getByRole("columnheader").all()) await expect(header).toBeVisible();
  const engagement = "LLM Gateway Security Assessment";
  const row = table.getByRole("row", { name: new RegExp(engagement) });
  await row.getByRole("button", { name: `Actions for ${engagement}` }).click();
  await expect(row.getByRole("menuitem")).toHaveText([
    "Link invoices",
    "View invoices",
    "Authorization",
    "Reports",
    "Letters",
    "Engagement",
    "Timeline",
  ]);
  // A dialog opened from the menu gives focus back to the menu's button.
  await row.getByRole("menuitem", { name: "Reports" }).click();
  const vault = page.getByRole("dialog", { name: `Reports of ${engagement}` });
  await expect(vault).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(vault).toHaveCount(0);
  await expect(row.getByRole("button", { name: `Actions for ${engagement}` })).toBeFocused();
});

test("filters: status and search, with the empty state", async ({ page }) => {
  await signInViaApi(page, DEMO.admin);
  await page.goto("/admin/projects");
  await page.getByLabel("Filter by status").selectOption("cancelled");
  await expect(page).toHaveURL(/status=cancelled/);
  const statuses = page.getByRole("combobox", { name: /^Status of/ });
  await expect(statuses.first()).toHaveValue("cancelled");
  for (const value of await statuses.evaluateAll((els) => els.map((e) => (e as HTMLSelectElement).value))) expect(value).toBe("cancelled");
  await page.getByRole("searchbox", { name: "Search projects" }).fill(`nothing-${uniqueSuffix()}`);
  await expect(page.getByText("No projects found")).toBeVisible();
  await expect(page.getByText("Try adjusting your filters")).toBeVisible();
});
