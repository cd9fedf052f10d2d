// A letter's state as every reader names it: revoked wins over superseded.

export type LetterState = "Valid" | "Superseded" | "Revoked";

export const stateOf = (row: { revokedAt: Date | null; supersededAt: Date | null }): LetterState =>
  row.revokedAt ? "Revoked" : row.supersededAt ? "Superseded" : "Valid";
