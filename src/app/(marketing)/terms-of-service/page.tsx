import { LegalDocumentPage, legalPageMetadata } from "@/components/marketing/legal/legal-documents";

export const metadata = legalPageMetadata("terms");

export default function TermsOfServicePage() {
  return <LegalDocumentPage page="terms" />;
}
