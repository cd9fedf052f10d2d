import { SectionHeading } from "@/components/portal/section-heading";

/** The Retainer section of a company without a retainer (reached by its address only). */
export function NoRetainer() {
  return (
    <section aria-labelledby="portal-section-heading">
      <SectionHeading title="Retainer Hours" description="Your company has no retainer. Ask us about AI Engineering Acceleration." />
    </section>
  );
}
