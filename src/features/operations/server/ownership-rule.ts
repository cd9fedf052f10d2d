import "server-only";

// The rule that decides which database owns the document store (docs/DEPLOYMENT.md#restore),
// pure so that each case can be tested on its own.
//
// A database holds a claim (a random id, in storage_owner) and the store a marker naming its
// owner's claim. An id made once would not do: a dump carries it, and a restored copy of the
// owner's database would hold the very id the marker names. So the owner renews its claim every
// few minutes (a new id in the database, then in the marker), and a copy holds a claim the marker
// no longer names as soon as the owner has renewed once since the dump.

/** How often the owner renews its claim. */
export const RENEW_EVERY_MS = 10 * 60 * 1000;
/**
 * A database whose last renewal is at most this old was running all along (renewals come every
 * 10 to 20 minutes while any instance runs); one that is older was stopped, or is a restored copy.
 */
export const RUNNING_WITHIN_MS = 3 * RENEW_EVERY_MS;

export type OwnerRow = { claim: string; previousClaim: string | null; renewedAt: Date };
/** The marker's content: a claim, "contested", or null when there is no marker. */
export type Marker = string | { contested: true } | null;

export type OwnershipStep =
  /** No owner anywhere: this database claims the store (a first start, or the first since this check exists). */
  | { kind: "claim" }
  /** This database owned the store and its marker is gone: written again, only if still absent. */
  | { kind: "restore-marker"; claim: string }
  /** The owner: `renew` when the claim is due, `rewriteMarker` when the last renewal's marker write was lost. */
  | { kind: "owner"; claim: string; renew: boolean; rewriteMarker: boolean }
  /** Another database renewed the claim while this one, running, held it: the store is marked contested. */
  | { kind: "contest"; reason: string }
  | { kind: "refuse"; reason: string };

const CLAIM_COMMAND = "`npm run storage:claim` against this database";

export const NOT_OURS =
  "the document store belongs to another database (its marker, documents/.owner, names a claim this database never held); " +
  `if this database is to own it, run ${CLAIM_COMMAND}`;
export const STALE =
  "this database's claim on the document store is older than the store's (a copy of the owner's database, such as one restored from a backup?); " +
  `once this database has replaced the owner, run ${CLAIM_COMMAND}`;
export const CONTESTED =
  "the document store is contested: another database renewed its claim while this one held it; stop whichever should not use this store, " +
  `then run ${CLAIM_COMMAND}`;

export function decideOwnership(row: OwnerRow | null, marker: Marker, now: Date): OwnershipStep {
  if (marker !== null && typeof marker === "object") return { kind: "refuse", reason: CONTESTED };
  if (row === null) return marker === null ? { kind: "claim" } : { kind: "refuse", reason: NOT_OURS };
  if (marker === null) return { kind: "restore-marker", claim: row.claim };
  if (marker === row.claim)
    return { kind: "owner", claim: row.claim, renew: now.getTime() - row.renewedAt.getTime() >= RENEW_EVERY_MS, rewriteMarker: false };
  if (marker === row.previousClaim) return { kind: "owner", claim: row.claim, renew: false, rewriteMarker: true };
  // Someone else's claim. Had this database been running all along, someone renewed the claim
  // under it: two databases share the store, and neither may sweep until a person decides. Had
  // it not, this is a copy that woke up after the owner moved on.
  const running = now.getTime() - row.renewedAt.getTime() <= RUNNING_WITHIN_MS;
  return running ? { kind: "contest", reason: CONTESTED } : { kind: "refuse", reason: STALE };
}
