import { LegalPage, LegalSection } from "@/components/marketing/legal/legal-page";
import { publicPageMetadata } from "@/components/marketing/page-metadata";
import { siteConfig } from "@/config/site";
import { LEGAL_PAGES } from "@/lib/legal-pages";

// The Privacy Policy, prerendered like the landing page (docs/PRODUCT.md#legal-pages).

const name = siteConfig.name;

export const metadata = publicPageMetadata({
  ...LEGAL_PAGES.privacy,
  description: `How ${name} collects, uses, shares and protects personal information, and the rights you have over it.`,
});

export default function PrivacyPolicyPage() {
  return (
    <LegalPage
      title={LEGAL_PAGES.privacy.title}
      intro={
        <p>
          {name} (&ldquo;{name}&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo; or &ldquo;our&rdquo;) is a consultancy providing AI security
          assessment, AI governance and AI engineering services. This Privacy Policy explains what personal information we collect when you
          visit our website, send us an inquiry or use our client portal (together, the &ldquo;Services&rdquo;), how we use and share it,
          how we protect it and the choices and rights you have.
        </p>
      }
    >
      <LegalSection id="scope" title="1. Scope">
        <p>
          This policy applies to personal information we handle as the party deciding how and why it is used. It does not cover information
          we process on behalf of our clients during an engagement, for example data contained in systems we assess. That information is
          handled under the confidentiality and data-protection terms of the agreement with the client concerned, and the client&rsquo;s own
          privacy notice applies to it.
        </p>
      </LegalSection>

      <LegalSection id="collection" title="2. Information we collect">
        <h3>Information you give us</h3>
        <ul>
          <li>
            <strong>Contact inquiries:</strong> your name, email address, company, the service you are interested in and the content of your
            message.
          </li>
          <li>
            <strong>Client portal accounts:</strong> your name, business email address, company, phone number, postal address and password.
            We store passwords only as salted, one-way hashes.
          </li>
          <li>
            <strong>Engagement information:</strong> service bookings, project details, documents we exchange with you and correspondence
            about our work together.
          </li>
          <li>
            <strong>Billing information:</strong> invoice details, amounts and payment status. Card and bank payments are processed by our
            payment provider; we never receive or store full card numbers or bank credentials.
          </li>
        </ul>
        <h3>Information collected automatically</h3>
        <ul>
          <li>
            <strong>Server and security logs:</strong> IP address, browser type, pages requested, date and time and referring page. We use
            them to keep the Services secure and available, for example to limit repeated form submissions from one network and to
            investigate attempts to misuse our systems.
          </li>
          <li>
            <strong>Cookies:</strong> only the cookies needed to keep you signed in to the client portal, described in section 8.
          </li>
        </ul>
        <p>
          We do not use third-party advertising, tracking pixels or analytics services that follow you across other websites, and we do not
          buy personal information from data brokers.
        </p>
      </LegalSection>

      <LegalSection id="use" title="3. How we use information">
        <ul>
          <li>To answer your inquiry, arrange a consultation and prepare proposals you ask for.</li>
          <li>To deliver our services, run the client portal, share deliverables and manage projects.</li>
          <li>To invoice, collect payments and keep accounting records.</li>
          <li>To protect the Services, our clients and ourselves against fraud, spam, abuse and security incidents.</li>
          <li>To send service messages such as acknowledgements, password resets and engagement updates.</li>
          <li>To meet legal, regulatory, tax and audit obligations, and to establish or defend legal claims.</li>
          <li>To improve our website and services, using aggregated information that does not identify you.</li>
        </ul>
        <p>
          We do not use your personal information or your documents to train artificial intelligence models, and we do not make decisions
          about you based solely on automated processing that produce legal or similarly significant effects. Where the law requires a legal
          basis (for example the EU and UK GDPR), we rely on performing a contract with you or taking steps at your request before one, our
          legitimate interests in running and securing our business, compliance with legal obligations, and your consent where we ask for
          it.
        </p>
      </LegalSection>

      <LegalSection id="sharing" title="4. How we share information">
        <p>We do not sell personal information. We share it only as follows:</p>
        <ul>
          <li>
            <strong>Service providers</strong> that host our systems, deliver email, store files and process payments, bound by contract to
            use the information only to provide their services to us and to protect it.
          </li>
          <li>
            <strong>Professional advisers</strong> such as lawyers, accountants and auditors, under duties of confidentiality.
          </li>
          <li>
            <strong>Authorities and legal process</strong> when we are required to by law, or when disclosure is necessary to protect the
            rights, property or safety of our clients, the public or ourselves.
          </li>
          <li>
            <strong>Business transfers:</strong> to a successor in a merger, acquisition or sale of assets, who must continue to protect the
            information as described here.
          </li>
          <li>
            <strong>With your consent</strong> or at your direction, for example when you ask us to coordinate with another of your vendors.
          </li>
        </ul>
        <p>
          We do not &ldquo;sell&rdquo; or &ldquo;share&rdquo; personal information for cross-context behavioral advertising as those terms
          are defined in the California Consumer Privacy Act, and have not done so in the past 12 months.
        </p>
      </LegalSection>

      <LegalSection id="retention" title="5. How long we keep information">
        <p>
          We keep personal information only as long as we need it for the purposes above. Inquiries that do not lead to an engagement are
          deleted within 24 months. Client account and engagement records are kept for the duration of the relationship and then for up to
          seven years to meet accounting, tax and legal obligations. Security logs are kept for up to 90 days unless needed to investigate
          an incident. When information is no longer needed we delete it or make it anonymous.
        </p>
      </LegalSection>

      <LegalSection id="security" title="6. How we protect information">
        <p>
          Security is our profession and we apply it to our own systems: encryption in transit, hashed passwords, role-based access limited
          to the people who need it, expiring signed links for document downloads, logging of administrative actions, rate limiting against
          automated abuse and regular review of our controls. No method of transmission or storage is completely secure, so we cannot
          guarantee absolute security. If a breach affects your personal information, we will notify you and the authorities as the law
          requires.
        </p>
      </LegalSection>

      <LegalSection id="rights" title="7. Your rights and choices">
        <p>Depending on where you live, you may have the right to:</p>
        <ul>
          <li>know what personal information we hold about you and receive a copy of it;</li>
          <li>have inaccurate information corrected;</li>
          <li>have your information deleted;</li>
          <li>receive your information in a portable format;</li>
          <li>object to or ask us to restrict certain processing;</li>
          <li>withdraw consent at any time, where we rely on consent;</li>
          <li>not be discriminated against for exercising any of these rights.</li>
        </ul>
        <h3>California residents</h3>
        <p>
          Under the California Consumer Privacy Act, as amended by the California Privacy Rights Act, you have the rights to know, delete
          and correct personal information, to opt out of its sale or sharing (we do neither) and to limit the use of sensitive personal
          information (we use it only as permitted without that limit). You may use an authorized agent to make a request on your behalf. We
          respond within 45 days.
        </p>
        <h3>European Economic Area, United Kingdom and Switzerland</h3>
        <p>
          You have the rights listed above under the GDPR and equivalent laws, and you may lodge a complaint with your local data protection
          authority. We respond within one month.
        </p>
        <p>
          To exercise a right, email us at{" "}
          <a href={`mailto:${siteConfig.contactEmail}`} className="text-accent hover:text-cyan-200">
            {siteConfig.contactEmail}
          </a>
          . We will verify your request by confirming it from the email address we have on file before acting on it. You can also update
          most portal account details yourself in the client portal&rsquo;s settings.
        </p>
      </LegalSection>

      <LegalSection id="cookies" title="8. Cookies">
        <p>
          Our public pages set no cookies. The client portal uses strictly necessary cookies only: a session cookie that keeps you signed in
          and protects your account against forged requests. It is marked HttpOnly and, on our production site, Secure, and it expires when
          you sign out, when the session ends or, if you choose &ldquo;Remember me&rdquo;, after a limited period. We do not use
          advertising, analytics or social media cookies. You can block or delete cookies in your browser settings, but the client portal
          cannot keep you signed in without its session cookie.
        </p>
      </LegalSection>

      <LegalSection id="children" title="9. Children's privacy">
        <p>
          Our Services are intended for businesses and are not directed to anyone under 18 years of age. We do not knowingly collect
          personal information from people under 18, and we do not provide services to them. If you believe a person under 18 has given us
          personal information, contact us and we will delete it.
        </p>
      </LegalSection>

      <LegalSection id="transfers" title="10. International transfers">
        <p>
          We are based in the United States and process information there and in the countries where our service providers operate. When we
          transfer personal information from the EEA, the United Kingdom or Switzerland, we rely on safeguards recognized by those
          jurisdictions, such as the European Commission&rsquo;s Standard Contractual Clauses.
        </p>
      </LegalSection>

      <LegalSection id="links" title="11. Other websites">
        <p>
          Our website links to other sites, such as our blog platform and social networks. Their own privacy policies apply to the
          information they collect; we are not responsible for their practices.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="12. Changes to this policy">
        <p>
          We may update this policy when our practices or the law change. The date at the top shows when it was last revised. If a change
          materially affects how we use information we already hold, we will tell clients by email or in the client portal before it takes
          effect.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
