import "server-only";
import { adminNewThreadSchema, newThreadSchema, replySchema } from "@/features/messages/validation";
import { parseInput } from "@/server/core/handler";
import { receiveDocumentUpload, type StoredUpload } from "@/server/core/uploads/document-upload";

/** The text fields of each message form, as the multipart body carries them. */
const FORMS = {
  clientThread: { schema: newThreadSchema, names: ["subject", "body", "projectId"] },
  adminThread: { schema: adminNewThreadSchema, names: ["clientId", "subject", "body", "projectId"] },
  reply: { schema: replySchema, names: ["body"] },
} as const;
type Form = keyof typeof FORMS;
type FormOutput<F extends Form> = ReturnType<(typeof FORMS)[F]["schema"]["parse"]>;

/** What a message route does with the form: `admit` refuses before the file is stored, `save` writes. */
type MessageSteps<F extends Form, T> = {
  admit: (input: FormOutput<F>) => Promise<void>;
  save: (input: FormOutput<F>, file: StoredUpload | null) => Promise<T>;
};

/**
 * A message form sent as multipart (text fields, then at most one file): the file goes through
 * the documents' checks (type by content, 50 MB while streaming); the fields sent before it
 * through the form's shared schema; then `admit` (the thread's scope, the sender's quota) runs
 * before the file is stored, so a refused message writes nothing to storage and spends no quota;
 * then the file is stored and `save` runs. If anything fails the stored file is removed again.
 */
export function receiveMessageUpload<F extends Form, T>(request: Request, form: F, { admit, save }: MessageSteps<F, T>): Promise<T> {
  const { schema, names } = FORMS[form];
  let input: FormOutput<F> | undefined;
  return receiveDocumentUpload(
    request,
    ({ file }) => save(input!, file),
    async (fields) => {
      // Missing text fields count as blank, so the schema's own "Please ..." message answers.
      const raw = Object.fromEntries(names.map((name) => [name, fields.get(name) ?? (name === "projectId" ? undefined : "")]));
      input = parseInput(schema, raw) as FormOutput<F>;
      await admit(input);
    },
  );
}
