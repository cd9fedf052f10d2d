import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { LazyClientLoginForm } from "@/features/account/components/sign-in/lazy-client-login-form";
import { StaleSessionReset } from "@/features/account/components/sign-in/stale-session-reset";
import { LoadedBillingChart } from "@/features/invoices/components/portal/billing-chart";
import { LazyPortalInvoiceView } from "@/features/invoices/components/portal/lazy-portal-invoice-view";
import { ClientPortal } from "@/features/portal/components/client-portal";
import { PortalFindings } from "@/features/findings/components/portal/portal-findings";
import { FindingsSectionWithheld } from "@/features/findings/components/portal/findings-withheld";
import { PortalEnrolment } from "@/features/portal/components/portal-enrolment";
import { PortalProjectView } from "@/features/portal/components/portal-project-view";
import { RetainerSection } from "@/features/retainers/components/portal/retainer-section";
import { NoRetainer } from "@/features/retainers/components/portal/no-retainer";
import { siteConfig } from "@/config/site";
import { getDb } from "@/server/core/get-db";
import { PORTAL_SECTION_TITLES, parseSection } from "@/lib/domain/portal-section";
import { uuidSchema } from "@/lib/validation/common";
import { findingFilterSchema } from "@/features/findings/validation";
import { getPortalAccess, hasStaleSessionCookie } from "@/features/identity/server";
import { loadPortalFindings } from "@/features/findings/server";
import { getPaidVsOutstanding, getPortalInvoice } from "@/features/invoices/server";
import { projectNameSql } from "@/features/projects/server";
import { countClientUnreadMessages } from "@/features/messages/server";
import { loadPortalProject, loadPortalSection } from "@/features/portal/server";
import { getPortalRetainer, hasRetainer } from "@/features/retainers/server";
import { FindingTickets } from "@/features/trackers/components/finding-tickets";
import { listFindingTickets } from "@/features/trackers/server";

// The server decides: the signed-in client's portal (or, for an admin viewing it, that client's
// portal read only: docs/PRODUCT.md#admin-view-as-client), the two-factor enrolment alone when the
// client's company requires it (docs/PRODUCT.md#account-security), or the login form.
type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Each section its own tab title, so a person with several tabs open (and a screen reader) can tell them apart. */
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const section = parseSection(first((await searchParams).section));
  return { title: `${PORTAL_SECTION_TITLES[section]} · Client Portal`, robots: { index: false } };
}

export default async function ClientPortalPage({ searchParams }: Props) {
  await connection();
  const access = await getPortalAccess();
  if (!access) {
    // Signed out, the portal is the prerendered login page (src/proxy.ts), as long as no stale
    // session cookie keeps the request here: have it cleared, then load that page.
    const login = <LazyClientLoginForm />;
    return (await hasStaleSessionCookie()) ? <StaleSessionReset>{login}</StaleSessionReset> : login;
  }
  const { actor } = access;
  if (access.mustEnrol) return <PortalEnrolment brand={siteConfig.name} email={actor.email} company={actor.company} />;
  const raw = await searchParams;
  // Only the section in view is read and rendered; switching sections is a round trip of its own.
  const section = parseSection(first(raw.section));
  // Whether the sidebar shows Retainer, asked first: the frame waits for this one small read only,
  // not for the section's reads queued behind it (the embedded database runs one at a time).
  const holdsRetainer = section === "retainer" ? Promise.resolve(false) : hasRetainer(getDb(), { actor });
  holdsRetainer.catch(() => {});
  // Not awaited: the portal's header renders at once and the section streams in when this settles.
  const data = loadPortalSection(getDb(), { actor, section, tab: section === "settings" ? first(raw.tab) : undefined });
  // The portal awaits (and reports) a failure; this keeps it from counting as unhandled meanwhile.
  data.catch(() => {});
  // An invoice opened from Billing (?invoice=<id>): read before anything renders, so that another
  // company's, an unknown or a malformed id (or Billing withheld from this member) is a 404.
  const invoiceId = section === "billing" ? first(raw.invoice) : undefined;
  let invoiceView = null;
  if (invoiceId !== undefined) {
    const invoice =
      !actor.billingWithheld && uuidSchema.safeParse(invoiceId).success
        ? await getPortalInvoice(getDb(), { actor, invoiceId, projectName: projectNameSql })
        : null;
    if (!invoice) notFound();
    invoiceView = <LazyPortalInvoiceView invoice={invoice} readOnly={actor.viewer !== undefined} />;
  }
  // Billing's chart is drawn here on the server and handed to the section ready-made (not at all
  // for a member from whom the owners withheld Billing).
  const chart = section === "billing" && !actor.billingWithheld ? getPaidVsOutstanding(getDb(), { actor }) : null;
  chart?.catch(() => {});
  // Findings render on the server (their Markdown too) from the address's filters and open finding.
  let findings = null;
  // Withheld from this member (docs/PRODUCT.md#portal-team): the section says so and reads nothing.
  if (section === "findings" && actor.findingsWithheld) findings = <FindingsSectionWithheld />;
  else if (section === "findings") {
    const filter = findingFilterSchema.parse({
      severity: first(raw.severity),
      status: first(raw.status),
      engagement: first(raw.engagement),
      mine: first(raw.mine),
      overdue: first(raw.overdue),
      closed: first(raw.closed),
      owasp: first(raw.owasp),
      atlas: first(raw.atlas),
    });
    const loaded = loadPortalFindings(getDb(), { actor, filter, findingId: first(raw.finding) ?? null });
    loaded.catch(() => {});
    // The open finding's tickets in the company's ticket systems, read alongside it.
    const findingId = first(raw.finding);
    let tickets = null;
    if (findingId !== undefined && uuidSchema.safeParse(findingId).success) {
      const rows = listFindingTickets(getDb(), { actor, findingId });
      rows.catch(() => {});
      tickets = <FindingTickets data={rows} findingId={findingId} readOnly={actor.viewer !== undefined} />;
    }
    findings = (
      <PortalFindings data={loaded} readOnly={actor.viewer !== undefined} isOwner={actor.personRole === "owner"} tickets={tickets} />
    );
  }
  // The Retainer section renders on the server too; the sidebar shows it only to a client with a retainer.
  let retainer = null;
  let withRetainer: boolean;
  if (section === "retainer") {
    const view = await getPortalRetainer(getDb(), { actor });
    withRetainer = view !== null;
    retainer = view ? (
      <RetainerSection view={view} isOwner={actor.personRole === "owner"} readOnly={actor.viewer !== undefined} />
    ) : (
      <NoRetainer />
    );
  } else withRetainer = await holdsRetainer;
  // A project opened from Projects (?project=<id>): its view, scoped by the session's client; a
  // malformed id is a missing project.
  const projectId = section === "projects" ? first(raw.project) : undefined;
  let projectView = null;
  if (projectId !== undefined) {
    const project = uuidSchema.safeParse(projectId).success ? loadPortalProject(getDb(), { actor, projectId }) : Promise.resolve(null);
    project.catch(() => {});
    projectView = <PortalProjectView data={project} />;
  }
  // The sidebar's unread figure, shown when it arrives (the frame does not wait for it).
  const unreadMessages = countClientUnreadMessages(getDb(), { actor }).catch((error: unknown) => {
    console.error("[portal] counting unread messages failed:", error);
    return 0;
  });
  return (
    <ClientPortal
      // The signed-in person is the admin: the header names the admin, never the client's e-mail.
      email={actor.viewer ? actor.viewer.adminEmail : actor.email}
      data={data}
      billingChart={chart ? <LoadedBillingChart points={chart} /> : undefined}
      findings={findings}
      retainer={retainer}
      projectView={projectView}
      invoiceView={invoiceView}
      unreadMessages={unreadMessages}
      hiddenSections={[
        ...(actor.billingWithheld ? (["billing"] as const) : []),
        ...(actor.findingsWithheld ? (["findings"] as const) : []),
        ...(withRetainer ? [] : (["retainer"] as const)),
      ]}
      viewingAs={actor.viewer ? actor.company : undefined}
      overviewGreeting={section === "overview" ? { personName: actor.name || actor.email, company: actor.company } : undefined}
    />
  );
}
