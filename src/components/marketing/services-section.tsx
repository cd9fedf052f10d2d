import { SectionHeading } from "./section-heading";
import { ServiceFeatures } from "./service-features";
import { SERVICES, type ServiceCard } from "./services-data";
import { Icon, type IconName } from "./icon";

const ICONS: Record<ServiceCard["icon"], IconName> = { assessment: "ShieldCheck", governance: "Scale", acceleration: "Zap" };

export function ServicesSection() {
  return (
    <section
      id="services"
      tabIndex={-1}
      aria-labelledby="services-heading"
      className="below-fold border-y border-slate-800/60 bg-surface/30 py-20 focus:outline-none sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="services-heading" eyebrow="Services" title="Three ways we make AI safe and productive">
          From a first assessment to board-level governance and faster engineering teams, each engagement is run by senior consultants and
          ends with results you can measure.
        </SectionHeading>
        <ul className="mt-12 grid items-start gap-6 lg:grid-cols-3">
          {SERVICES.map((service) => {
            return (
              <li key={service.id} className="flex flex-col rounded-2xl border border-slate-800 bg-background/80 p-6 sm:p-8">
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-cyan-500/10 text-accent">
                  <Icon name={ICONS[service.icon]} className="h-6 w-6" />
                </span>
                <h3 className="mt-5 text-xl font-semibold text-heading">{service.title}</h3>
                <p className="mt-3 text-slate-300">{service.description}</p>
                <ServiceFeatures
                  panelId={`${service.id}-features`}
                  title={service.title}
                  chevron={<Icon name="ChevronDown" className="h-4 w-4" />}
                >
                  <h4 className="text-sm font-semibold uppercase tracking-wider text-cyan-200">Key Features</h4>
                  <ul className="mt-3 space-y-2">
                    {service.features.map((feature) => (
                      <li key={feature} className="flex gap-2 text-sm text-slate-300">
                        <Icon name="Check" className="mt-0.5 h-4 w-4 shrink-0 text-emerald-400" />
                        {feature}
                      </li>
                    ))}
                  </ul>
                </ServiceFeatures>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
