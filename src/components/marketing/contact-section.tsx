import type { ReactNode } from "react";
import { siteConfig } from "@/config/site";
import { Icon } from "./icon";

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4 rounded-xl border border-slate-800 bg-surface/70 p-5">
      <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-cyan-500/10 text-accent">{icon}</span>
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
        {/* On a phone the form comes first, so /#contact lands on it (the cards follow it); from md up
            the three cards sit in a row above it. */}
        <div className="mt-10 flex flex-col md:mt-12">
          <ul className="order-2 mt-10 grid gap-4 md:order-1 md:mt-0 md:grid-cols-3">
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
          <div id="contact-form" className="order-1 scroll-mt-24 md:order-2 md:mt-10">
            {form}
          </div>
        </div>
      </div>
    </section>
  );
}
