import "server-only";
import type { PortalSection } from "@/lib/domain/portal-section";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { Db } from "@/server/core/db/client";
import { listRecentBookings, listUpcomingMeetings } from "@/features/bookings/server";
import { listTeam } from "@/features/clients/server";
import { listPortalDocuments } from "@/features/documents/server";
import { getBillingSummary, listPayableInvoices, listPortalInvoices } from "@/features/invoices/server";
import { listClientThreads } from "@/features/messages/server";
import { listPortalProjects } from "@/features/projects/server";
import { listPortalRates } from "@/features/rates/server";
import { getPortalPlanState, listActiveTiers } from "@/features/subscriptions/server";
import { getOverview } from "./portal-overview";
import { loadSettingsTab } from "./portal-settings";

type Scope = { actor: ClientActor };

/** Awaits an object of promises field by field, in parallel. */
async function settle<T extends Record<string, unknown>>(pending: T): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const entries = await Promise.all(Object.entries(pending).map(async ([key, value]) => [key, await value] as const));
  return Object.fromEntries(entries) as { [K in keyof T]: Awaited<T[K]> };
}

// Withheld from this member: no figure of Billing is read (docs/PRODUCT.md#portal-team).
const billingSummary = (db: Db, scope: Scope) => (scope.actor.billingWithheld ? null : getBillingSummary(db, scope));
// The Team card is the owners' (a viewing admin sees it read only).
const team = (db: Db, scope: Scope) => (scope.actor.personRole === "owner" ? listTeam(db, scope) : null);

/**
 * What each section shows, one query per dataset. Only the section in view is read: a section
 * switch is one round trip that reads and renders that section alone.
 */
const SECTION_LOADERS = {
  overview: getOverview,
  projects: (db: Db, scope: Scope) => settle({ projects: listPortalProjects(db, scope) }),
  billing: (db: Db, scope: Scope) =>
    settle({
      billing: billingSummary(db, scope),
      invoices: scope.actor.billingWithheld ? [] : listPortalInvoices(db, scope),
      payable: scope.actor.billingWithheld ? [] : listPayableInvoices(db, scope),
    }),
  rates: (db: Db, scope: Scope) => settle({ rates: listPortalRates(db, scope) }),
  settings: (db: Db, scope: Scope & { tab?: string }) => loadSettingsTab(db, scope, scope.tab),
  "book-service": async (db: Db, scope: Scope) => {
    const { plans, ...rest } = await settle({
      tiers: listActiveTiers(db, scope),
      plans: getPortalPlanState(db, scope),
      bookings: listRecentBookings(db, scope),
      meetings: listUpcomingMeetings(db, scope),
      team: team(db, scope),
    });
    return { ...rest, subscription: plans.subscription, planRequest: plans.planRequest };
  },
  // The reports card reads its own list; withheld from this member, it says so instead.
  documents: async (db: Db, scope: Scope) => ({
    ...(await settle({ documents: listPortalDocuments(db, scope) })),
    reportsWithheld: scope.actor.reportsWithheld,
  }),
  messages: (db: Db, scope: Scope) => settle({ threads: listClientThreads(db, scope), projects: listPortalProjects(db, scope) }),
  // Findings have their own loader (the findings module), fed by the address's filters.
  findings: async () => ({}),
  // So does the Retainer section (the retainers module), shown only to a client with a retainer.
  retainer: async () => ({}),
} satisfies Record<PortalSection, (db: Db, scope: Scope & { tab?: string }) => Promise<object>>;

type Loaders = typeof SECTION_LOADERS;
export type PortalSectionData = { [S in PortalSection]: { section: S } & Awaited<ReturnType<Loaders[S]>> }[PortalSection];
/** A section's data, by section id. */
export type PortalDataOf<S extends PortalSection> = Extract<PortalSectionData, { section: S }>;

/**
 * The data of one section of the signed-in client's portal, filtered by the actor's client id.
 * `tab`: Settings' section from the address (unknown or not this person's: the first).
 */
export async function loadPortalSection<S extends PortalSection>(
  db: Db,
  { actor, section, tab }: { actor: ClientActor; section: S; tab?: string },
): Promise<PortalDataOf<S>> {
  assertClient(actor);
  const loader = SECTION_LOADERS[section] as (db: Db, scope: Scope & { tab?: string }) => Promise<object>;
  return { section, ...(await loader(db, { actor, tab })) } as PortalDataOf<S>;
}
