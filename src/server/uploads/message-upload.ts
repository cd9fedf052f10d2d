import "server-only";
import { adminNewThreadSchema, newThreadSchema, replySchema } from "@/lib/validation/messages";
import { parseInput } from "../handler";
import { receiveDocumentUpload, type StoredUpload } from "./document-upload";

/** The text fields of each message form, as the multipart body carries them. */
const FORMS = {
  clientThread: { schema: newThreadSchema, names: ["subject", "body", "projectId"] },
  adminThread: { schema: adminNewThreadSchema, names: ["clientId", "subject", "body", "projectId"] },
  reply: { schema: replySchema, names: ["body"] },
} as const;
type Form = keyof typeof FORMS;
type FormOutput<F extends Form> = ReturnType<(typeof FORMS)[F]["schema"]["parse"]>;

/**
 * A message form sent as multipart (text fields, at most one file): the file goes through the
 * documents' checks and storage (type by content, 50 MB while streaming, generated key), the
 * fields through the form's shared schema, then `save` runs; if anything fails the stored file is
 * removed again. The sender's rate limit and the thread's scope are `save`'s business, so a
 * refused input never spends the sender's quota.
 */
export function receiveMessageUpload<F extends Form, T>(request: Request, form: F, save: (input: FormOutput<F>, file: StoredUpload | null) => Promise<T>): Promise<T> {
  return receiveDocumentUpload(request, ({ fields, file }) => {
    const { schema, names } = FORMS[form];
    // Missing text fields count as blank, so the schema's own "Please ..." message answers.
    const raw = Object.fromEntries(names.map((name) => [name, fields.get(name) ?? (name === "projectId" ? undefined : "")]));
    return save(parseInput(schema, raw) as FormOutput<F>, file);
  });
}
