import "@/lib/validation/zod-config";
import { z } from "zod";
import { SHARE_EXPIRY_DAYS, SHARE_ITEM_KINDS, SHARE_MODES, SHARE_NDA_KINDS } from "@/lib/domain/share";
import { emailSchema, nameText, text, uuidSchema } from "@/lib/validation/common";

// The share room's forms and requests (docs/PRODUCT.md#sharing-with-third-parties), shared by the
// screens and the server.

export const MAX_SHARE_ITEMS = 20;
export const MAX_SHARE_RECIPIENTS = 20;

const expiryDays = z.coerce
  .number({ error: `Choose between ${SHARE_EXPIRY_DAYS.min} and ${SHARE_EXPIRY_DAYS.max} days` })
  .int(`Choose between ${SHARE_EXPIRY_DAYS.min} and ${SHARE_EXPIRY_DAYS.max} days`)
  .min(SHARE_EXPIRY_DAYS.min, `At least ${SHARE_EXPIRY_DAYS.min} days`)
  .max(SHARE_EXPIRY_DAYS.max, `At most ${SHARE_EXPIRY_DAYS.max} days`);

export const shareRecipientSchema = z.object({
  email: z.pipe(
    emailSchema,
    z.transform((email: string) => email.toLowerCase()),
  ),
  name: z.optional(nameText(120)),
});

/** A new share: what, with whom, how long, how, under which NDA. */
export const createShareSchema = z
  .object({
    items: z
      .array(z.object({ kind: z.enum(SHARE_ITEM_KINDS, "Unknown kind of item"), id: uuidSchema }))
      .min(1, "Choose at least one item to share")
      .max(MAX_SHARE_ITEMS, `At most ${MAX_SHARE_ITEMS} items`),
    recipients: z
      .array(shareRecipientSchema)
      .min(1, "Name at least one recipient")
      .max(MAX_SHARE_RECIPIENTS, `At most ${MAX_SHARE_RECIPIENTS} recipients`),
    message: z.optional(text(2000)),
    expiryDays: expiryDays.default(SHARE_EXPIRY_DAYS.default),
    mode: z.enum(SHARE_MODES, "Choose view only or download"),
    ndaKind: z.enum(SHARE_NDA_KINDS, "Choose an NDA"),
    ndaText: z.optional(text(20_000)),
  })
  .refine((share) => share.ndaKind !== "own" || (share.ndaText ?? "").length >= 20, {
    path: ["ndaText"],
    message: "Paste your NDA's text (at least 20 characters)",
  });
export type CreateShareInput = z.input<typeof createShareSchema>;
export type CreateShareData = z.output<typeof createShareSchema>;

export const shareIdSchema = z.object({ shareId: uuidSchema });
/** The room's next page: after the last share shown. */
export const shareRoomPageSchema = z.object({ after: uuidSchema });
/** A share's activity read on from the events shown. */
export const shareActivityPageSchema = z.object({ shareId: uuidSchema, offset: z.number().int().min(0).max(1_000_000) });
export const shareRecipientIdSchema = z.object({ recipientId: uuidSchema });
export const extendShareSchema = z.object({ shareId: uuidSchema, days: expiryDays });
export const membersMayShareSchema = z.object({ allowed: z.boolean("Choose yes or no") });
export const forbidSharingSchema = z.object({ projectId: uuidSchema, forbidden: z.boolean("Choose yes or no") });

/** A recipient asking for a new sign-in link. */
export const shareLinkRequestSchema = z.object({
  email: z.pipe(
    emailSchema,
    z.transform((email: string) => email.toLowerCase()),
  ),
});
/** A mailed link's token, posted by the page it opens. */
export const shareSessionSchema = z.object({ token: z.string().min(20, "This link is not valid.").max(100, "This link is not valid.") });
/** The NDA accepted: the name the recipient types. */
export const ndaAcceptSchema = z.object({
  name: z.pipe(nameText(120), z.string().min(2, "Type your full name")),
  accept: z.literal(true, "Tick the box to accept the NDA"),
});
export const sharedPageParamsSchema = z.object({ id: uuidSchema, page: z.coerce.number().int().min(1).max(10_000) });
