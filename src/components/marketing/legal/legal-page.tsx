import Link from "next/link";
import type { ReactNode } from "react";
import { siteConfig } from "@/config/site";
import { LEGAL_UPDATED_TEXT } from "@/lib/legal-pages";
import { Icon } from "../icon";

/**
 * The layout both legal pages share (docs/PRODUCT.md#legal-pages): back link, title, date, the
 * page's introduction and sections (its own text, in its page.tsx), then how to reach us.
 */
export function LegalPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <main id="main-content" tabIndex={-1} className="mx-auto max-w-3xl px-4 pb-20 pt-28 focus:outline-none sm:px-6 sm:pt-32">
      <Link href="/" className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-accent hover:text-cyan-200">
        <Icon name="ArrowLeft" className="h-4 w-4" />
        Back to Home
      </Link>
      <h1 className="mt-6 text-4xl font-bold tracking-tight text-heading">{title}</h1>
      <p className="mt-3 text-sm text-slate-400">Last updated: {LEGAL_UPDATED_TEXT}</p>
      <div className="mt-8 text-lg text-slate-300">{intro}</div>
      <div className="mt-12 space-y-12">{children}</div>
      <section aria-labelledby="legal-contact" className="mt-12 rounded-xl border border-slate-800 bg-surface/70 p-6">
        <h2 id="legal-contact" className="text-xl font-semibold text-heading">
          Contact us
        </h2>
        <p className="mt-3 text-slate-300">
          Questions about this {title.toLowerCase()} or a request about your information? Write to us and we will reply within 24 hours on
          business days.
        </p>
        <dl className="mt-4 space-y-2 text-slate-300">
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-semibold text-slate-200">Company:</dt>
            <dd>{siteConfig.name}</dd>
          </div>
          <div className="flex flex-wrap items-center gap-x-2">
            <dt className="font-semibold text-slate-200">Email:</dt>
            <dd>
              <a href={`mailto:${siteConfig.contactEmail}`} className="inline-flex items-center gap-1 text-accent hover:text-cyan-200">
                <Icon name="Mail" className="h-4 w-4" />
                {siteConfig.contactEmail}
              </a>
            </dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-semibold text-slate-200">Website form:</dt>
            <dd>
              <Link href="/#contact" className="text-accent hover:text-cyan-200">
                Contact form on our home page
              </Link>
            </dd>
          </div>
        </dl>
      </section>
    </main>
  );
}

/** One numbered section of a legal page; paragraphs and lists inside get the page's prose styles. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-semibold text-heading">
        {title}
      </h2>
      <div className="mt-4 space-y-4 leading-7 text-slate-300 [&_a]:underline [&_a]:underline-offset-2 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-slate-100 [&_li]:mt-2 [&_strong]:text-slate-100 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6">
        {children}
      </div>
    </section>
  );
}
