// A client turns the Bookings notifications off in Settings, books a service, and the mail
// preview (/dev/mail, APP_ENV=development in the browser tests) shows the admins' notice but no
// confirmation to them; turned back on, the next booking is confirmed. Each person of the company
// has their own preferences: Acme's member, who left theirs on, gets each confirmation.
import type { Page } from "@playwright/test";
import { DEMO, expect, signInViaApi, test } from "./fixtures";
import { fillBookingForm } from "./portal-helpers";
import { holdingFigure } from "./shared-figures";

const SERVICE = "AI Security Governance";
const confirmation = (page: Page) =>
  page.getByRole("article", { name: `We received your booking request: ${SERVICE}` }).filter({ hasText: "To client@example.com" });
const adminNotice = (page: Page) => page.getByRole("article", { name: `New booking request from Acme Robotics: ${SERVICE}` });

async function setBookings(page: Page, on: boolean) {
  await page.goto("/client-portal?section=settings&tab=notifications");
  const box = page.getByRole("checkbox", { name: /^Bookings/ });
  if (on) await box.check();
  else await box.uncheck();
  await page.getByRole("button", { name: "Save notifications" }).click();
  await expect(page.getByText("Notification preferences saved.")).toBeVisible();
}

async function book(page: Page) {
  await page.goto("/client-portal?section=book-service&tab=custom");
  await fillBookingForm(page, { service: SERVICE, description: `Notification e2e ${Date.now().toString(36)}` });
  await holdingFigure("pending-bookings", async () => {
    await page.getByRole("button", { name: "Submit Booking Request" }).click();
    await expect(page.getByText(/Booking Request Received!/)).toBeVisible();
  });
}

test("a client's Bookings preference decides whether its booking is confirmed by mail", async ({ page }) => {
  await signInViaApi(page, DEMO.client);
  await setBookings(page, false);
  // Stays off after a reload: stored, not only shown.
  await page.reload();
  await expect(page.getByRole("checkbox", { name: /^Bookings/ })).not.toBeChecked();
  await book(page);

  await page.goto("/dev/mail");
  await expect(adminNotice(page)).toHaveCount(1);
  await expect(confirmation(page)).toHaveCount(0);

  await setBookings(page, true);
  await book(page);
  await page.goto("/dev/mail");
  await expect(adminNotice(page)).toHaveCount(2);
  await expect(confirmation(page)).toHaveCount(1);
  await expect(confirmation(page)).toContainText("To client@example.com");
  await expect(confirmation(page)).toContainText("Unsubscribe from these mails: http://localhost:");
});
