"use client";

import dynamic from "next/dynamic";
import { pendingUntilHydrated } from "@/components/hydration-marker";

// A finding's ticket buttons as a chunk of their own: only an open finding shows them.
export const LazyCreateTicketButton = dynamic(() =>
  import("./finding-ticket-actions").then((m) => pendingUntilHydrated(m.CreateTicketButton)),
);
export const LazyRefreshWhileFiling = dynamic(() =>
  import("./finding-ticket-actions").then((m) => pendingUntilHydrated(m.RefreshWhileFiling)),
);
