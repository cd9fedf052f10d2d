// POST /api/contact/send: the landing page's contact inquiry: rate limit, validate, store, queue mails.
import { randomUUID } from "node:crypto";
import { CONTACT_MAX_BODY_BYTES, contactInquirySchema } from "@/features/inquiries/validation";
import { serverEnv } from "@/server/core/env";
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { parseJson, withPublic } from "@/server/core/handler";
import { contactTooLarge, limitContactSender, submitContactInquiry } from "@/features/inquiries/server";

export const POST = withPublic(async (request) => {
  rejectCrossSite(request);
  const db = getDb();
  const env = serverEnv();

  // Counted before the body is read, so junk floods are limited as well as valid inquiries.
  await limitContactSender(db, request.headers, env.contactEmail);

  const { website, ...inquiry } = await parseJson(request, contactInquirySchema, CONTACT_MAX_BODY_BYTES, contactTooLarge);

  // Honeypot: the "website" field is invisible and unreachable by keyboard, so only a bot fills it.
  // The bot gets the same answer as a person (an error would teach it to skip the field), but
  // nothing is stored and no mail goes out.
  if (website) {
    console.info("[contact] honeypot filled: inquiry dropped");
    return Response.json({ success: true, id: randomUUID() });
  }

  const { id } = await submitContactInquiry(db, inquiry, { notifyAddress: env.contactEmail });
  return Response.json({ success: true, id });
});

/**
 * Browsers send Origin on POST. Another site's page posting here would let it use its visitors'
 * browsers (and addresses) to spam us, so a foreign Origin is refused; non-browser clients send none.
 */
function rejectCrossSite(request: Request): void {
  const origin = request.headers.get("origin");
  if (!origin) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw new AppError("forbidden", "Cross-site submissions are not accepted.");
  }
  const allowed = [request.headers.get("host"), new URL(serverEnv().appUrl).host];
  if (!allowed.includes(host)) throw new AppError("forbidden", "Cross-site submissions are not accepted.");
}
