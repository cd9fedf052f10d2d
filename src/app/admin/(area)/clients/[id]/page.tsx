import { ArrowLeft, Receipt } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { clientInvoicesHref } from "@/features/clients/components/admin/client-links";
import { ClientDetailsForm } from "@/features/clients/components/admin/client-details-form";
import { ClientLifecycleCard } from "@/features/clients/components/admin/client-lifecycle-card";
import { ClientRecordsCards } from "@/features/clients/components/admin/client-records";
import { ClientTwoFactorControls } from "@/features/clients/components/admin/client-two-factor-controls";
import { ViewPortalButton } from "@/features/clients/components/admin/view-portal-button";
import { PageHeader } from "@/components/admin/page-header";
import { ClientSquareCustomersButton } from "@/features/square/components/admin/client-square-customers";
import { TeamCard } from "@/features/clients/components/team/team-card";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { StatusBadge } from "@/components/ui/status-badge";
import { CLIENT_SHOWN_STATUS_LABELS, CLIENT_SHOWN_STATUS_TONES } from "@/lib/domain/client-status";
import { uuidSchema } from "@/lib/validation/common";
import { getDb } from "@/server/core/get-db";
import { requireAdminPage } from "@/features/identity/server";
import { listRecentAccessForAdmin } from "@/features/audit/server";
import { getAdminClientDetails } from "@/features/clients/server";
import { listClientDocumentsForAdmin } from "@/features/documents/server";
import { getClientFindingsSummary, projectsWithFindings } from "@/features/findings/server";
import { getClientBillingForAdmin } from "@/features/invoices/server";
import { listAdminThreads } from "@/features/messages/server";
import { listClientProjectsForAdmin } from "@/features/projects/server";
import { listClientRatesForAdmin } from "@/features/rates/server";
import { getRetainerForAdmin } from "@/features/retainers/server";
import { RetainerCard } from "@/features/retainers/components/admin/retainer-card";
import { StatementDownload } from "@/features/invoices/components/statement-download";
import { ClientApiTokensCard } from "@/features/api/components/admin/client-api-tokens";
import { AdminSsoCard } from "@/features/sso/components/admin-sso-card";
import { ssoStateForAdmin } from "@/features/sso/server";
import { listClientTokensForAdmin } from "@/features/api/server";
import { ClientSharingCard } from "@/features/sharing/components/admin/client-sharing-card";
import { listSharingForAdmin } from "@/features/sharing/server";
import { ClientWebhooksCard } from "@/features/webhooks/components/admin/client-webhooks";
import { listClientEndpointsForAdmin } from "@/features/webhooks/server";
import { AdminTrackersCard } from "@/features/trackers/components/admin-trackers-card";
import { listClientTrackersForAdmin } from "@/features/trackers/server";
import { listClientReportsForAdmin } from "@/features/reports/server";
import { ProjectReportsButton } from "@/features/reports/components/project-reports-button";
import { listClientSubscriptionsForAdmin } from "@/features/subscriptions/server";

export const metadata: Metadata = { title: "Client" };

/**
 * One client's page (docs/PRODUCT.md#admin-client-page): details, people, the company's records
 * (projects, findings, reports, conversations, invoices, documents, subscription, rates, access
 * log), its API tokens, webhooks and ticket systems, two-factor, Square, and the company's lifecycle.
 */
export default async function AdminClientPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const actor = await requireAdminPage();
  const { id } = await params;
  // A malformed id is a missing client, never a database error.
  if (!uuidSchema.safeParse(id).success) notFound();
  const db = getDb();
  const scope = { actor, clientId: id };
  // Every read at once (one round of queries, each scoped by the client id); a missing client's
  // reads come back empty and the page is not found.
  const [
    client,
    projects,
    findings,
    engagementProjectIds,
    reports,
    documents,
    threads,
    billing,
    subscriptions,
    rates,
    access,
    retainer,
    apiTokens,
    webhooks,
    trackers,
    sso,
    sharing,
  ] = await Promise.all([
    getAdminClientDetails(db, scope),
    listClientProjectsForAdmin(db, scope),
    getClientFindingsSummary(db, scope),
    projectsWithFindings(db, scope),
    listClientReportsForAdmin(db, scope),
    listClientDocumentsForAdmin(db, scope),
    listAdminThreads(db, { actor, filter: { client: id, unread: false } }),
    getClientBillingForAdmin(db, scope),
    listClientSubscriptionsForAdmin(db, scope),
    listClientRatesForAdmin(db, scope),
    listRecentAccessForAdmin(db, scope),
    getRetainerForAdmin(db, scope),
    listClientTokensForAdmin(db, scope),
    listClientEndpointsForAdmin(db, scope),
    listClientTrackersForAdmin(db, scope),
    ssoStateForAdmin(db, scope),
    listSharingForAdmin(db, { actor, clientId: id }),
  ]);
  if (!client) notFound();
  const records = {
    projects,
    findings: { summary: findings, engagementProjectIds },
    reports,
    documents,
    threads: threads.slice(0, 5),
    billing,
    subscriptions,
    rates,
    access,
  };

  return (
    <>
      <Link href="/admin/clients" className="mb-3 inline-flex items-center gap-1 text-sm text-muted hover:text-foreground">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Clients
      </Link>
      <PageHeader
        title={client.company}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <StatusBadge
              value={client.shownStatus}
              label={CLIENT_SHOWN_STATUS_LABELS[client.shownStatus]}
              tone={CLIENT_SHOWN_STATUS_TONES[client.shownStatus]}
            />
            <span>
              {client.invoiceCount} {client.invoiceCount === 1 ? "invoice" : "invoices"}, {client.documentCount}{" "}
              {client.documentCount === 1 ? "document" : "documents"}
            </span>
          </span>
        }
        actions={
          <>
            <Link
              href={clientInvoicesHref(client.id)}
              className={buttonClasses("secondary", "sm")}
              aria-label={`Invoices of ${client.company}`}
            >
              <Receipt className="h-4 w-4" aria-hidden />
              Invoices
            </Link>
            <ViewPortalButton clientId={client.id} company={client.company} />
            <ClientSquareCustomersButton clientId={client.id} company={client.company} />
          </>
        }
      />
      <div className="space-y-6">
        <ClientDetailsForm client={client} />
        <TeamCard people={client.people} clientId={client.id} title="People" />
        <ClientRecordsCards
          clientId={client.id}
          company={client.company}
          records={records}
          reportsButton={(project) => <ProjectReportsButton project={project} />}
        />
        <StatementDownload href={`/api/admin/clients/${client.id}/statement`} />
        <RetainerCard
          clientId={client.id}
          view={retainer.view}
          projects={retainer.projects}
          today={new Date().toISOString().slice(0, 10)}
        />
        <div className="grid gap-6 xl:grid-cols-2">
          <ClientApiTokensCard company={client.company} tokens={apiTokens} />
          <ClientWebhooksCard company={client.company} endpoints={webhooks} />
          <AdminTrackersCard company={client.company} connections={trackers} />
          <AdminSsoCard clientId={client.id} company={client.company} sso={sso} />
          <ClientSharingCard company={client.company} deliverables={sharing.deliverables} engagements={sharing.engagements} />
        </div>
        <Card className="max-w-3xl">
          <h2 className="text-lg font-semibold">Two-factor sign-in</h2>
          <p className="mt-1 text-sm text-muted">
            Require it of every person of this company. A person&apos;s own two-factor is reset under People (their authenticator lost).
          </p>
          <div className="mt-3">
            <ClientTwoFactorControls clientId={client.id} company={client.company} required={client.requireTwoFactor} enabled={false} />
          </div>
        </Card>
        <ClientLifecycleCard
          clientId={client.id}
          company={client.company}
          active={client.status === "active"}
          hasRecords={client.invoiceCount + client.documentCount > 0}
        />
      </div>
    </>
  );
}
