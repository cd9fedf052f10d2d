import { ApiError } from "@/lib/api-client";
import { PASSKEY_MESSAGES, passkeyErrorMessage } from "@/lib/passkey-errors";
import { passkeyAnswer } from "./passkey-ceremony";

/** The fresh second factor a person gives when the server asks (FreshFactorPrompt): a code, the password or a passkey. */
export type FreshFactorProof = { code: string } | { password: string } | { passkey: true };

/** What the proof adds to the download request; a passkey ceremony failed in the browser is refused like a wrong proof. */
export async function proofBody(proof: FreshFactorProof | undefined): Promise<object> {
  if (!proof) return {};
  if ("code" in proof) return { code: proof.code };
  if ("password" in proof) return { password: proof.password };
  try {
    return { passkey: await passkeyAnswer() };
  } catch (failure) {
    const text = passkeyErrorMessage(failure, "sign-in") ?? PASSKEY_MESSAGES.cancelled;
    throw new ApiError(400, "bad_request", text, { passkey: text });
  }
}
