import { LegalDocumentPage, legalPageMetadata } from "@/components/marketing/legal/legal-documents";

export const metadata = legalPageMetadata("privacy");

export default function PrivacyPolicyPage() {
  return <LegalDocumentPage page="privacy" />;
}
