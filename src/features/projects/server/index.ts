import "server-only";
// The projects module's public face: everything outside src/features/projects/server imports from here (README.md).

export {
  createProject,
  getProjectInvoices,
  linkInvoicesToProject,
  listAdminProjects,
  setProjectStatus,
  unlinkInvoice,
  updateProject,
  type AdminProjectRow,
  type ClientLockedSql,
  type TestingGate,
} from "./admin-projects";
export { projectListRows } from "./project-export";
export {
  type ApiProject,
  listAuthorizationsToSign,
  listPortalProjects,
  pageClientProjects,
  type PortalProject,
  type ProjectFigures,
} from "./portal-projects";
export {
  getAdminProjectTimeline,
  getPortalProject,
  listClientProjectsForAdmin,
  type PortalProjectHead,
  TIMELINE_KINDS,
  type TimelineEntry,
  type TimelineKind,
} from "./project-timeline";
export {
  activeProjectCountSql,
  findProject,
  inClientProject,
  listClientProjectRefs,
  lockProject,
  projectFacts,
  projectNameSql,
  type ProjectRef,
} from "./project-refs";
// The port the slices above fill for the timeline and the portal's cards (ports.ts), handed over at start.
export { type ProjectsPorts, provideProjectsPorts } from "./ports";
