import "server-only";
// The documents module's public face: everything outside src/features/documents/server imports from here (README.md).

export {
  type AdminDocumentRow,
  deleteDocument,
  documentViewUrl,
  listAdminDocuments,
  listClientDocumentsForAdmin,
  recordUploadedDocument,
} from "./admin-documents";
export { getDocumentFile } from "./document-files";
export { type DocumentDownload, downloadRequestOf, type DownloadRequest, listDocumentDownloads } from "./downloads";
export { documentCountSql, getDocumentDownload, listPortalDocuments, type PortalDocument } from "./portal-documents";
export { documentStoredKeys } from "./document-files";
