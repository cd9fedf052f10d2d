"use client";

import dynamic from "next/dynamic";
import { pendingUntilHydrated } from "@/components/hydration-marker";

// An invoice opened from Billing as a chunk of its own: the portal's other sections do not load it.
export const LazyPortalInvoiceView = dynamic(() => import("./portal-invoice-view").then((m) => pendingUntilHydrated(m.PortalInvoiceView)));
