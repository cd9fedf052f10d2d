import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { PageHeader } from "@/components/admin/page-header";
import { RatesForm, type RateCardDraft } from "@/features/rates/components/admin/rates-form";
import { updateClientRatesAction } from "@/features/clients/actions/admin-rates";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/spinner";
import { centsToDollarInput, todayIso } from "@/lib/format";
import { uuidSchema } from "@/lib/validation/common";
import { getDb } from "@/server/core/get-db";
import { requireAdminPage } from "@/features/identity/server";
import { getAdminClient } from "@/features/clients/server";
import { listClientRatesForAdmin } from "@/features/rates/server";
import { getDefaultRateCards } from "@/features/settings/server";

export const metadata: Metadata = { title: "Client Rates" };

const backLink = (
  <Link href="/admin/clients" className={buttonClasses("secondary")}>
    Back to Clients
  </Link>
);

export default async function AdminClientRatesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await connection();
  const actor = await requireAdminPage();
  const params = await searchParams;
  const rawId = typeof params.clientId === "string" ? params.clientId : "";
  if (!rawId) {
    return (
      <>
        <PageHeader title="Manage Client Rates" actions={backLink} />
        <EmptyState title="No client selected" hint="Choose a client's rates from the clients list." />
      </>
    );
  }
  const parsed = uuidSchema.safeParse(rawId);
  const db = getDb();
  const client = parsed.success ? await getAdminClient(db, { actor, clientId: parsed.data }) : null;
  if (!client) {
    return (
      <>
        <PageHeader title="Manage Client Rates" actions={backLink} />
        <EmptyState title="Client not found" hint="The link may be out of date. Choose the client again from the clients list." />
      </>
    );
  }

  const [rates, defaults] = await Promise.all([listClientRatesForAdmin(db, { actor, clientId: client.id }), getDefaultRateCards(db)]);
  const today = todayIso();
  // docs/PRODUCT.md#admin-client-rates: a client without rates sees the firm's default cards (Settings); saving stores them for this client.
  const initial: RateCardDraft[] = rates.length
    ? rates.map((r) => ({
        key: r.id,
        serviceType: r.serviceType,
        hourlyRate: centsToDollarInput(r.hourlyRateCents),
        monthlyRetainer: centsToDollarInput(r.monthlyRetainerCents),
        discountTier: r.discountTier ?? "",
        description: r.description ?? "",
        effectiveFrom: r.effectiveFrom,
      }))
    : defaults.map((d, i) => ({
        key: `default-${i}`,
        serviceType: d.serviceType,
        hourlyRate: centsToDollarInput(d.hourlyRateCents),
        monthlyRetainer: centsToDollarInput(d.monthlyRetainerCents),
        discountTier: "",
        description: "",
        effectiveFrom: today,
      }));

  return (
    <>
      <PageHeader title="Manage Client Rates" description={client.company} actions={backLink} />
      {rates.length === 0 ? (
        <Alert tone="info" className="mb-4">
          {client.company} has no rates of its own yet: these are the standard rates. Save to set them for this client.
        </Alert>
      ) : null}
      <RatesForm key={client.id} clientId={client.id} initial={initial} today={today} send={updateClientRatesAction} />
    </>
  );
}
