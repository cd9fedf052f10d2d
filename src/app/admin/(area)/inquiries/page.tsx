import { Inbox } from "lucide-react";
import type { Metadata } from "next";
import { InquiryOpenButton } from "@/features/clients/components/admin/inquiry-open-button";
import { ListControls } from "@/components/admin/list-controls";
import { type Column, type ListEmptyTexts, ListTable } from "@/components/admin/list-table";
import { PageHeader } from "@/components/admin/page-header";
import { Pagination } from "@/components/admin/pagination";
import { StatusBadge } from "@/components/ui/status-badge";
import { cn } from "@/lib/cn";
import { INQUIRY_STATE_LABELS, INQUIRY_STATE_TONES, inquiryStateOf } from "@/lib/domain/inquiry-state";
import { formatDate } from "@/lib/format";
import { inquiryListQuerySchema } from "@/features/inquiries/validation";
import { getDb } from "@/server/core/get-db";
import { openAdminListPage, type PageSearchParams } from "@/features/identity/server";
import { type AdminInquiryRow, listAdminInquiries } from "@/features/inquiries/server";
import { companyNameSql } from "@/features/clients/server";

export const metadata: Metadata = { title: "Inquiries" };

const COLUMNS: Column<AdminInquiryRow>[] = [
  {
    header: "From",
    cell: (row) => (
      <span className={cn(inquiryStateOf(row) === "new" && "font-semibold")}>
        {row.name}
        <span className="block text-xs font-normal text-muted">{row.email}</span>
      </span>
    ),
  },
  { header: "Company", cell: (row) => row.company },
  { header: "Interest", priority: "low", cell: (row) => row.serviceInterest, className: "text-muted" },
  { header: "Message", cell: (row) => <span className="line-clamp-2 max-w-xs break-words text-muted">{row.message}</span> },
  { header: "Received", cell: (row) => formatDate(row.createdAt) },
  {
    header: "Status",
    cell: (row) => (
      <span className="flex flex-col items-start gap-1">
        <StatusBadge
          value={inquiryStateOf(row)}
          label={INQUIRY_STATE_LABELS[inquiryStateOf(row)]}
          tone={INQUIRY_STATE_TONES[inquiryStateOf(row)]}
        />
        {row.clientCompany ? <span className="text-xs text-muted">Client: {row.clientCompany}</span> : null}
      </span>
    ),
  },
  {
    header: "Actions",
    hideHeader: true,
    cell: (row) => (
      <InquiryOpenButton
        inquiry={{
          id: row.id,
          name: row.name,
          email: row.email,
          company: row.company,
          serviceInterest: row.serviceInterest,
          message: row.message,
          read: row.readAt !== null,
          archived: row.archivedAt !== null,
          clientCompany: row.clientCompany,
          linked: row.clientId !== null,
          createdAt: row.createdAt.toISOString(),
        }}
      />
    ),
  },
];

export default async function AdminInquiriesPage({ searchParams }: { searchParams: PageSearchParams }) {
  const { actor, query } = await openAdminListPage(searchParams, inquiryListQuerySchema);
  const { rows, total, page, pageSize } = await listAdminInquiries(getDb(), { actor, companyName: companyNameSql, ...query });

  return (
    <>
      <PageHeader title="Inquiries" description="What visitors sent through the contact form, newest first." />
      <ListControls
        searchLabel="Search inquiries"
        placeholder="Search by name, company, email or message..."
        loadingLabel="Loading inquiries..."
        statusOptions={[
          { value: "all", label: "All (not archived)" },
          { value: "new", label: "New" },
          { value: "read", label: "Read" },
          { value: "archived", label: "Archived" },
        ]}
      />
      <ListTable
        caption="Contact inquiries"
        columns={COLUMNS}
        rows={rows}
        minWidthClass="md:min-w-[760px]"
        filtered={Boolean(query.q) || query.status !== "all"}
        empty={EMPTY}
      />
      <Pagination
        basePath="/admin/inquiries"
        params={{ q: query.q, status: query.status === "all" ? undefined : query.status }}
        page={page}
        pageSize={pageSize}
        total={total}
        noun="inquiries"
      />
    </>
  );
}

/** What the list says when it has no rows. */
const EMPTY: ListEmptyTexts = {
  icon: Inbox,
  whenFiltered: { title: "No inquiries found", hint: "Try adjusting your search or filter" },
  whenNone: { title: "No inquiries yet", hint: "Messages from the contact form appear here" },
};
