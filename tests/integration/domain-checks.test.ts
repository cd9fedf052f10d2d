// The database's CHECK constraints against the lists of src/lib/domain: every status-like column
// accepts each value of its list and refuses anything else, with the CHECK itself refusing (not a
// foreign key or a NOT NULL), so a migration that drifts from a list fails here.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BOOKING_STATUSES } from "@/lib/domain/booking-status";
import { CLIENT_STATUSES } from "@/lib/domain/client-status";
import { DOCUMENT_CATEGORIES } from "@/lib/domain/document-category";
import { INVOICE_STATUSES } from "@/lib/domain/invoice-status";
import { PROJECT_STATUSES } from "@/lib/domain/project-status";
import { BOOKING_SERVICE_TYPES } from "@/lib/domain/services";
import { SUBSCRIPTION_STATUSES } from "@/lib/domain/subscription-status";
import { URGENCIES } from "@/lib/domain/urgency";
import {
  DEMO_BOOKINGS,
  DEMO_CLIENTS,
  DEMO_DOCUMENTS,
  DEMO_INVOICES,
  DEMO_PROJECTS,
  DEMO_SUBSCRIPTIONS,
} from "@/features/demo/server/demo-data";
import { setupTestDatabase } from "./helpers/db";

const t = setupTestDatabase({ seedDemo: true });

const GLOBEX = DEMO_CLIENTS.globex.id;
const globexRow = (rows: readonly { id: string; clientId: string }[]) => rows.find((row) => row.clientId === GLOBEX)!.id;

// One real Globex row per column: changing only that column, nothing but its CHECK can object
// (Globex has no active subscription, so the one-active-per-client index stays satisfied too).
const COLUMNS = [
  { table: "clients", column: "status", constraint: "clients_status_check", values: CLIENT_STATUSES, id: GLOBEX },
  { table: "projects", column: "status", constraint: "projects_status_check", values: PROJECT_STATUSES, id: globexRow(DEMO_PROJECTS) },
  { table: "invoices", column: "status", constraint: "invoices_status_check", values: INVOICE_STATUSES, id: globexRow(DEMO_INVOICES) },
  {
    table: "client_subscriptions",
    column: "status",
    constraint: "client_subscriptions_status_check",
    values: SUBSCRIPTION_STATUSES,
    id: globexRow(DEMO_SUBSCRIPTIONS),
  },
  {
    table: "service_bookings",
    column: "status",
    constraint: "service_bookings_status_check",
    values: BOOKING_STATUSES,
    id: globexRow(DEMO_BOOKINGS),
  },
  {
    table: "service_bookings",
    column: "urgency",
    constraint: "service_bookings_urgency_check",
    values: URGENCIES,
    id: globexRow(DEMO_BOOKINGS),
  },
  {
    table: "service_bookings",
    column: "service_type",
    constraint: "service_bookings_service_type_check",
    values: BOOKING_SERVICE_TYPES,
    id: globexRow(DEMO_BOOKINGS),
  },
  {
    table: "documents",
    column: "category",
    constraint: "documents_category_check",
    values: DOCUMENT_CATEGORIES,
    id: globexRow(DEMO_DOCUMENTS),
  },
] as const;

const setColumn = (c: (typeof COLUMNS)[number], value: string) =>
  t.db.execute(sql`update ${sql.identifier(c.table)} set ${sql.identifier(c.column)} = ${value} where id = ${c.id}`);

async function valueOf(c: (typeof COLUMNS)[number]): Promise<string | undefined> {
  const result = await t.db.execute<{ value: string }>(
    sql`select ${sql.identifier(c.column)} as value from ${sql.identifier(c.table)} where id = ${c.id}`,
  );
  return (result as unknown as { rows: { value: string }[] }).rows[0]?.value;
}

/** The PostgreSQL error under drizzle's wrapper: its SQLSTATE and the constraint it names. */
async function databaseErrorOf(promise: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  try {
    await promise;
  } catch (error) {
    let current: unknown = error;
    while (current && typeof current === "object") {
      const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
      if (typeof e.code === "string") return { code: e.code, constraint: typeof e.constraint === "string" ? e.constraint : undefined };
      current = e.cause;
    }
    throw error;
  }
  return {};
}

describe("CHECK constraints follow the domain lists", () => {
  for (const c of COLUMNS) {
    it(`${c.table}.${c.column} accepts each of ${c.values.join(", ")}`, async () => {
      const original = await valueOf(c);
      expect(original, "the demo row exists").toBeDefined();
      for (const value of c.values) {
        await setColumn(c, value);
        expect(await valueOf(c)).toBe(value);
      }
      await setColumn(c, original!);
    });

    it(`${c.table}.${c.column} refuses a value outside its list, through ${c.constraint}`, async () => {
      const before = await valueOf(c);
      for (const value of ["bogus", "", c.values[0].toUpperCase(), ` ${c.values[0]}`]) {
        expect(await databaseErrorOf(setColumn(c, value)), JSON.stringify(value)).toEqual({ code: "23514", constraint: c.constraint });
      }
      expect(await valueOf(c)).toBe(before);
    });
  }

  it("refuses a new project with a bogus status even for a real client", async () => {
    const insert = t.db.execute(sql`insert into projects (client_id, project_name, status) values (${GLOBEX}, 'x', 'bogus')`);
    expect(await databaseErrorOf(insert)).toEqual({ code: "23514", constraint: "projects_status_check" });
  });
});
