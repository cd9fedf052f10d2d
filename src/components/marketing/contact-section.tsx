import type { ReactNode } from "react";
import { siteConfig } from "@/config/site";
import { Icon } from "./icon";

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3 rounded-xl border border-slate-800 bg-surface/70 p-3 md:gap-4 md:p-5">
      <span className="inline-flex h-9 w-9 shrink-0 md:h-11 md:w-11 items-center justify-center rounded-lg bg-cyan-500/10 text-accent">
        {icon}
      </span>
      <div className="min-w-0">
        <h3 className="font-semibold text-heading">{title}</h3>
        <div className="mt-1 text-sm text-slate-300">{children}</div>
      </div>
    </li>
  );
}

/** The site's contact section; `form` is the inquiries slice's contact form (the page passes it: a frame imports no slice). */
export function ContactSection({ form }: { form: ReactNode }) {
  return (
    <section id="contact" tabIndex={-1} aria-labelledby="contact-heading" className="below-fold py-20 focus:outline-none sm:py-24">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          <p className="inline-flex rounded-full border border-cyan-500/30 bg-cyan-500/10 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-cyan-200">
            Get In Touch
          </p>
          <h2 id="contact-heading" className="mt-4 text-3xl font-bold tracking-tight text-heading sm:text-4xl">
            Ready to secure your AI infrastructure?
          </h2>
          <p className="mt-4 text-lg text-slate-300">
            Tell us what you are building. We reply within 24 hours, and your first security consultation is free.
          </p>
        </div>
        {/* The cards come before the form on every width, so reading and Tab order follow what is seen;
            on a phone they are compact, so /#contact still shows the form's first field. */}
        <div className="mt-8 md:mt-12">
          <ul className="grid gap-2 md:grid-cols-3 md:gap-4">
            <InfoCard icon={<Icon name="Mail" className="h-5 w-5" />} title="Email Us">
              <a href={`mailto:${siteConfig.contactEmail}`} className="break-all text-accent hover:text-cyan-200">
                {siteConfig.contactEmail}
              </a>
            </InfoCard>
            <InfoCard icon={<Icon name="Clock" className="h-5 w-5" />} title="Fast Response">
              <p>Under 24 hours, on every inquiry.</p>
            </InfoCard>
            <InfoCard icon={<Icon name="CalendarCheck" className="h-5 w-5" />} title="Book Consultation">
              {/* A consultation is asked for through the form below, which the firm answers with a time. */}
              <p>
                <a href="#contact-form" className="text-accent hover:text-cyan-200">
                  Schedule a call
                </a>
                : a free 30-min strategy session.
              </p>
            </InfoCard>
          </ul>
          <div id="contact-form" className="mt-8 scroll-mt-24 md:mt-10">
            {form}
          </div>
        </div>
      </div>
    </section>
  );
}
