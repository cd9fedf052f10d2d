import { siteConfig } from "@/config/site";
import { LEGAL_PAGES } from "@/lib/legal-pages";
import { BrandMark } from "./brand-mark";
import { CurrentYear } from "./current-year";
import { sectionHref } from "./nav-items";
import { SERVICES } from "./services-data";
import { SocialIcon, type SocialNetwork } from "./social-icons";
import { Icon } from "./icon";

const SOCIAL = (
  [
    { network: "linkedin", label: "LinkedIn", href: siteConfig.social.linkedin },
    { network: "github", label: "GitHub", href: siteConfig.social.github },
    { network: "x", label: "X (Twitter)", href: siteConfig.social.x },
  ] satisfies { network: SocialNetwork; label: string; href: string | null }[]
).flatMap((item) => (item.href ? [{ ...item, href: item.href }] : []));

const COMPANY_LINKS = [
  { label: "Client Portal", href: "/client-portal" },
  { label: "Contact Us", href: sectionHref("contact") },
  ...Object.values(LEGAL_PAGES).map(({ title, path }) => ({ label: title, href: path })),
];

const linkClass = "text-sm text-slate-400 transition-colors hover:text-accent";
const iconLinkClass =
  "inline-flex h-10 w-10 items-center justify-center rounded-lg border border-slate-800 text-slate-300 transition-colors hover:border-accent hover:text-accent";

// Rendered into the prerendered pages: the year is the build's until the page runs (CurrentYear).
export function SiteFooter() {
  return (
    <footer className="below-fold border-t border-slate-800 bg-surface/40">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-4 py-12 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div className="col-span-2 space-y-4">
          <a href={sectionHref("home")} className="inline-flex items-center gap-2 rounded-md font-semibold">
            <BrandMark className="h-8 w-8" />
            <span>{siteConfig.name}</span>
          </a>
          <p className="max-w-sm text-sm text-slate-400">
            Security assessment, governance and engineering acceleration for companies building with AI.
          </p>
          <ul className="flex gap-3" aria-label="Social and email">
            {SOCIAL.map((item) => (
              <li key={item.network}>
                <a href={item.href} target="_blank" rel="noopener noreferrer" className={iconLinkClass}>
                  <SocialIcon network={item.network} className="h-4 w-4" />
                  <span className="sr-only">{item.label} (opens in a new tab)</span>
                </a>
              </li>
            ))}
            <li>
              <a href={`mailto:${siteConfig.contactEmail}`} className={iconLinkClass}>
                <Icon name="Mail" className="h-4 w-4" />
                <span className="sr-only">Email {siteConfig.contactEmail}</span>
              </a>
            </li>
          </ul>
        </div>
        <FooterLinks title="Services" links={SERVICES.map((service) => ({ label: service.title, href: sectionHref("services") }))} />
        <FooterLinks title="Company" links={COMPANY_LINKS} />
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-slate-400 sm:px-6 lg:px-8">
          © {siteConfig.copyrightStartYear}–<CurrentYear builtIn={new Date().getFullYear()} /> {siteConfig.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

function FooterLinks({ title, links }: { title: string; links: { label: string; href: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold uppercase tracking-wider text-slate-200">{title}</h2>
      <ul className="mt-4 space-y-3">
        {links.map((link) => (
          <li key={link.label}>
            <a href={link.href} className={linkClass}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
