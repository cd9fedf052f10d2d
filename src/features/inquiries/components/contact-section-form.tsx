import { ContactFormFields } from "./contact-form-fields";
import { ContactFormLoader } from "./contact-form-loader";

/** The contact form as the marketing site's contact section shows it (src/components/marketing/contact-section.tsx). */
export function ContactSectionForm() {
  return (
    <ContactFormLoader>
      <div className="relative">
        <ContactFormFields />
      </div>
    </ContactFormLoader>
  );
}
