// The rule deciding which database owns the document store (src/features/operations/server/ownership-rule.ts),
// case by case; src/features/operations/tests/storage-ownership.test.ts plays the same cases with real databases.
import { describe, expect, it } from "vitest";
import {
  CONTESTED,
  decideOwnership,
  NOT_OURS,
  RENEW_EVERY_MS,
  RUNNING_WITHIN_MS,
  STALE,
} from "@/features/operations/server/ownership-rule";

const now = new Date("2026-03-01T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const row = (renewedAgo: number) => ({ claim: "claim-2", previousClaim: "claim-1", renewedAt: ago(renewedAgo) });

describe("decideOwnership", () => {
  it("claims a store nobody owns, and refuses one another database owns or that is contested", () => {
    expect(decideOwnership(null, null, now)).toEqual({ kind: "claim" });
    expect(decideOwnership(null, "someone-else", now)).toEqual({ kind: "refuse", reason: NOT_OURS });
    expect(decideOwnership(null, { contested: true }, now)).toEqual({ kind: "refuse", reason: CONTESTED });
    expect(decideOwnership(row(0), { contested: true }, now)).toEqual({ kind: "refuse", reason: CONTESTED });
  });

  it("owns the store its marker names, renewing when the claim is due", () => {
    expect(decideOwnership(row(RENEW_EVERY_MS - 1), "claim-2", now)).toEqual({
      kind: "owner",
      claim: "claim-2",
      renew: false,
      rewriteMarker: false,
    });
    expect(decideOwnership(row(RENEW_EVERY_MS), "claim-2", now)).toEqual({
      kind: "owner",
      claim: "claim-2",
      renew: true,
      rewriteMarker: false,
    });
    // Back from a long stop, nobody having touched the marker: still the owner.
    expect(decideOwnership(row(30 * 24 * 3600_000), "claim-2", now)).toMatchObject({ kind: "owner", renew: true });
  });

  it("repairs a marker left on the previous claim without renewing again, and writes a lost marker", () => {
    expect(decideOwnership(row(RENEW_EVERY_MS * 2), "claim-1", now)).toEqual({
      kind: "owner",
      claim: "claim-2",
      renew: false,
      rewriteMarker: true,
    });
    expect(decideOwnership(row(0), null, now)).toEqual({ kind: "restore-marker", claim: "claim-2" });
  });

  it("finding someone else's claim: contests it while running, steps back as a stale copy otherwise", () => {
    expect(decideOwnership(row(RUNNING_WITHIN_MS), "claim-9", now)).toEqual({ kind: "contest", reason: CONTESTED });
    expect(decideOwnership(row(RUNNING_WITHIN_MS + 1), "claim-9", now)).toEqual({ kind: "refuse", reason: STALE });
  });
});
