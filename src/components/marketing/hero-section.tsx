import { HeroTerminal } from "./hero-terminal";
import { sectionHref } from "./nav-items";
import { TERMINAL_LINES, TERMINAL_PREFIX } from "./terminal-script";
import { Icon } from "./icon";

const STATS = [
  { value: "98%", label: "Satisfaction" },
  { value: "50+", label: "Projects" },
  { value: "3x", label: "ROI" },
] as const;

export function HeroSection() {
  return (
    <section
      id="home"
      tabIndex={-1}
      aria-labelledby="hero-heading"
      className="relative overflow-hidden pb-16 pt-28 focus:outline-none sm:pt-32 lg:pb-24"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(34,211,238,0.16),transparent_60%)]"
      />
      <div className="relative mx-auto grid max-w-7xl items-start gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-cyan-500/30 bg-cyan-500/10 px-3 py-1 text-xs font-medium text-cyan-200">
            AI security consultancy
          </p>
          <h1 id="hero-heading" className="mt-6 text-4xl font-bold tracking-tight text-heading sm:text-5xl lg:text-6xl">
            Secure your AI. <span className="text-accent">Ship it faster.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-slate-300">
            Big Four-trained security consultants who assess, govern and harden your AI systems, and help your engineers deliver more with
            them. Every engagement starts with a free security consultation.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a
              href={sectionHref("contact")}
              className="inline-flex h-12 items-center justify-center gap-2 rounded-md bg-accent-strong px-6 font-semibold text-slate-950 transition-colors hover:bg-accent"
            >
              Get Started
              <Icon name="ArrowRight" className="h-4 w-4" />
            </a>
            <a
              href={sectionHref("services")}
              className="inline-flex h-12 items-center justify-center rounded-md border border-slate-700 bg-surface px-6 font-semibold text-foreground transition-colors hover:bg-surface-2"
            >
              Explore Services
            </a>
          </div>
          <dl className="mt-10 grid max-w-md grid-cols-3 gap-3">
            {STATS.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col-reverse rounded-xl border border-slate-800 bg-surface/70 px-3 py-4 text-center"
              >
                <dt className="text-xs text-slate-400">{stat.label}</dt>
                <dd className="mb-1 text-2xl font-bold text-accent">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <figure className="overflow-hidden rounded-xl border border-slate-800 bg-slate-950">
          <div className="flex items-center gap-2 border-b border-slate-800 bg-surface px-4 py-2.5" aria-hidden>
            <span className="h-3 w-3 rounded-full bg-red-400/80" />
            <span className="h-3 w-3 rounded-full bg-amber-300/80" />
            <span className="h-3 w-3 rounded-full bg-emerald-400/80" />
            <span className="ml-2 font-mono text-xs text-slate-400">sentinel — engagement.log</span>
          </div>
          <div className="p-4">
            <HeroTerminal />
          </div>
          <figcaption className="sr-only">Example engagement transcript</figcaption>
          <ol className="sr-only">
            {TERMINAL_LINES.map((line, index) => (
              <li key={index}>
                {line.kind === "command" ? TERMINAL_PREFIX.command : ""}
                {line.text}
              </li>
            ))}
          </ol>
        </figure>
      </div>
      <div className="relative mt-12 flex justify-center">
        <a
          href={sectionHref("services")}
          aria-label="Scroll down to services"
          className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-slate-700 text-slate-300 transition-colors hover:border-accent hover:text-accent"
        >
          <Icon name="ChevronDown" className="h-5 w-5 motion-safe:animate-bounce" />
        </a>
      </div>
    </section>
  );
}
