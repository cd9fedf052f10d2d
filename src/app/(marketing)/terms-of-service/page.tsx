import { LegalPage, LegalSection } from "@/components/marketing/legal/legal-page";
import { publicPageMetadata } from "@/components/marketing/page-metadata";
import { siteConfig } from "@/config/site";
import { LEGAL_PAGES } from "@/lib/legal-pages";

// The Terms of Service, prerendered like the landing page (docs/PRODUCT.md#legal-pages).

const name = siteConfig.name;

export const metadata = publicPageMetadata({
  ...LEGAL_PAGES.terms,
  description: `The terms that govern use of the ${name} website, client portal and consulting services.`,
});

export default function TermsOfServicePage() {
  return (
    <LegalPage
      title={LEGAL_PAGES.terms.title}
      intro={
        <p>
          These Terms of Service (the &ldquo;Terms&rdquo;) govern your use of the website and client portal of {name} (&ldquo;{name}&rdquo;,
          &ldquo;we&rdquo;, &ldquo;us&rdquo; or &ldquo;our&rdquo;) and the consulting services we provide. By using the website or the
          client portal, or by engaging us, you agree to these Terms. If you accept them on behalf of a company or other organization, you
          confirm that you are authorized to bind it, and &ldquo;you&rdquo; refers to that organization.
        </p>
      }
    >
      <LegalSection id="services" title="1. Our services">
        <p>
          {name} provides professional consulting in three areas: AI security assessment (reviewing and testing AI systems for
          vulnerabilities), AI readiness and governance (policies, controls, risk management and regulatory readiness for AI) and AI
          engineering consulting (helping engineering teams adopt AI-assisted development safely and productively).
        </p>
        <p>
          Each engagement is described in a proposal, statement of work or services agreement signed by both parties (an &ldquo;Engagement
          Agreement&rdquo;). If an Engagement Agreement conflicts with these Terms, the Engagement Agreement prevails for that engagement.
          Information on our website is general and is not professional advice for your particular situation until we agree an engagement.
        </p>
      </LegalSection>

      <LegalSection id="eligibility" title="2. Eligibility">
        <p>
          Our services are offered to businesses and to individuals who are at least 18 years old and able to form a binding contract. We do
          not provide services to, or accept engagements from, anyone under 18, and people under 18 may not create a client portal account.
        </p>
      </LegalSection>

      <LegalSection id="accounts" title="3. Client portal accounts">
        <p>
          We create client portal accounts for our clients. You are responsible for keeping your sign-in credentials confidential, for all
          activity under your account and for telling us at once if you suspect unauthorized use. We may suspend an account to protect it,
          you or our systems, and will tell you why unless the law or a security investigation prevents it.
        </p>
      </LegalSection>

      <LegalSection id="acceptable-use" title="4. Acceptable use">
        <p>When using the website or the client portal you agree not to:</p>
        <ul>
          <li>break any law or infringe anyone&rsquo;s rights;</li>
          <li>
            probe, scan or test the vulnerability of our systems, or circumvent any security or authentication measure, without our prior
            written authorization;
          </li>
          <li>interfere with or overload the Services, or introduce malware;</li>
          <li>access data that is not yours, or use automated means to scrape or copy the Services;</li>
          <li>impersonate anyone or submit false or misleading information, including through the contact form.</li>
        </ul>
        <p>
          Security researchers who believe they have found a vulnerability in our systems are welcome to report it to us by email; we will
          not pursue good-faith reports that respect these Terms and the privacy of others.
        </p>
      </LegalSection>

      <LegalSection id="authorization" title="5. Authorization for security testing">
        <p>
          We test only systems that are named in an Engagement Agreement, within its written scope and time window. By asking us to test a
          system, you confirm that you own it or have obtained every authorization needed, including from hosting providers and other third
          parties whose permission is required. You remain responsible for backups and for telling us about systems that must not be
          disrupted.
        </p>
      </LegalSection>

      <LegalSection id="fees" title="6. Fees and payment">
        <p>
          Fees, rates, payment schedules and expenses are set out in the Engagement Agreement or on the invoice. Invoices are payable by the
          due date shown through the payment methods our payment provider offers. Support plan subscriptions are billed monthly in advance
          and may be cancelled at any time, taking effect at the end of the current billing period. Fees exclude taxes, which you pay except
          for taxes on our income. We may pause work on an engagement while an undisputed invoice is overdue, after giving you written
          notice.
        </p>
      </LegalSection>

      <LegalSection id="confidentiality" title="7. Confidentiality">
        <p>
          Each party will keep the other&rsquo;s confidential information confidential, use it only for the engagement and protect it with
          at least reasonable care. Findings, vulnerabilities and reports about your systems are your confidential information. These
          obligations do not apply to information that is public through no fault of the receiving party, already known to it, independently
          developed or lawfully received from a third party, and they give way to disclosures required by law after notice where the law
          allows it.
        </p>
      </LegalSection>

      <LegalSection id="intellectual-property" title="8. Intellectual property">
        <p>
          The website, its content and our methods, tools, templates and know-how belong to us or our licensors. Unless the Engagement
          Agreement says otherwise, once paid in full you own the deliverables we create specifically for you, and you receive a perpetual,
          non-exclusive license to use any of our pre-existing materials included in them for your internal business purposes.
        </p>
      </LegalSection>

      <LegalSection id="no-guarantee" title="9. No guarantee of outcomes">
        <p>
          Security assessments reduce risk but cannot prove that a system has no vulnerabilities, and no control makes a system immune to
          attack. Figures on our website, such as review speed, defect reduction, delivery time, velocity, satisfaction, return on
          investment and savings, describe results of past engagements or illustrate typical outcomes. They are not a promise of the results
          you will achieve.
        </p>
      </LegalSection>

      <LegalSection id="disclaimers" title="10. Disclaimers">
        <p>
          Except as expressly stated in an Engagement Agreement, the website and the client portal are provided &ldquo;as is&rdquo; and
          &ldquo;as available&rdquo;, and we disclaim all implied warranties, including merchantability, fitness for a particular purpose
          and non-infringement, to the fullest extent the law allows.
        </p>
      </LegalSection>

      <LegalSection id="liability" title="11. Limitation of liability">
        <p>
          To the fullest extent the law allows, neither party is liable for indirect, incidental, special, consequential or punitive
          damages, or for lost profits, revenue or data, and our total liability arising out of the Services or these Terms is limited to
          the fees you paid us in the 12 months before the event giving rise to the claim. These limits do not apply to liability that
          cannot be limited by law, including for fraud or gross negligence.
        </p>
      </LegalSection>

      <LegalSection id="indemnity" title="12. Indemnification">
        <p>
          You will defend and indemnify us against third-party claims arising from your breach of these Terms, from systems you asked us to
          test without the authorization described in section 5, or from your misuse of the Services.
        </p>
      </LegalSection>

      <LegalSection id="third-parties" title="13. Third-party services">
        <p>
          Some features rely on third parties, such as our payment provider for invoices and subscriptions. Their terms apply to your use of
          their services, and we are not responsible for them.
        </p>
      </LegalSection>

      <LegalSection id="termination" title="14. Suspension and termination">
        <p>
          You may stop using the Services at any time. Engagements end as their Engagement Agreement provides. We may suspend or end access
          to the website or the client portal if you materially breach these Terms. Sections that by their nature should survive (including
          confidentiality, intellectual property, payment, disclaimers, limitation of liability and governing law) survive termination.
        </p>
      </LegalSection>

      <LegalSection id="governing-law" title="15. Governing law and disputes">
        <p>
          These Terms and any dispute arising out of them or the Services are governed by the laws of the State of California, without
          regard to its conflict-of-laws rules. The state and federal courts located in California have exclusive jurisdiction, and both
          parties consent to their jurisdiction and venue. Before going to court, each party will try in good faith to resolve a dispute
          through discussion between senior representatives for at least 30 days.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="16. Changes to these Terms">
        <p>
          We may update these Terms. The date at the top shows the latest version. Changes apply from that date to new use of the website
          and the client portal; they do not change an Engagement Agreement already signed.
        </p>
      </LegalSection>

      <LegalSection id="general" title="17. General">
        <p>
          These Terms, together with any Engagement Agreement, are the entire agreement between you and us about their subject. If a
          provision is unenforceable, the rest remains in effect. Failing to enforce a provision is not a waiver. Neither party may assign
          these Terms without the other&rsquo;s consent, except to a successor of its business. We are not liable for delays caused by
          events beyond our reasonable control.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
