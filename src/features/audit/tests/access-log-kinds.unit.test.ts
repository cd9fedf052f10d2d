// Every action a company's access log shows has the owner's words and exactly one kind of the
// portal's filter (docs/PRODUCT.md#portal-access-log), and the admin's audit log names it too.
import { describe, expect, it } from "vitest";
import { ACCESS_LOG_KINDS, ACCESS_LOG_LABELS } from "@/lib/domain/access-log";
import { AUDIT_ACTION_LABELS } from "@/lib/domain/audit-action";
import { FIRM_ACCESS_ACTIONS } from "@/features/audit/server/access-actions";

describe("the access log's actions", () => {
  it.each([...FIRM_ACCESS_ACTIONS])("%s has a label, an audit label and one kind", (action) => {
    expect(ACCESS_LOG_LABELS[action]).toBeTruthy();
    expect(AUDIT_ACTION_LABELS[action]).toBeTruthy();
    expect(ACCESS_LOG_KINDS.filter((kind) => (kind.actions as readonly string[]).includes(action))).toHaveLength(1);
  });

  it("the kinds name no action outside the log", () => {
    const all = new Set<string>(FIRM_ACCESS_ACTIONS);
    for (const kind of ACCESS_LOG_KINDS) for (const action of kind.actions) expect(all.has(action)).toBe(true);
  });
});
