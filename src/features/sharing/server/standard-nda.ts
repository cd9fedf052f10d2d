import "server-only";

// The firm's standard clickwrap NDA (docs/PRODUCT.md#sharing-with-third-parties). Its SHA-256 is
// recorded with each acceptance, so a change here never rewrites what someone accepted: a share keeps
// the text it was made with.

export const standardNdaText = (firm: string, company: string) =>
  `Confidentiality agreement

${company} (the "Company") shares with you security documents prepared by ${firm}. By accepting, you agree that:

1. The documents are confidential. You will use them only to assess the Company's security, and will not disclose them, in whole or in part, to anyone outside your organisation who does not need them for that purpose and is not bound by confidentiality at least as strict as this.
2. You will not copy, forward or publish the documents, or remove or alter the marks identifying you as their recipient.
3. You will delete or destroy the documents on the Company's request, or when your access ends, except for copies your law or regulator requires you to keep, which remain under this agreement.
4. These obligations last for three years from your acceptance. Nothing here grants a licence or any right in the documents.
5. Your acceptance is recorded with your e-mail address, the name you type, the time, your network address and browser, and a fingerprint (SHA-256) of this text.`;
