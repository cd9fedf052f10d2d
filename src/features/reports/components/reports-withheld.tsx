import { FileLock2 } from "lucide-react";
import { Card } from "@/components/ui/card";
import { REPORTS_WITHHELD_MESSAGE } from "@/lib/domain/member-access";

/** What a member from whom the owners withheld the reports reads in their place (docs/PRODUCT.md#portal-team). */
export function ReportsWithheld() {
  return (
    <Card className="mb-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <FileLock2 className="h-5 w-5 text-accent" aria-hidden />
        Engagement reports
      </h2>
      <p className="mt-1 text-sm text-muted">{REPORTS_WITHHELD_MESSAGE}</p>
    </Card>
  );
}
