"use client";

import { useState, type ReactNode } from "react";

/**
 * A service card's Learn More / Show Less disclosure. The features list and the chevron are
 * rendered on the server (children, chevron); this island only holds the expanded state.
 */
export function ServiceFeatures({
  panelId,
  title,
  chevron,
  children,
}: {
  panelId: string;
  title: string;
  chevron: ReactNode;
  children: ReactNode;
}) {
  const [expanded, setExpanded] = useState(false);
  return (
    <>
      <div id={panelId} hidden={!expanded} className="mt-6 border-t border-slate-800 pt-5">
        {children}
      </div>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => setExpanded((value) => !value)}
        className="mt-6 inline-flex items-center gap-1 self-start rounded-md text-sm font-semibold text-accent hover:text-cyan-200"
      >
        {expanded ? "Show Less" : "Learn More"}
        <span className="sr-only"> about {title}</span>
        <span className={`inline-flex transition-transform ${expanded ? "rotate-180" : ""}`}>{chevron}</span>
      </button>
    </>
  );
}
