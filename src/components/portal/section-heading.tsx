import type { ReactNode } from "react";

export const SECTION_HEADING_ID = "portal-section-heading";

/** The section's title (h1): focused after a section switch so screen readers announce it. */
export function SectionHeading({ title, description, aside }: { title: string; description?: ReactNode; aside?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 id={SECTION_HEADING_ID} tabIndex={-1} className="text-2xl font-bold focus:outline-none md:text-3xl">
          {title}
        </h1>
        {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      </div>
      {aside}
    </div>
  );
}
