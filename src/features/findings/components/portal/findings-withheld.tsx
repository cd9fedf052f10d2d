import { ShieldOff } from "lucide-react";
import Link from "next/link";
import { SectionHeading } from "@/components/portal/section-heading";
import { Card } from "@/components/ui/card";
import { FINDINGS_WITHHELD_MESSAGE } from "@/lib/domain/member-access";

// What a member from whom the owners withheld the findings reads in their place
// (docs/PRODUCT.md#portal-team), in the same words as the server's refusal.

/** In place of a card of findings (the Overview's). */
export function FindingsWithheld({ title = "Findings" }: { title?: string }) {
  return (
    <Card role="region" aria-label={title}>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <ShieldOff className="h-5 w-5 text-accent" aria-hidden />
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted">{FINDINGS_WITHHELD_MESSAGE}</p>
    </Card>
  );
}

/** In place of the portal's Findings section (reached by its address: the navigation leaves it out). */
export function FindingsSectionWithheld() {
  return (
    <section aria-labelledby="portal-section-heading">
      <SectionHeading title="Findings" description={FINDINGS_WITHHELD_MESSAGE} />
    </section>
  );
}

/** In place of a page of the portal built from the findings (the analytics, the scheduled re-runs). */
export function FindingsWithheldPage({ title }: { title: string }) {
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">{title}</h1>
        <Link href="/client-portal" className="text-sm text-accent underline">
          Back to the portal
        </Link>
      </div>
      <FindingsWithheld title={title} />
    </main>
  );
}
