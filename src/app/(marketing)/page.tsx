import { AboutSection } from "@/components/marketing/about-section";
import { ContactSection } from "@/components/marketing/contact-section";
import { ContactSectionForm } from "@/features/inquiries/components/contact-section-form";
import { HeroSection } from "@/components/marketing/hero-section";
import { HydrateWhenIdle } from "@/components/marketing/hydrate-when-idle";
import { publicPageMetadata } from "@/components/marketing/page-metadata";
import { RenderAfter } from "@/components/marketing/render-after";
import { ServicesSection } from "@/components/marketing/services-section";
import { siteConfig } from "@/config/site";

export const metadata = publicPageMetadata({
  path: "/",
  title: `${siteConfig.name} | AI Security Assessment, Governance and Engineering`,
  absoluteTitle: true,
  description:
    "AI security assessment, AI governance and AI engineering acceleration from Big Four-trained consultants. A reply within 24 hours and a free 30-minute strategy session.",
});

// Static: nothing here reads the database or the request; the page is rendered at build time.
export default function HomePage() {
  return (
    <main id="main-content" tabIndex={-1} className="focus:outline-none">
      {/* The first screen appears whole: header and hero (the terminal arrives after the text). */}
      <RenderAfter id="about" />
      {/* Every part is hydrated in short slices after the page's script starts (HydrateWhenIdle). */}
      <HydrateWhenIdle>
        <HeroSection />
      </HydrateWhenIdle>
      <HydrateWhenIdle>
        <AboutSection />
      </HydrateWhenIdle>
      <HydrateWhenIdle>
        <ServicesSection />
      </HydrateWhenIdle>
      <HydrateWhenIdle>
        <ContactSection form={<ContactSectionForm />} />
      </HydrateWhenIdle>
    </main>
  );
}
