import { ThemeToggle } from "./theme-toggle";
import { siteConfig } from "@/config/site";
import { BrandMark } from "./brand-mark";
import { HeaderShell } from "./header-shell";
import { MobileMenu } from "./mobile-menu";
import { SECTION_LINKS, sectionHref } from "./nav-items";
import { Icon } from "./icon";

const navLinkClass = "rounded-md px-3 py-2 text-sm font-medium text-slate-300 transition-colors hover:bg-white/5 hover:text-foreground";

const menuItemClass = "block rounded-md px-3 py-3 text-base font-medium text-slate-200 hover:bg-surface-2 hover:text-foreground";

export function SiteHeader() {
  return (
    <HeaderShell>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <a href={sectionHref("home")} className="flex items-center gap-2 rounded-md font-semibold text-foreground">
          <BrandMark className="h-8 w-8" />
          <span>{siteConfig.name}</span>
        </a>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {SECTION_LINKS.map((link) => (
            <a key={link.id} href={sectionHref(link.id)} className={navLinkClass}>
              {link.label}
            </a>
          ))}
          <a
            href={siteConfig.blogUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={`${navLinkClass} inline-flex items-center gap-1`}
          >
            Blog
            <Icon name="ExternalLink" className="h-3.5 w-3.5" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          <a
            href="/client-portal"
            className="hidden h-10 items-center rounded-md bg-accent-strong px-4 text-sm font-semibold text-slate-950 transition-colors hover:bg-accent md:inline-flex"
          >
            Client Login
          </a>
          <MobileMenu openIcon={<Icon name="Menu" className="h-6 w-6" />} closeIcon={<Icon name="X" className="h-6 w-6" />}>
            <nav aria-label="Mobile">
              <ul className="space-y-1">
                {SECTION_LINKS.map((link) => (
                  <li key={link.id}>
                    <a href={sectionHref(link.id)} className={menuItemClass}>
                      {link.label}
                    </a>
                  </li>
                ))}
                <li>
                  <a href={siteConfig.blogUrl} target="_blank" rel="noopener noreferrer" className={menuItemClass}>
                    Blog<span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
                <li className="pt-2">
                  <a
                    href="/client-portal"
                    className="block rounded-md bg-accent-strong px-3 py-3 text-center text-base font-semibold text-slate-950 hover:bg-accent"
                  >
                    Client Login
                  </a>
                </li>
              </ul>
            </nav>
          </MobileMenu>
        </div>
      </div>
    </HeaderShell>
  );
}
