import "server-only";
// The attestation letters' public face: everything outside src/features/attestations/server imports from here (README.md).

export { letterOfCompany, listCurrentLettersOfCompany } from "./company-letters";
export { formatLetterCode, newLetterCode, parseLetterCode } from "./letter-code";
export { LETTER_DOES_NOT_SAY, LETTER_JWS_TYP, type LetterFacts } from "./letter-facts";
export { renderLetterPdf } from "./letter-pdf";
export {
  ENGAGEMENT_NOT_FOUND,
  getLetterForPdf,
  issueLetter,
  LETTER_NOT_FOUND,
  type LetterFormDefaults,
  letterFormDefaults,
  type LetterRow,
  listPortalLetters,
  pagePortalLetters,
  listProjectLetters,
  NO_PUBLISHED_REPORT,
  revokeLetter,
  writeLetter,
  verifyUrlOf,
} from "./letters";
export type { LetterState } from "./letter-state";
export { letterStatus, type VerifiedLetter, verifyLetter } from "./letter-verify";
export { isLetterAnonymous, setLetterAnonymous } from "./preferences";
export { LETTER_CHECK_RULE, limitLetterChecks } from "./verify-limit";
export { projectHasLettersSql } from "./project-records";
