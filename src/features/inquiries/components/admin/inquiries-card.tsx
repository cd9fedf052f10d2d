"use client";

import { Mail } from "@/components/ui/sprite-icon";
import Link from "next/link";
import { useState } from "react";
import { markInquiryReadAction } from "@/features/inquiries/actions/admin";
import { Button } from "@/components/ui/button";
import { LazyDialog } from "@/components/ui/lazy-dialog";
import { useServerState } from "@/components/ui/use-server-state";
import { cn } from "@/lib/cn";
import { RelativeTime } from "@/components/ui/relative-time";
import type { InquiryMessage } from "@/features/inquiries/server";
import { DashboardCard } from "@/components/admin/dashboard-card";

export type InquiryView = InquiryMessage & {
  readAt: string | null;
  createdAt: string;
};

/** The newest contact inquiries; opening one shows the whole message and marks it read. */
export function InquiriesCard({ inquiries: initial, unread: initialUnread }: { inquiries: InquiryView[]; unread: number }) {
  const [inquiries, setInquiries] = useServerState(initial);
  const [unread, setUnread] = useServerState(initialUnread, initial);
  const [open, setOpen] = useState<InquiryView | null>(null);

  const read = async (inquiry: InquiryView) => {
    setOpen(inquiry);
    if (inquiry.readAt) return;
    try {
      const result = await markInquiryReadAction({ inquiryId: inquiry.id });
      if (result.success) {
        setInquiries((list) => list.map((i) => (i.id === inquiry.id ? { ...i, readAt: result.data.readAt } : i)));
        setUnread((n) => Math.max(0, n - 1));
      }
    } catch {
      // Reading still works; the unread mark stays until the next successful open.
    }
  };

  return (
    <DashboardCard
      headingId="inquiries-heading"
      icon={Mail}
      title="Contact Inquiries"
      badge={
        unread > 0 ? (
          <span className="rounded-full bg-cyan-500/15 px-2 py-0.5 text-xs font-semibold text-accent">{unread} unread</span>
        ) : null
      }
    >
      <Link href="/admin/inquiries" className="mt-1 inline-block text-sm text-accent underline underline-offset-2">
        Open the inquiries inbox
      </Link>
      {inquiries.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No inquiries yet</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-800">
          {inquiries.map((inquiry) => (
            <li key={inquiry.id} className="flex items-center gap-3 py-3">
              <span aria-hidden className={cn("h-2 w-2 shrink-0 rounded-full", inquiry.readAt ? "bg-transparent" : "bg-accent")} />
              <div className="min-w-0 flex-1">
                {/* relative: the sr-only word is absolutely placed at the end of the line; the cut line must clip it too. */}
                <p className={cn("relative truncate text-sm", inquiry.readAt ? "text-muted" : "font-semibold")}>
                  {inquiry.name} · {inquiry.company}
                  {inquiry.readAt ? null : <span className="sr-only"> (unread)</span>}
                </p>
                <p className="truncate text-xs text-muted">
                  {inquiry.serviceInterest} · <RelativeTime value={inquiry.createdAt} />
                </p>
              </div>
              <Button size="sm" variant="secondary" onClick={() => read(inquiry)} aria-label={`Read the inquiry from ${inquiry.name}`}>
                Read
              </Button>
            </li>
          ))}
        </ul>
      )}
      {open ? (
        <LazyDialog
          open
          onOpenChange={(value) => (value ? null : setOpen(null))}
          title={`Inquiry from ${open.name}`}
          description={`${open.company} · ${open.serviceInterest}`}
        >
          <p className="text-sm">
            <a className="text-accent underline" href={`mailto:${open.email}`}>
              {open.email}
            </a>
            <span className="text-muted">
              {" "}
              · <RelativeTime value={open.createdAt} />
            </span>
          </p>
          <p className="mt-4 whitespace-pre-wrap rounded-lg bg-slate-900 p-4 text-sm">{open.message}</p>
          <div className="mt-6 flex justify-end">
            <Button variant="secondary" onClick={() => setOpen(null)}>
              Close
            </Button>
          </div>
        </LazyDialog>
      ) : null}
    </DashboardCard>
  );
}
