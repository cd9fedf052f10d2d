"use client";

import { Eye } from "lucide-react";
import { useRouter } from "next/navigation";
import { endViewAsClientAction } from "@/features/identity/actions/view-as";
import { Button } from "@/components/ui/button";
import { useChange } from "@/components/ui/use-change";

/** Shown over the portal while an admin views it (docs/PRODUCT.md#admin-view-as-client). */
export function ViewAsBanner({ company }: { company: string }) {
  const router = useRouter();
  const { isBusy, run } = useChange<"exit">(() => {});
  // Back to the clients list whatever the action answered; busy until the list is there.
  const exit = () =>
    run(
      "exit",
      async () => {
        await endViewAsClientAction({}).catch(() => null);
        return { success: true, data: null };
      },
      { done: () => router.push("/admin/clients"), refresh: false },
    );
  return (
    <div
      role="region"
      aria-label="Read-only view"
      className="flex flex-wrap items-center justify-between gap-2 border-b border-amber-500/40 bg-amber-500/15 px-4 py-2 text-sm text-amber-100 md:px-6"
    >
      <p className="flex min-w-0 items-center gap-2 font-medium">
        <Eye className="h-4 w-4 shrink-0" aria-hidden />
        <span className="min-w-0 break-words">Viewing as {company} (read only)</span>
      </p>
      <Button size="sm" variant="secondary" onClick={exit} disabled={isBusy}>
        {isBusy ? "Exiting..." : "Exit"}
      </Button>
    </div>
  );
}
