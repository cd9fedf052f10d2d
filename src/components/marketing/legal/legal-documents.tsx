import { publicPageMetadata } from "@/components/marketing/page-metadata";
import { LEGAL_PAGES, type LegalPageKey } from "@/lib/legal-pages";
import { LegalPage, type LegalDocument } from "./legal-page";
import { privacyPolicy } from "./privacy-policy";
import { termsOfService } from "./terms-of-service";

// Each legal page's route renders its document through these two, so the pages differ only in
// their text (docs/PRODUCT.md#legal-pages).

const LEGAL_DOCUMENTS: Record<LegalPageKey, LegalDocument> = { privacy: privacyPolicy, terms: termsOfService };

export function legalPageMetadata(key: LegalPageKey) {
  return publicPageMetadata({ ...LEGAL_PAGES[key], description: LEGAL_DOCUMENTS[key].description });
}

export function LegalDocumentPage({ page }: { page: LegalPageKey }) {
  const { intro, body } = LEGAL_DOCUMENTS[page];
  return (
    <LegalPage title={LEGAL_PAGES[page].title} intro={intro}>
      {body}
    </LegalPage>
  );
}
