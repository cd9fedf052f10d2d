"use client";

import dynamic from "next/dynamic";
import { pendingUntilHydrated } from "@/components/hydration-marker";

// The forms of an open finding, as chunks of their own: the portal's other sections, and the
// findings list, do not load their validation code.
export const LazyFindingCommentForm = dynamic(() =>
  import("@/features/findings/components/finding-comment-form").then((m) => pendingUntilHydrated(m.FindingCommentForm)),
);
export const LazyFindingClientActions = dynamic(() =>
  import("./finding-client-actions").then((m) => pendingUntilHydrated(m.FindingClientActions)),
);
export const LazyFindingOwnerForm = dynamic(() =>
  import("@/features/findings/components/finding-owner-form").then((m) => pendingUntilHydrated(m.FindingOwnerForm)),
);
export const LazyModelVersionForm = dynamic(() => import("./model-version-forms").then((m) => pendingUntilHydrated(m.ModelVersionForm)));
export const LazyRetestOnVersionForm = dynamic(() =>
  import("./model-version-forms").then((m) => pendingUntilHydrated(m.RetestOnVersionForm)),
);
export const LazyReproducerDownload = dynamic(() =>
  import("./reproducer-download").then((m) => pendingUntilHydrated(m.ReproducerDownload)),
);
export const LazyRunUpload = dynamic(() => import("./run-upload").then((m) => pendingUntilHydrated(m.RunUpload)));
