import "server-only";

export {
  CONNECTION_NOT_FOUND,
  connectTracker,
  listClientTrackersForAdmin,
  listTrackerConnections,
  MAX_CONNECTIONS,
  removeTrackerConnection,
  testTrackerConnection,
  type TrackerConnectionRow,
} from "./connections";
export { drainTrackerTickets, requestTicket } from "./tickets";
export { type FindingTicketRow, listFindingTickets } from "./finding-tickets";
export { seedTrackerConnection } from "./seed-connection";
export { handleGitHubDelivery, handleGitLabDelivery, handleJiraDelivery } from "./inbound";
export { postRetestVerdicts } from "./verdicts";
export { reopenTicketsOfOpenFindings } from "./reopen";
export { fileAutomaticTickets } from "./auto-tickets";
export { updateTrackerMapping } from "./mapping";
export { syncTrackerTickets } from "./sync";
export { TrackerError } from "./tracker-error";
export { GITHUB_API } from "./github";
export { GITLAB_URL } from "./gitlab";
export { sealableJiraCredential } from "./jira-credential";
export { listTrackerTargets } from "./targets";
export { trackerJobs } from "./jobs";
