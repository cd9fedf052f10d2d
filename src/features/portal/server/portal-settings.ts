import "server-only";
import { parseSettingsTab, settingsTabsFor, type SettingsTab } from "@/lib/domain/settings-tab";
import type { ClientActor } from "@/server/core/actor";
import type { Db } from "@/server/core/db/client";
import { getAccountSecurity } from "@/features/identity/server";
import { listApiTokens } from "@/features/api/server";
import { listWebhookEndpoints } from "@/features/webhooks/server";
import { listTrackerConnections } from "@/features/trackers/server";
import { loadSsoSettings } from "@/features/sso/server";
import { getPortalProfile, listTeam } from "@/features/clients/server";
import { getNotificationPreferences } from "@/features/notifications/server";
import { listShareableForActor, listShareRoom, memberShares } from "@/features/sharing/server";

type Scope = { actor: ClientActor };

/**
 * What each Settings section shows (docs/PRODUCT.md#portal-settings), one query per dataset. Only
 * the section in view is read: the company's sections are the owners' and are never read for a
 * member (the tab falls back to Profile before anything is read).
 */
const TAB_LOADERS = {
  profile: async (db: Db, scope: Scope) => ({ profile: await getPortalProfile(db, scope) }),
  company: async (db: Db, scope: Scope) => ({ profile: await getPortalProfile(db, scope) }),
  team: async (db: Db, scope: Scope) => {
    const [profile, team] = await Promise.all([getPortalProfile(db, scope), listTeam(db, scope)]);
    return { profile, team };
  },
  security: async (db: Db, scope: Scope) => ({ security: await getAccountSecurity(db, scope) }),
  sso: async (db: Db, scope: Scope) => ({ sso: await loadSsoSettings(db, scope.actor.clientId) }),
  integrations: async (db: Db, scope: Scope) => ({ trackers: await listTrackerConnections(db, scope) }),
  api: async (db: Db, scope: Scope) => {
    const [apiTokens, webhooks] = await Promise.all([listApiTokens(db, scope), listWebhookEndpoints(db, scope)]);
    return { apiTokens, webhooks };
  },
  // The access log is read by its card when it shows, a page at a time.
  "access-log": async () => ({}),
  sharing: async (db: Db, scope: Scope) => {
    const [room, shareable] = await Promise.all([listShareRoom(db, scope), listShareableForActor(db, scope)]);
    // A sharing member sees their own shares, without the owners' controls.
    return { shareRoom: room, shareable, isOwner: scope.actor.personRole === "owner" };
  },
  notifications: async (db: Db, scope: Scope) => ({ notifications: await getNotificationPreferences(db, scope) }),
} satisfies Record<SettingsTab, (db: Db, scope: Scope) => Promise<object>>;

type TabLoaders = typeof TAB_LOADERS;
/** One Settings section's data, by its id. */
export type SettingsTabData = { [T in SettingsTab]: { tab: T } & Awaited<ReturnType<TabLoaders[T]>> }[SettingsTab];

/** The Settings section the address names (`tab`), with the sections this person sees. */
export async function loadSettingsTab(
  db: Db,
  scope: Scope,
  requested: string | undefined,
): Promise<{ tabs: SettingsTab[]; settings: SettingsTabData }> {
  const isOwner = scope.actor.personRole === "owner";
  // A member's Sharing section depends on the owners' choice: one read, for members only.
  const viewer = { isOwner, memberShares: !isOwner && (await memberShares(db, scope.actor)) };
  const tab = parseSettingsTab(requested, viewer);
  const loader = TAB_LOADERS[tab] as (db: Db, scope: Scope) => Promise<object>;
  return { tabs: settingsTabsFor(viewer), settings: { tab, ...(await loader(db, scope)) } as SettingsTabData };
}
