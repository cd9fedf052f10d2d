import "server-only";
import { documents } from "./schema";

// Columns read the same way by the admin area and the portal: explicit columns, never `*`, so a new
// column, a storage key say, reaches no screen by accident.

/** A document in a list: what it is, never where it is stored. */
export const documentListColumns = {
  id: documents.id,
  name: documents.name,
  category: documents.category,
  fileSize: documents.fileSize,
  mimeType: documents.mimeType,
  uploadedAt: documents.uploadedAt,
};
