"use client";

import { Check, ChevronDown } from "lucide-react";
import { useState } from "react";

/** A service card's Learn More / Show Less disclosure revealing its six key features. */
export function ServiceFeatures({ serviceId, title, features }: { serviceId: string; title: string; features: readonly string[] }) {
  const [expanded, setExpanded] = useState(false);
  const panelId = `${serviceId}-features`;
  return (
    <>
      <div id={panelId} hidden={!expanded} className="mt-6 border-t border-slate-800 pt-5">
        <h4 className="text-sm font-semibold uppercase tracking-wider text-cyan-200">Key Features</h4>
        <ul className="mt-3 space-y-2">
          {features.map((feature) => (
            <li key={feature} className="flex gap-2 text-sm text-slate-300">
              <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-400" aria-hidden />
              {feature}
            </li>
          ))}
        </ul>
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
        <ChevronDown className={`h-4 w-4 transition-transform ${expanded ? "rotate-180" : ""}`} aria-hidden />
      </button>
    </>
  );
}
