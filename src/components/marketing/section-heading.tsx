import type { ReactNode } from "react";

/** Eyebrow, h2 and lead paragraph shared by the landing sections. */
export function SectionHeading({ id, eyebrow, title, children }: { id: string; eyebrow: string; title: ReactNode; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl text-center">
      <p className="inline-flex rounded-full border border-cyan-500/30 bg-cyan-500/10 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-cyan-200">
        {eyebrow}
      </p>
      <h2 id={id} className="mt-4 text-3xl font-bold tracking-tight text-heading sm:text-4xl">
        {title}
      </h2>
      {children ? <p className="mt-4 text-lg text-slate-300">{children}</p> : null}
    </div>
  );
}
