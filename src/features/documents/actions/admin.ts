"use server";
// Server actions of the documents screen; each one checks the admin session itself (adminAction).
import { documentIdSchema } from "@/features/documents/validation";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/features/identity/server";
import { deleteDocument } from "@/features/documents/server";

/** Deletes the document and its file (the audit row keeps what it was). */
export const deleteDocumentAction = adminAction(documentIdSchema, async (actor, { documentId }) => {
  await deleteDocument(getDb(), { actor, documentId });
});
