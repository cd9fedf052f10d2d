import "server-only";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { getAccountSecurity } from "@/server/modules/account";
import { listRecentBookings, listUpcomingMeetings } from "@/server/modules/bookings";
import { getPortalProfile, listTeam } from "@/server/modules/clients";
import { listPortalDocuments } from "@/server/modules/documents";
import { getBillingSummary, listPortalInvoices } from "@/server/modules/invoices";
import { listClientThreads } from "@/server/modules/messages";
import { getNotificationPreferences } from "@/server/modules/notifications";
import { listPortalProjects } from "@/server/modules/projects";
import { listPortalRates } from "@/server/modules/rates";
import { getPortalPlanState, listActiveTiers } from "@/server/modules/subscriptions";
import { getOverviewStats } from "./portal-overview";

/**
 * Everything the signed-in client portal shows, for every section at once, so switching sections
 * needs no round trip. One query per dataset (sixteen in all for an owner: the documents' downloads
 * and the Team card each have their own), whatever the number of projects, invoices or documents:
 * per-project and per-invoice figures are aggregated in SQL.
 */
export async function loadClientPortal(db: DbOrTx, { actor }: { actor: ClientActor }) {
  assertClient(actor);
  const scope = { actor };
  const [
    profile,
    stats,
    projects,
    billing,
    invoices,
    rates,
    documents,
    tiers,
    plans,
    bookings,
    security,
    meetings,
    threads,
    notifications,
    team,
  ] = await Promise.all([
    getPortalProfile(db, scope),
    getOverviewStats(db, scope),
    listPortalProjects(db, scope),
    // Withheld from this member: no figure of Billing is read (docs/PRODUCT.md#portal-team).
    actor.billingWithheld ? null : getBillingSummary(db, scope),
    actor.billingWithheld ? [] : listPortalInvoices(db, scope),
    listPortalRates(db, scope),
    listPortalDocuments(db, scope),
    listActiveTiers(db, scope),
    getPortalPlanState(db, scope),
    listRecentBookings(db, scope),
    getAccountSecurity(db, scope),
    listUpcomingMeetings(db, scope),
    listClientThreads(db, scope),
    getNotificationPreferences(db, scope),
    // The Team card is the owners' (a viewing admin sees it read only).
    actor.personRole === "owner" ? listTeam(db, scope) : null,
  ]);
  return {
    profile,
    stats,
    projects,
    billing,
    invoices,
    rates,
    documents,
    tiers,
    subscription: plans.subscription,
    planRequest: plans.planRequest,
    bookings,
    security,
    meetings,
    threads,
    notifications,
    team,
    billingWithheld: actor.billingWithheld,
  };
}

export type ClientPortalData = Awaited<ReturnType<typeof loadClientPortal>>;
