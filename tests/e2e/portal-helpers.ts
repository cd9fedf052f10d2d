// Shared steps of the portal browser tests.
import type { Page } from "@playwright/test";

export type BookingRequest = {
  description: string;
  service?: string;
  scope?: string;
  /** The option's label, e.g. "High - ASAP"; left at the form's default when not given. */
  urgency?: string;
};

/**
 * Fills Book Service's custom project request (the Custom Project tab is open) with a start date
 * 30 days ahead, and returns that date as the field holds it (yyyy-mm-dd). Does not submit.
 */
export async function fillBookingForm(page: Page, request: BookingRequest): Promise<string> {
  const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Service Type").selectOption(request.service ?? "AI Security Assessment");
  await page.getByLabel("Preferred Start Date").fill(start);
  if (request.scope) await page.getByLabel("Estimated Scope").fill(request.scope);
  await page.getByLabel("Project Description").fill(request.description);
  if (request.urgency) await page.getByLabel("Urgency").selectOption({ label: request.urgency });
  return start;
}
