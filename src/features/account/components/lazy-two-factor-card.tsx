"use client";

import dynamic from "next/dynamic";

/**
 * The two-factor card as a chunk of its own, for pages that show it only in one of their views
 * (the portal's enrolment): the other views do not load its code.
 */
export const LazyTwoFactorCard = dynamic(() => import("./two-factor-card").then((m) => m.TwoFactorCard));
