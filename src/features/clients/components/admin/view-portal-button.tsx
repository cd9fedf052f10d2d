"use client";

import { Eye } from "lucide-react";
import { useRouter } from "next/navigation";
import { startViewAsClientAction } from "@/features/identity/actions/view-as";
import { Button } from "@/components/ui/button";
import { Toast, useToast } from "@/components/ui/toast";
import { useChange } from "@/components/ui/use-change";

/** View portal: opens the client's portal read only (docs/PRODUCT.md#admin-view-as-client). */
export function ViewPortalButton({ clientId, company }: { clientId: string; company: string }) {
  const { toast, show } = useToast();
  const router = useRouter();
  const { isBusy, run } = useChange<"open">((message, tone) => show(message, 6000, tone));
  // The action set a cookie, so Next drops its cached pages: the portal renders anew. The button
  // stays busy until it is there.
  const start = () =>
    run("open", () => startViewAsClientAction({ clientId }), {
      done: () => router.push("/client-portal"),
      refresh: false,
      unreachable: "Could not open the portal. Please try again.",
    });
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        onClick={start}
        disabled={isBusy}
        aria-label={`View portal of ${company}`}
        title="View portal (read only)"
      >
        <Eye className="h-4 w-4" aria-hidden />
        <span className="hidden 2xl:inline">View portal</span>
      </Button>
      <Toast toast={toast} />
    </>
  );
}
