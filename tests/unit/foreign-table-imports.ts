// Imports of another slice's table by a slice's code that are still to move behind that slice's door
// (checked by table-owners.test.ts; the list may only shrink). Each line: "importing slice → owner.table".
export const FOREIGN_TABLE_IMPORTS: readonly string[] = [
  "analytics → findings.findings",
  "evidence → measurements.findingMeasurements",
  "evidence → findings.findings",
  "exports → findings.findings",
  "findings → clients.clientPeople",
  "findings → clients.clients",
  "findings → identity.user",
  "findings → projects.projects",
  "trackers → findings.findings",
];
