import "server-only";
// The documents module's public face: everything outside src/server/modules/documents imports from here (README.md).

export { deleteDocument, documentViewUrl, listRecentDocuments, recordUploadedDocument } from "./admin-documents";
export { getDocumentFile } from "./document-files";
export { getDocumentDownload, listPortalDocuments, type PortalDocument } from "./portal-documents";
