"use client";

import dynamic from "next/dynamic";
import { pendingUntilHydrated } from "@/components/hydration-marker";

// The overage decision (with its confirmation dialog) as a chunk of its own: only the Retainer
// section shows it, and only while a request waits.
export const LazyOverageDecision = dynamic(() => import("./overage-decision").then((m) => pendingUntilHydrated(m.OverageDecision)));
