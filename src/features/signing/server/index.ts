// modules/signing: the firm's signing keys and what they sign (README.md).
export {
  ensureSigningKey,
  ensureSigningKeys,
  forgetSigningKeys,
  rotateSigningKey,
  signingKey,
  type SigningKey,
  type SigningPurpose,
} from "./keys";
export { publicJwks, signDetachedJws, signJws, verifyJws, type VerifiedJws } from "./jws";
export { signPdf, type PdfSignatureDetails } from "./pdf-signature";
