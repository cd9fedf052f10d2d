import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import type { IconComponent } from "@/components/ui/sprite-icon";

/** A dashboard card: a landmark named by its heading (icon and title), a badge beside it, then its body. */
export function DashboardCard({
  headingId,
  icon: Icon,
  title,
  badge,
  children,
}: {
  headingId: string;
  icon: IconComponent;
  title: string;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={headingId}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
          <Icon className="h-5 w-5 text-accent" aria-hidden />
          {title}
        </h2>
        {badge}
      </div>
      {children}
    </Card>
  );
}
