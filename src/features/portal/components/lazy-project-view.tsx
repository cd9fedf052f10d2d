"use client";

import dynamic from "next/dynamic";
import { pendingUntilHydrated } from "@/components/hydration-marker";

// The project view as a chunk of its own: its panels (the authorization's signature with its
// passkey ceremony, the letters, the evidence packs and coverage, the timeline) are code that only
// this view uses, so the portal's other sections do not load it.
export const LazyProjectView = dynamic(() => import("./project-view").then((m) => pendingUntilHydrated(m.ProjectView)));
export const LazyProjectNotFound = dynamic(() => import("./project-view").then((m) => pendingUntilHydrated(m.ProjectNotFound)));
