import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import { THREAD_STATUSES } from "@/lib/domain/thread-status";
import { text, uuidSchema } from "@/lib/validation/common";

/** Limits of a message (docs/PRODUCT.md#portal-messages). */
export const MESSAGE_MAX_LENGTH = 5000;
export const SUBJECT_MAX_LENGTH = 200;
/** Messages per page of a thread; older ones come with "Load older messages". */
export const MESSAGE_PAGE_SIZE = 50;

// Printable text with newlines and tabs; other control characters are refused like the contact form's.
const CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const messageBodySchema = z.pipe(
  text(MESSAGE_MAX_LENGTH).check(z.refine((value) => !CONTROL.test(value), "Contains an invalid character")),
  z.string().check(z.minLength(1, "Please write a message")),
);

export const subjectSchema = z.pipe(
  text(SUBJECT_MAX_LENGTH).check(z.refine((value) => !/[\u0001-\u001f\u007f]/.test(value), "Contains an invalid character")),
  z.string().check(z.minLength(1, "Please enter a subject")),
);

const optionalId = z.pipe(
  z.nullish(z.union([z.literal(""), uuidSchema])),
  z.transform((value: string | null | undefined) => (value ? value : null)),
);

/** A client's new thread: a subject, the first message, optionally one of their projects. */
export const newThreadSchema = z.object({
  subject: subjectSchema,
  body: messageBodySchema,
  projectId: optionalId,
});
export type NewThreadInput = z.input<typeof newThreadSchema>;

/** A thread the team starts, addressed to one client. */
export const adminNewThreadSchema = z.extend(newThreadSchema, { clientId: uuidSchema });
export type AdminNewThreadInput = z.input<typeof adminNewThreadSchema>;

export const replySchema = z.object({ body: messageBodySchema });
export type ReplyInput = z.input<typeof replySchema>;

/** Opening a thread: without `before` the newest page, with it the page before that message. */
export const threadPageQuerySchema = z.object({ before: z.optional(uuidSchema) });

export const threadStatusSchema = z.object({ threadId: uuidSchema, status: z.enum(THREAD_STATUSES, { error: "Unknown status" }) });

/** The admin list's filters, from the page's query string; anything unknown falls back to all. */
export const threadListFilterSchema = z.object({
  client: z.catch(z.optional(uuidSchema), undefined),
  status: z.catch(z.optional(z.enum(THREAD_STATUSES)), undefined),
  unread: z.pipe(
    z.catch(z.optional(z.literal("1")), undefined),
    z.transform((value: "1" | undefined) => value === "1"),
  ),
  thread: z.catch(z.optional(uuidSchema), undefined),
});
export type ThreadListFilter = z.output<typeof threadListFilterSchema>;
