// An XML upload's DOCTYPE can declare entities (the "billion laughs", or an external file: XXE).
// saxes expands none of them: a file that uses one is refused, and nothing is read from disk.
import { describe, expect, it } from "vitest";
import { refusalOf } from "./read-fixture";

describe("XML entities", () => {
  it("refuses an internal entity instead of expanding it", async () => {
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE issues [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>\n<issues>\n<issue><type>1</type><name>&lol2;</name><host>h</host><severity>High</severity></issue>\n</issues>`;
    expect(await refusalOf("burp", laughs)).toBe("Not a valid Burp Suite file: line 4: undefined entity.");
  });

  it("refuses an external entity instead of reading the file it names", async () => {
    const xxe = `<?xml version="1.0"?>\n<!DOCTYPE NessusClientData_v2 [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n<NessusClientData_v2><Report name="r"><ReportHost name="h">\n<ReportItem port="0" severity="1" pluginID="1" pluginName="x"><plugin_output>&secret;</plugin_output></ReportItem>\n</ReportHost></Report></NessusClientData_v2>`;
    expect(await refusalOf("nessus", xxe)).toBe("Not a valid Nessus file: line 4: undefined entity.");
  });
});
