// Which workflow transition closes or reopens a Jira issue (docs/PRODUCT.md#integrations): Jira has
// no state field, so the client picks by the target status's category.
import { describe, expect, it } from "vitest";
import { transitionToward } from "@/features/trackers/server/jira-shared";
import { TrackerError } from "@/features/trackers/server/tracker-error";

const to = (id: string, key: string) => ({ id, to: { statusCategory: { key } } });
const simplified = [to("11", "new"), to("21", "indeterminate"), to("31", "done")];

describe("transitionToward", () => {
  it("closes by the first transition into the Done category", () => {
    expect(transitionToward(simplified, "closed", "SEC-1")).toBe("31");
    expect(transitionToward([to("5", "done"), to("6", "done")], "closed", "SEC-1")).toBe("5");
  });

  it("reopens into To Do's category first, else into any status not done", () => {
    expect(transitionToward(simplified, "open", "SEC-1")).toBe("11");
    expect(transitionToward([to("31", "done"), to("21", "indeterminate")], "open", "SEC-1")).toBe("21");
  });

  it("refuses in words when the workflow offers no way there (or the account may not transition)", () => {
    expect(() => transitionToward([to("31", "done")], "open", "SEC-1")).toThrow(
      new TrackerError("Jira: no transition of SEC-1 leads to an open status.", 400),
    );
    expect(() => transitionToward(undefined, "closed", "SEC-1")).toThrow("Jira: no transition of SEC-1 leads to a Done status.");
  });
});
