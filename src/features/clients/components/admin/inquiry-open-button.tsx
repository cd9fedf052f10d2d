"use client";

import { Archive, ArchiveRestore, Mail, UserPlus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { markInquiryReadAction } from "@/features/inquiries/actions/admin";
import { setInquiryArchivedAction } from "@/features/inquiries/actions/admin";
import { LazyCreateClientDialog } from "./create-client-button";
import { Button, buttonClasses } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Toast, useToast } from "@/components/ui/toast";
import { useChange } from "@/components/ui/use-change";
import { formatDate } from "@/lib/format";
import type { InquiryMessage } from "@/features/inquiries/server";

export type InquiryDetail = InquiryMessage & {
  read: boolean;
  archived: boolean;
  clientCompany: string | null;
  linked: boolean;
  createdAt: string;
};

/** The reply's address: the sender, with a subject naming what they asked about. */
export function replyHref(inquiry: Pick<InquiryDetail, "email" | "serviceInterest">): string {
  return `mailto:${encodeURIComponent(inquiry.email)}?subject=${encodeURIComponent(`Re: Your inquiry about ${inquiry.serviceInterest}`)}`;
}

/**
 * An inquiry turned into a client is this slice's: the inquiry's dialog lives here, beside the create dialog it opens.
 * Open: the whole message (as text), marked read on opening; Reply, Archive / Unarchive and Create
 * client from inquiry (docs/PRODUCT.md#admin-inquiries).
 */
export function InquiryOpenButton({ inquiry }: { inquiry: InquiryDetail }) {
  const router = useRouter();
  const { toast, show } = useToast();
  const [mode, setMode] = useState<"closed" | "open" | "create">("closed");
  const { isBusy, run } = useChange<"archive">((message, tone) => show(message, tone === "error" ? 6000 : 4000, tone));

  const open = async () => {
    setMode("open");
    if (inquiry.read) return;
    try {
      const result = await markInquiryReadAction({ inquiryId: inquiry.id });
      if (result.success) router.refresh();
    } catch {
      // Reading still works; it stays marked new until the next successful open.
    }
  };

  const archive = (archived: boolean) =>
    run("archive", () => setInquiryArchivedAction({ inquiryId: inquiry.id, archived }), {
      done: () => {
        setMode("closed");
        return archived ? "Inquiry archived" : "Inquiry moved back to the inbox";
      },
    });

  return (
    <>
      <Button size="sm" variant="secondary" onClick={open} aria-label={`Open the inquiry from ${inquiry.name}`}>
        Open
      </Button>
      {mode === "open" ? (
        <Dialog
          open
          onOpenChange={(value) => (value ? null : setMode("closed"))}
          title={`Inquiry from ${inquiry.name}`}
          description={`${inquiry.company} · ${inquiry.serviceInterest} · received ${formatDate(inquiry.createdAt)}`}
        >
          <p className="break-all text-sm text-muted">{inquiry.email}</p>
          {inquiry.clientCompany ? <p className="mt-1 text-sm">Client created: {inquiry.clientCompany}</p> : null}
          <p className="mt-4 whitespace-pre-wrap break-words rounded-lg bg-slate-900 p-4 text-sm">{inquiry.message}</p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <a href={replyHref(inquiry)} className={buttonClasses("secondary")}>
              <Mail className="h-4 w-4" aria-hidden />
              Reply
            </a>
            <Button variant="secondary" onClick={() => archive(!inquiry.archived)} disabled={isBusy}>
              {inquiry.archived ? <ArchiveRestore className="h-4 w-4" aria-hidden /> : <Archive className="h-4 w-4" aria-hidden />}
              {isBusy ? "Saving..." : inquiry.archived ? "Unarchive" : "Archive"}
            </Button>
            {inquiry.linked ? null : (
              <Button onClick={() => setMode("create")}>
                <UserPlus className="h-4 w-4" aria-hidden />
                Create client from inquiry
              </Button>
            )}
          </div>
        </Dialog>
      ) : null}
      {mode === "create" ? (
        <LazyCreateClientDialog
          onClose={() => setMode("closed")}
          prefill={{ company: inquiry.company, contactPerson: inquiry.name, email: inquiry.email, inquiryId: inquiry.id }}
        />
      ) : null}
      <Toast toast={toast} />
    </>
  );
}
