"use client";

import { AlertTriangle, Calendar, CalendarPlus, FileText, FolderKanban, MessageSquare, Settings } from "@/components/ui/sprite-icon";
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";
import { Card, StatCard } from "@/components/ui/card";
import { formatCents } from "@/lib/format";
import { OverviewAttention, OverviewFindings } from "./overview-findings";
import { FindingsWithheld } from "@/features/findings/components/portal/findings-withheld";
import type { PortalDataOf } from "@/features/portal/server";
import { type PortalSection, sectionHref } from "@/components/portal/portal-sections-config";
import { SectionHeading } from "@/components/portal/section-heading";
import { usePortalNavigation } from "@/components/portal/use-portal-navigation";

export function OverviewSection({ data }: { data: Omit<PortalDataOf<"overview">, "section"> }) {
  const { linkHandler } = usePortalNavigation();
  const { profile, stats, billing } = data;
  // Each stat card leads to its section (a real link: a new tab works too).
  const statLink = (id: PortalSection, card: ReactNode) => (
    <a href={sectionHref(id)} onClick={linkHandler(id)} className="block rounded-xl transition-colors hover:[&>div]:border-accent/60">
      {card}
    </a>
  );
  const quickActions = [
    { id: "book-service", label: "Book New Service", icon: CalendarPlus },
    { id: "documents", label: "View Documents", icon: FileText },
    { id: "settings", label: "Update Settings", icon: Settings },
  ] as const;

  return (
    <section aria-labelledby="portal-section-heading">
      <SectionHeading title="Dashboard Overview" description={`Welcome back, ${profile.personName} (${profile.company}).`} />

      {billing && billing.balanceDueCents > 0 ? (
        <div
          role="region"
          aria-label="Outstanding Balance"
          className="mb-6 flex flex-col gap-3 rounded-xl border border-red-500/50 bg-red-500/10 p-5 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="flex items-start gap-3">
            <AlertTriangle className="mt-0.5 h-6 w-6 shrink-0 text-red-300" aria-hidden />
            <div>
              <p className="font-semibold text-red-200">Outstanding Balance</p>
              <p className="text-2xl font-bold text-red-100">{formatCents(billing.balanceDueCents)}</p>
              <p className="text-sm text-red-200/80">
                {billing.pendingCount} pending and {billing.overdueCount} overdue{" "}
                {billing.pendingCount + billing.overdueCount === 1 ? "invoice" : "invoices"}
              </p>
            </div>
          </div>
          <a href={sectionHref("billing")} onClick={linkHandler("billing")} className={buttonClasses("danger")}>
            View Billing
          </a>
        </div>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {statLink(
          "documents",
          <StatCard label="Documents" value={stats.totalDocuments} icon={<FileText className="h-7 w-7" aria-hidden />} />,
        )}
        {statLink(
          "projects",
          <StatCard label="Active Projects" value={stats.activeProjects} icon={<FolderKanban className="h-7 w-7" aria-hidden />} />,
        )}
        {statLink(
          "book-service",
          <StatCard label="Upcoming Meetings" value={stats.upcomingMeetings} icon={<Calendar className="h-7 w-7" aria-hidden />} />,
        )}
        {statLink(
          "messages",
          <StatCard label="Messages" value={stats.unreadMessages} icon={<MessageSquare className="h-7 w-7" aria-hidden />} />,
        )}
      </div>

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        {data.findings ? <OverviewFindings findings={data.findings} /> : <FindingsWithheld title="Open findings" />}
        <OverviewAttention
          overdueFindings={data.overdueFindings}
          reportsToDownload={data.reportsToDownload}
          authorizationsToSign={data.authorizationsToSign}
          unreadMessages={stats.unreadMessages}
          invoicesDue={billing ? billing.pendingCount + billing.overdueCount : null}
        />
      </div>

      <Card className="mt-6">
        <h2 className="text-lg font-semibold">Quick Actions</h2>
        <div className="mt-4 grid gap-3 sm:grid-cols-3">
          {quickActions.map(({ id, label, icon: Icon }) => (
            <a key={id} href={sectionHref(id)} onClick={linkHandler(id)} className={buttonClasses("secondary", "lg", "justify-start")}>
              <Icon className="h-5 w-5 text-accent" aria-hidden />
              {label}
            </a>
          ))}
        </div>
      </Card>
    </section>
  );
}
