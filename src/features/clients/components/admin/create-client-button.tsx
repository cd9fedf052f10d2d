"use client";

import { UserPlus } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * The Create New Client dialog (its form and validation) loads when it is first opened, not with
 * the pages that show this button (the dashboard, the clients list). Its empty fallback is this
 * dialog's own Suspense boundary, so loading it never blanks the page behind.
 */
export const LazyCreateClientDialog = dynamic(() => import("./create-client-dialog").then((m) => m.CreateClientDialog), {
  loading: () => null,
});

/** 'Create New Client': the form, then the invitation's confirmation with a copyable link. */
export function CreateClientButton({ variant = "primary" }: { variant?: "primary" | "secondary" }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        <UserPlus className="h-4 w-4" aria-hidden />
        Create New Client
      </Button>
      {open ? <LazyCreateClientDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
