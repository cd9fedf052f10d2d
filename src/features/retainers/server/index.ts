import "server-only";
// The retainers module's public face: everything outside src/features/retainers/server imports from here (README.md).

export { closeRetainerMonth } from "./month-close";
export { decideOverageRequest } from "./overage";
export { exportRetainerEntries, RETAINER_EXPORT_COLUMNS } from "./retainer-csv";
export {
  type AdminRetainerRow,
  getPortalRetainer,
  getRetainerForAdmin,
  hasRetainer,
  listRetainersForAdmin,
  type OverageRequest,
  type RetainerEntry,
  type RetainerTerms,
  type RetainerView,
  SHOWN_ENTRIES,
} from "./retainer-read";
export { saveRetainer } from "./retainer-terms";
export { CLOSED_MONTH_MESSAGE, logTimeEntry } from "./time-entries";
export { type RetainerMonth } from "./figures";
export { projectHasOverageRequestsSql, projectHasTimeEntriesSql } from "./project-records";
