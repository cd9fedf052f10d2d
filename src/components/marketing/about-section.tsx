import { SectionHeading } from "./section-heading";
import { Icon } from "./icon";

const TILES = [
  { icon: "Award", value: "Big 4", label: "Consulting pedigree", text: "Trained in Big Four cybersecurity and risk advisory practices." },
  {
    icon: "Building",
    value: "Fortune 500",
    label: "Enterprise experience",
    text: "Security programs delivered for Fortune 500 organizations.",
  },
  {
    icon: "Rocket",
    value: "Production",
    label: "Hands-on delivery",
    text: "We secure and ship AI systems that run in production, not slideware.",
  },
  { icon: "ShieldCheck", value: "Zero", label: "Breaches", text: "No breaches in the client AI systems we have assessed and hardened." },
] as const;

export function AboutSection() {
  return (
    <section id="about" tabIndex={-1} aria-labelledby="about-heading" className="below-fold py-20 focus:outline-none sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="about-heading" eyebrow="About us" title="Big Four security discipline, built for the AI era">
          Our consultants spent years in Big Four cybersecurity and risk advisory practices, securing critical systems for Fortune 500
          enterprises in finance, healthcare and technology. Today we work on one problem: making AI systems safe to run in production.
        </SectionHeading>
        <div className="mx-auto mt-10 max-w-3xl space-y-4 text-slate-300">
          <p>
            Large language models, agents and AI-assisted engineering change what an attacker can reach and how fast your teams ship. We
            bring the rigor of enterprise security assessments (threat modeling, evidence-based findings, controls your auditors recognize)
            to the way AI is actually built and deployed.
          </p>
          <p>
            We are practitioners, not slide-makers: we test real systems, write the fixes with your engineers and stay until they are in
            production.
          </p>
        </div>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {TILES.map(({ icon, value, label, text }) => (
            <li key={value} className="rounded-xl border border-slate-800 bg-surface/70 p-6">
              <Icon name={icon} className="h-6 w-6 text-accent" />
              <p className="mt-4 text-3xl font-bold text-heading">{value}</p>
              <p className="mt-1 text-sm font-semibold text-cyan-200">{label}</p>
              <p className="mt-2 text-sm text-slate-400">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
