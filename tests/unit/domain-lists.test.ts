// The lists of src/lib/domain and what is derived from them: every value has a label and a colour,
// the zod schemas accept exactly the list, the schema's columns and CHECK text come from it.
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { SERVICES } from "@/components/marketing/services-data";
import { DEFAULT_RATE_CARDS } from "@/lib/default-rates";
import { ACTIVE_BOOKING_STATUSES, BOOKING_STATUS_LABELS, BOOKING_STATUS_TONES, BOOKING_STATUSES } from "@/lib/domain/booking-status";
import { CLIENT_STATUS_LABELS, CLIENT_STATUS_TONES, CLIENT_STATUSES } from "@/lib/domain/client-status";
import { DOCUMENT_CATEGORIES, DOCUMENT_CATEGORY_LABELS } from "@/lib/domain/document-category";
import { INQUIRY_STATE_LABELS, INQUIRY_STATE_TONES, INQUIRY_STATES } from "@/lib/domain/inquiry-state";
import { INVOICE_STATUS_LABELS, INVOICE_STATUS_TONES, INVOICE_STATUSES, isOpenInvoiceStatus, OPEN_INVOICE_STATUSES } from "@/lib/domain/invoice-status";
import { ACTIVE_PROJECT_STATUSES, PROJECT_STATUS_LABELS, PROJECT_STATUS_TONES, PROJECT_STATUS_WORK_ORDER, PROJECT_STATUSES } from "@/lib/domain/project-status";
import { BOOKING_SERVICE_TYPES, SERVICE_INTERESTS, SERVICE_NAMES } from "@/lib/domain/services";
import { SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_STATUS_TONES, SUBSCRIPTION_STATUSES } from "@/lib/domain/subscription-status";
import { TONE_CLASSES, TONES } from "@/lib/domain/tone";
import { URGENCIES, URGENCIES_MOST_URGENT_FIRST, URGENCY_LABELS, URGENCY_TONES } from "@/lib/domain/urgency";
import { documentUploadFieldsSchema, projectListQuerySchema, projectStatusSchema, subscriptionListQuerySchema } from "@/lib/validation/admin";
import { contactInquirySchema, EMPTY_CONTACT_FORM } from "@/lib/validation/contact";
import { earliestStartDate, serviceBookingSchema } from "@/lib/validation/portal";
import { clients, clientSubscriptions, documents, invoices, projects, serviceBookings } from "@/server/db/schema";
import { oneOf } from "@/server/db/schema/one-of";

const LISTS = [
  { name: "project status", values: PROJECT_STATUSES, labels: PROJECT_STATUS_LABELS, tones: PROJECT_STATUS_TONES },
  { name: "invoice status", values: INVOICE_STATUSES, labels: INVOICE_STATUS_LABELS, tones: INVOICE_STATUS_TONES },
  { name: "subscription status", values: SUBSCRIPTION_STATUSES, labels: SUBSCRIPTION_STATUS_LABELS, tones: SUBSCRIPTION_STATUS_TONES },
  { name: "booking status", values: BOOKING_STATUSES, labels: BOOKING_STATUS_LABELS, tones: BOOKING_STATUS_TONES },
  { name: "client status", values: CLIENT_STATUSES, labels: CLIENT_STATUS_LABELS, tones: CLIENT_STATUS_TONES },
  { name: "urgency", values: URGENCIES, labels: URGENCY_LABELS, tones: URGENCY_TONES },
  { name: "document category", values: DOCUMENT_CATEGORIES, labels: DOCUMENT_CATEGORY_LABELS, tones: null },
  { name: "inquiry state", values: INQUIRY_STATES, labels: INQUIRY_STATE_LABELS, tones: INQUIRY_STATE_TONES },
] as const;

describe("labels and colours", () => {
  for (const list of LISTS) {
    it(`gives every ${list.name} a label${list.tones ? " and a colour" : ""}, and nothing else`, () => {
      expect(new Set(list.values).size).toBe(list.values.length);
      expect(Object.keys(list.labels).sort()).toEqual([...list.values].sort());
      for (const value of list.values) expect((list.labels as Record<string, string>)[value]?.trim()).toBeTruthy();
      if (list.tones) {
        expect(Object.keys(list.tones).sort()).toEqual([...list.values].sort());
        for (const value of list.values) expect(TONE_CLASSES[(list.tones as Record<string, (typeof TONES)[number]>)[value]!]).toBeTruthy();
      }
    });
  }

  it("reads a value in title case unless its label is written out", () => {
    expect(PROJECT_STATUS_LABELS).toEqual({
      open: "Open",
      in_progress: "In Progress",
      on_hold: "On Hold",
      completed: "Completed",
      frozen: "Frozen",
      cancelled: "Cancelled",
    });
    expect(SUBSCRIPTION_STATUS_LABELS.past_due).toBe("Past Due");
    expect(URGENCY_LABELS).toEqual({ low: "Low - Flexible timeline", medium: "Medium - Within 1 month", high: "High - ASAP" });
  });

  it("has classes for every tone", () => {
    expect(Object.keys(TONE_CLASSES).sort()).toEqual([...TONES].sort());
    for (const tone of TONES) expect(TONE_CLASSES[tone]).toMatch(new RegExp(`^border-\\S+ bg-\\S+ text-\\S+$`));
  });
});

describe("subsets and orders stay within their list", () => {
  it("keeps the working order a permutation of the project statuses", () => {
    expect([...PROJECT_STATUS_WORK_ORDER].sort()).toEqual([...PROJECT_STATUSES].sort());
    expect([...URGENCIES_MOST_URGENT_FIRST]).toEqual(["high", "medium", "low"]);
  });

  it("draws the active and open subsets from their lists", () => {
    for (const s of ACTIVE_PROJECT_STATUSES) expect(PROJECT_STATUSES).toContain(s);
    for (const s of ACTIVE_BOOKING_STATUSES) expect(BOOKING_STATUSES).toContain(s);
    expect(INVOICE_STATUSES.filter(isOpenInvoiceStatus)).toEqual([...OPEN_INVOICE_STATUSES]);
  });
});

describe("zod schemas accept exactly the list", () => {
  const accepts = (parse: (value: string) => boolean, values: readonly string[]) => {
    for (const value of values) expect(parse(value), value).toBe(true);
    for (const value of ["bogus", "", values[0]!.toUpperCase()]) expect(parse(value), JSON.stringify(value)).toBe(false);
  };

  it("project status", () => {
    accepts((status) => projectStatusSchema.safeParse(status).success, PROJECT_STATUSES);
    // The list filter falls back to "all" rather than refusing.
    for (const status of PROJECT_STATUSES) expect(projectListQuerySchema.parse({ status }).status).toBe(status);
  });

  it("subscription status filter", () => {
    for (const status of SUBSCRIPTION_STATUSES) expect(subscriptionListQuerySchema.parse({ status }).status).toBe(status);
    expect(subscriptionListQuerySchema.parse({ status: "bogus" }).status).toBe("all");
  });

  it("document category", () => {
    const clientId = "00000000-0000-4000-8000-000000000001";
    accepts((category) => documentUploadFieldsSchema.safeParse({ clientId, category }).success, DOCUMENT_CATEGORIES);
  });

  it("booking urgency and service type", () => {
    const base = { serviceType: "Other", preferredStartDate: earliestStartDate(), projectDescription: "Scope", urgency: "medium" };
    accepts((urgency) => serviceBookingSchema.safeParse({ ...base, urgency }).success, URGENCIES);
    accepts((serviceType) => serviceBookingSchema.safeParse({ ...base, serviceType }).success, BOOKING_SERVICE_TYPES);
  });

  it("contact service interest", () => {
    const base = { ...EMPTY_CONTACT_FORM, name: "Ada", email: "ada@example.com", company: "Analytical", message: "Hello there, a question." };
    accepts((serviceInterest) => contactInquirySchema.safeParse({ ...base, serviceInterest }).success, SERVICE_INTERESTS);
  });
});

describe("services", () => {
  it("names the same three services on the landing page, in the default rates, bookings and the contact form", () => {
    expect(SERVICES.map((s) => s.title)).toEqual([...SERVICE_NAMES]);
    expect(DEFAULT_RATE_CARDS.map((r) => r.serviceType)).toEqual([...SERVICE_NAMES]);
    expect(BOOKING_SERVICE_TYPES.slice(0, SERVICE_NAMES.length)).toEqual([...SERVICE_NAMES]);
    expect(SERVICE_INTERESTS.slice(0, SERVICE_NAMES.length)).toEqual([...SERVICE_NAMES]);
  });
});

describe("database schema", () => {
  it("types each column by its list", () => {
    expect(projects.status.enumValues).toEqual([...PROJECT_STATUSES]);
    expect(invoices.status.enumValues).toEqual([...INVOICE_STATUSES]);
    expect(clientSubscriptions.status.enumValues).toEqual([...SUBSCRIPTION_STATUSES]);
    expect(serviceBookings.status.enumValues).toEqual([...BOOKING_STATUSES]);
    expect(serviceBookings.urgency.enumValues).toEqual([...URGENCIES]);
    expect(documents.category.enumValues).toEqual([...DOCUMENT_CATEGORIES]);
    expect(clients.status.enumValues).toEqual([...CLIENT_STATUSES]);
  });

  it("writes a CHECK's values into its text, quoted, as the committed migrations have them", () => {
    const text = new PgDialect().sqlToQuery(oneOf(sql.raw(`"t"."c"`), ["open", "in_progress", "it's"]));
    expect(text).toEqual({ sql: `"t"."c" in ('open', 'in_progress', 'it''s')`, params: [] });
  });
});
