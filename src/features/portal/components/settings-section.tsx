"use client";

import dynamic from "next/dynamic";
import { pendingUntilHydrated } from "@/components/hydration-marker";
import { SectionHeading } from "@/components/portal/section-heading";
import { SectionNav } from "@/components/ui/section-nav";
import { SETTINGS_TAB_LABELS, type SettingsTab, settingsHref } from "@/lib/domain/settings-tab";
import type { SettingsTabData } from "@/features/portal/server";

// Each section's cards are a chunk of their own: Settings loads the code of the section in view only.
const ProfileCard = dynamic(() => import("@/features/account/components/profile-card").then((m) => pendingUntilHydrated(m.ProfileCard)));
const AccountInformationCard = dynamic(() =>
  import("@/features/clients/components/portal/settings-section").then((m) => pendingUntilHydrated(m.AccountInformationCard)),
);
const TeamCard = dynamic(() => import("@/features/clients/components/team/team-card").then((m) => pendingUntilHydrated(m.TeamCard)));
const BillingWithheldSwitch = dynamic(() =>
  import("@/features/clients/components/team/member-switches").then((m) => pendingUntilHydrated(m.BillingWithheldSwitch)),
);
const ReportsWithheldSwitch = dynamic(() =>
  import("@/features/clients/components/team/member-switches").then((m) => pendingUntilHydrated(m.ReportsWithheldSwitch)),
);
const SecurityCards = dynamic(() =>
  import("@/features/account/components/security-cards").then((m) => pendingUntilHydrated(m.SecurityCards)),
);
const SsoCard = dynamic(() => import("@/features/sso/components/sso-card").then((m) => pendingUntilHydrated(m.SsoCard)));
const TrackersCard = dynamic(() =>
  import("@/features/trackers/components/trackers-card").then((m) => pendingUntilHydrated(m.TrackersCard)),
);
const ApiTokensCard = dynamic(() => import("@/features/api/components/api-tokens-card").then((m) => pendingUntilHydrated(m.ApiTokensCard)));
const WebhooksCard = dynamic(() =>
  import("@/features/webhooks/components/webhooks-card").then((m) => pendingUntilHydrated(m.WebhooksCard)),
);
const AccessLogCard = dynamic(() =>
  import("@/features/reports/components/access-log-card").then((m) => pendingUntilHydrated(m.AccessLogCard)),
);
const ShareRoomCard = dynamic(() =>
  import("@/features/sharing/components/share-room-card").then((m) => pendingUntilHydrated(m.ShareRoomCard)),
);
const FindingsWithheldSwitch = dynamic(() =>
  import("@/features/clients/components/team/member-switches").then((m) => pendingUntilHydrated(m.FindingsWithheldSwitch)),
);
const NotificationPreferences = dynamic(() =>
  import("@/features/notifications/components/notification-preferences").then((m) => pendingUntilHydrated(m.NotificationPreferences)),
);

/**
 * Account Settings in sections (docs/PRODUCT.md#portal-settings): the navigation of the sections this
 * person sees, and the one section the address names, its data read by the server for it alone.
 * `readOnly`: an admin viewing the portal.
 */
export function SettingsSection({ tabs, settings, readOnly }: { tabs: SettingsTab[]; settings: SettingsTabData; readOnly: boolean }) {
  const items = tabs.map((tab) => ({ id: tab, label: SETTINGS_TAB_LABELS[tab], href: settingsHref(tab) }));
  return (
    <section aria-labelledby="portal-section-heading">
      <SectionHeading title="Account Settings" />
      <SectionNav label="Settings sections" items={items} current={settings.tab}>
        <SettingsTabCards settings={settings} readOnly={readOnly} />
      </SectionNav>
    </section>
  );
}

function SettingsTabCards({ settings, readOnly }: { settings: SettingsTabData; readOnly: boolean }) {
  switch (settings.tab) {
    case "profile":
      return <ProfileCard name={settings.profile.personName} email={settings.profile.signInEmail} readOnly={readOnly} />;
    case "company":
      // Account Information: the company's record, as a form for its owners.
      return <AccountInformationCard profile={settings.profile} readOnly={readOnly} />;
    case "team":
      return (
        <>
          <TeamCard people={settings.team} readOnly={readOnly} currentUserId={readOnly ? undefined : settings.profile.currentUserId} />
          <BillingWithheldSwitch withheld={settings.profile.billingWithheldFromMembers} readOnly={readOnly} />
          <ReportsWithheldSwitch withheld={settings.profile.reportsWithheldFromMembers} readOnly={readOnly} />
          <FindingsWithheldSwitch withheld={settings.profile.findingsWithheldFromMembers} readOnly={readOnly} />
        </>
      );
    case "security":
      // These cards act on the signed-in user's own account, which for a viewing admin would be the admin's.
      if (readOnly)
        return (
          <p className="text-sm text-muted">
            Password, two-factor, passkeys and sessions are the client&apos;s own and are not shown in the read-only view.
          </p>
        );
      return (
        <SecurityCards
          twoFactorEnabled={settings.security.twoFactorEnabled}
          twoFactorRequired={settings.security.twoFactorRequired}
          demoExempt={settings.security.demoExempt}
        />
      );
    case "sso":
      return <SsoCard settings={settings.sso} readOnly={readOnly} />;
    case "integrations":
      return <TrackersCard connections={settings.trackers} readOnly={readOnly} />;
    case "api":
      return (
        <>
          <ApiTokensCard tokens={settings.apiTokens} readOnly={readOnly} />
          <WebhooksCard endpoints={settings.webhooks} readOnly={readOnly} />
        </>
      );
    case "access-log":
      return <AccessLogCard />;
    case "sharing":
      return (
        <ShareRoomCard
          shares={settings.shareRoom.shares}
          next={settings.shareRoom.next}
          membersMayShare={settings.shareRoom.membersMayShare}
          shareable={settings.shareable}
          isOwner={settings.isOwner}
          readOnly={readOnly}
        />
      );
    case "notifications":
      return <NotificationPreferences audience="client" initial={settings.notifications} readOnly={readOnly} />;
  }
}
