import type { AttestationFindingFacts } from "@/features/findings/server";

/** What every letter says it does not say (printed, shown and signed with its facts). */
export const LETTER_DOES_NOT_SAY =
  "This letter does not describe any finding, vulnerability or way to reproduce one. It does not certify " +
  "that the scope is free of vulnerabilities, and it says nothing of changes made after the testing window " +
  "or the latest retest. The engagement's report is confidential to the client.";

/** The JWS "typ" of a letter's token: no other kind of token of the firm's is taken for a letter. */
export const LETTER_JWS_TYP = "attestation+jws";

/**
 * Exactly what a letter states and its JWS signs (docs/PRODUCT.md#verifying-a-letter): the stored
 * `facts`, the page and the PDF all show this object, so what is shown is what is signed.
 */
export type LetterFacts = {
  type: "attestation-letter";
  version: 1;
  code: string;
  verifyUrl: string;
  /** Where a program reads the letter's current state (GET, JSON); letters issued before it lack it. */
  statusUrl?: string;
  issuedAt: string;
  /** JWT's issued-at (seconds), so a JOSE library reads when it was signed; letters issued before it lack it. */
  iat?: number;
  firm: string;
  client: string;
  scope: string;
  window: { start: string; end: string };
  testers: string[];
  methodology: string;
  findings: AttestationFindingFacts["bySeverity"];
  retest: AttestationFindingFacts["retest"];
  doesNotSay: string;
};

/** The client as a letter names it: the company, or "a client of <firm>" when its owner chose so. */
export const letterClientName = (company: string, firm: string, anonymous: boolean) => (anonymous ? `A client of ${firm}` : company);
