// The lists of src/lib/domain and what is derived from them: no two values read alike, the zod
// schemas accept exactly the list, every column typed by a list has a CHECK of that list.
import { is, sql } from "drizzle-orm";
import { getTableConfig, PgDialect, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { SERVICES } from "@/components/marketing/services-data";
import { DEFAULT_RATE_CARDS } from "@/lib/default-rates";
import { ACTIVE_BOOKING_STATUSES, BOOKING_STATUS_LABELS, BOOKING_STATUSES } from "@/lib/domain/booking-status";
import { CLIENT_STATUS_LABELS, CLIENT_STATUSES } from "@/lib/domain/client-status";
import { DOCUMENT_CATEGORIES, DOCUMENT_CATEGORY_LABELS } from "@/lib/domain/document-category";
import { INQUIRY_STATE_LABELS, INQUIRY_STATES } from "@/lib/domain/inquiry-state";
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES, isOpenInvoiceStatus } from "@/lib/domain/invoice-status";
import { ACTIVE_PROJECT_STATUSES, PROJECT_STATUS_LABELS, PROJECT_STATUS_WORK_ORDER, PROJECT_STATUSES } from "@/lib/domain/project-status";
import { BOOKING_SERVICE_TYPES, SERVICE_INTERESTS, SERVICE_NAMES } from "@/lib/domain/services";
import { SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_STATUSES } from "@/lib/domain/subscription-status";
import { TONE_CLASSES, TONES } from "@/lib/domain/tone";
import { URGENCIES, URGENCIES_MOST_URGENT_FIRST, URGENCY_LABELS } from "@/lib/domain/urgency";
import { documentUploadFieldsSchema } from "@/lib/validation/uploads";
import { projectListQuerySchema, projectStatusSchema } from "@/features/projects/validation";
import { subscriptionListQuerySchema } from "@/features/subscriptions/validation";
import { contactInquirySchema, EMPTY_CONTACT_FORM } from "@/features/inquiries/validation";
import { earliestStartDate, serviceBookingSchema } from "@/features/bookings/validation";
import * as schema from "../helpers/all-tables";
import { oneOf } from "@/server/core/db/schema/one-of";

// That every value has a label and a colour, and nothing else does, is the types' work (a label
// record is Record<Value, string>, badgeList derives both from one object); what they cannot say is
// that two values read differently.
const LISTS = [
  { name: "project status", values: PROJECT_STATUSES, labels: PROJECT_STATUS_LABELS },
  { name: "invoice status", values: INVOICE_STATUSES, labels: INVOICE_STATUS_LABELS },
  { name: "subscription status", values: SUBSCRIPTION_STATUSES, labels: SUBSCRIPTION_STATUS_LABELS },
  { name: "booking status", values: BOOKING_STATUSES, labels: BOOKING_STATUS_LABELS },
  { name: "client status", values: CLIENT_STATUSES, labels: CLIENT_STATUS_LABELS },
  { name: "urgency", values: URGENCIES, labels: URGENCY_LABELS },
  { name: "document category", values: DOCUMENT_CATEGORIES, labels: DOCUMENT_CATEGORY_LABELS },
  { name: "inquiry state", values: INQUIRY_STATES, labels: INQUIRY_STATE_LABELS },
] as const;

describe("labels and colours", () => {
  for (const list of LISTS) {
    it(`shows no two ${list.name} values with the same (or an empty) label`, () => {
      const labels = list.values.map((value) => (list.labels as Record<string, string>)[value]!.trim().toLowerCase());
      expect(labels.filter((label, i) => label === "" || labels.indexOf(label) !== i)).toEqual([]);
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

  // Their members are typed from their lists (`satisfies`), so the compiler keeps them inside; what a
  // test can catch is a subset that grows or shrinks: these are the statuses the figures count.
  it("counts as active and open exactly the statuses the screens say", () => {
    expect([...ACTIVE_PROJECT_STATUSES]).toEqual(["in_progress", "on_hold"]);
    expect([...ACTIVE_BOOKING_STATUSES]).toEqual(["approved", "in_progress"]);
    expect(INVOICE_STATUSES.filter(isOpenInvoiceStatus)).toEqual(["pending", "overdue"]);
    for (const status of ["paid", "cancelled", "partially_paid", "PENDING", ""]) expect(isOpenInvoiceStatus(status), status).toBe(false);
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
    const base = {
      ...EMPTY_CONTACT_FORM,
      name: "Ada",
      email: "ada@example.com",
      company: "Analytical",
      message: "Hello there, a question.",
    };
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
  // A column typed by a list (`text(name, { enum: LIST })`) is only typed in TypeScript: without a
  // CHECK the database takes any text. Columns known to have none, and why:
  const WITHOUT_CHECK: Record<string, string> = {
    "session.second_factor_method":
      "written only by our own hooks (src/features/identity/server/second-factor/second-factor.ts); migration 0014 added no CHECK",
  };

  it("holds every column typed by a list to exactly that list with a CHECK", () => {
    const dialect = new PgDialect();
    const found: Record<string, readonly string[] | null> = {};
    const expected: Record<string, readonly string[] | null> = {};
    for (const table of Object.values(schema)) {
      if (!is(table, PgTable)) continue;
      const config = getTableConfig(table);
      const checks = config.checks.map((c) => dialect.sqlToQuery(c.value).sql);
      for (const column of config.columns) {
        const values = (column as { enumValues?: readonly string[] }).enumValues;
        if (!values?.length) continue;
        const key = `${config.name}.${column.name}`;
        const listed = checks
          .map((text) => new RegExp(`"${column.name}" in \\(([^)]*)\\)`).exec(text)?.[1])
          .find((list) => list !== undefined);
        found[key] = listed === undefined ? null : [...listed.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replace(/''/g, "'"));
        expected[key] = key in WITHOUT_CHECK ? null : values;
      }
    }
    expect(Object.keys(found)).toEqual(
      expect.arrayContaining(["projects.status", "invoices.status", "documents.category", ...Object.keys(WITHOUT_CHECK)]),
    );
    expect(found).toEqual(expected);
  });

  it("writes a CHECK's values into its text, quoted, as the committed migrations have them", () => {
    const text = new PgDialect().sqlToQuery(oneOf(sql.raw(`"t"."c"`), ["open", "in_progress", "it's"]));
    expect(text).toEqual({ sql: `"t"."c" in ('open', 'in_progress', 'it''s')`, params: [] });
  });
});
