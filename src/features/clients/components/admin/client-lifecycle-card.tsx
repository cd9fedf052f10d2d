"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { deactivateClientAction, deleteClientAction, reactivateClientAction } from "@/features/clients/actions/admin-client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { useChange } from "@/components/ui/use-change";

type Pending = "deactivate" | "reactivate" | "delete";

const CONFIRM: Record<Pending, { title: string; text: string; label: string; busy: string }> = {
  deactivate: {
    title: "Deactivate",
    text: "No one of this company can sign in any more, and everyone signed in is signed out now. Its data stays; you can reactivate it.",
    label: "Deactivate",
    busy: "Deactivating...",
  },
  reactivate: { title: "Reactivate", text: "Its people can sign in again.", label: "Reactivate", busy: "Reactivating..." },
  delete: {
    title: "Delete",
    text: "The company, its people and everything it owns are deleted for good. A company with invoices or documents cannot be deleted.",
    label: "Delete for good",
    busy: "Deleting...",
  },
};

/** Deactivate, reactivate or delete a company (docs/PRODUCT.md#admin-client-page), each after a confirmation. */
export function ClientLifecycleCard({
  clientId,
  company,
  active,
  hasRecords,
}: {
  clientId: string;
  company: string;
  active: boolean;
  hasRecords: boolean;
}) {
  const router = useRouter();
  const [pending, setPending] = useState<Pending | null>(null);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { isBusy, run } = useChange((text, tone) => (tone === "error" ? setError(text) : setMessage({ tone, text })));

  const confirm = () => {
    if (!pending) return;
    setError(null);
    if (pending === "delete")
      run("delete", () => deleteClientAction({ clientId }), { done: () => router.push("/admin/clients"), refresh: false });
    else
      run(pending, () => (pending === "deactivate" ? deactivateClientAction : reactivateClientAction)({ clientId }), {
        done: (data) => {
          setPending(null);
          return data.status === "active" ? `${company} is active again.` : `${company} is deactivated. Its people were signed out.`;
        },
      });
  };

  return (
    <Card className="max-w-3xl">
      <h2 className="text-lg font-semibold">Company access</h2>
      <p id="client-lifecycle-why" className="mt-1 text-sm text-muted">
        {hasRecords
          ? "This company has invoices or documents: they are kept, so it can be deactivated but not deleted."
          : "This company has no invoices and no documents: it can be deleted."}
      </p>
      {message ? (
        <Alert tone={message.tone} className="mt-3">
          {message.text}
        </Alert>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {active ? (
          <Button variant="secondary" onClick={() => setPending("deactivate")}>
            Deactivate client
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setPending("reactivate")}>
            Reactivate client
          </Button>
        )}
        {/* Disabled rather than refused after a confirmation: the line above says why. */}
        <Button variant="danger" onClick={() => setPending("delete")} disabled={hasRecords} aria-describedby="client-lifecycle-why">
          Delete client
        </Button>
      </div>
      {pending ? (
        <Dialog
          open
          onOpenChange={(open) => {
            if (!open) {
              setPending(null);
              setError(null);
            }
          }}
          title={`${CONFIRM[pending].title} ${company}?`}
          description={CONFIRM[pending].text}
          width="md"
        >
          {error ? (
            <Alert tone="error" className="mb-4">
              {error}
            </Alert>
          ) : null}
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={() => setPending(null)} disabled={isBusy}>
              Cancel
            </Button>
            <Button variant={pending === "reactivate" ? "primary" : "danger"} onClick={confirm} disabled={isBusy}>
              {isBusy ? CONFIRM[pending].busy : CONFIRM[pending].label}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </Card>
  );
}
