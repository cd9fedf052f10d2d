import { Card } from "@/components/ui/card";
import { CardSkeleton } from "@/components/ui/card-skeleton";
import { SectionHeading } from "@/components/portal/section-heading";

/**
 * The Overview while its figures stream in: its heading and greeting at once (both known from the
 * session), and each card's place at the card's size, so the cards fill in without moving the page
 * (docs/PRODUCT.md#portal-overview). A server component: it ships no script.
 */
export function OverviewPlaceholder({ personName, company }: { personName: string; company: string }) {
  return (
    <section aria-labelledby="portal-section-heading" aria-busy="true">
      <SectionHeading title="Dashboard Overview" description={`Welcome back, ${personName} (${company}).`} />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {["Documents", "Active Projects", "Upcoming Meetings", "Messages"].map((label) => (
          <Card key={label} className="h-[5.75rem]">
            <p className="text-sm text-muted">{label}</p>
            <div className="mt-2 h-6 w-12 animate-pulse rounded bg-slate-800" aria-hidden />
          </Card>
        ))}
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <CardSkeleton title="Open findings" lines={3} className="h-[12.5rem]" />
        <CardSkeleton title="Needs your attention" lines={3} className="h-[12.5rem]" />
      </div>
      <CardSkeleton title="Quick Actions" lines={1} className="mt-6 h-[8.25rem]" />
    </section>
  );
}
