// Large scanner outputs for the importers' memory test and the import bench: written as they are
// generated, so a file of any size costs the writer no memory.
import { createWriteStream } from "node:fs";
import { once } from "node:events";

async function writeLines(path: string, head: string, count: number, line: (index: number) => string, tail: string): Promise<number> {
  const out = createWriteStream(path);
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, "drain");
  };
  await write(head);
  for (let index = 0; index < count; index += 1) await write(line(index));
  await write(tail);
  out.end();
  await once(out, "finish");
  return bytes;
}

const SEVERITIES = ["0", "1", "2", "3", "4"];
// Real plugins carry long descriptions and outputs: a generated item is about 2.2 KB, so a 200 MB
// file holds some 95,000 items, under the import's limit of 100,000, as a real scan of that size does.
const DESCRIPTION =
  "The remote service answers in a way that discloses more than it should. An unauthenticated, remote attacker can use the disclosed details (software versions, internal paths, configuration) to plan further attacks against the host. ".repeat(
    4,
  );
const OUTPUT = "  Header  : Server: generated/1.2 (Unix) mod_generated/2.4\n".repeat(12);

/** What one generated ReportItem weighs, a little under its real size, so `items = size / this` reaches the size. */
export const NESSUS_ITEM_BYTES = 2200;

/**
 * A Nessus v2 file of `items` ReportItems (about 2.2 KB each) over hosts of 50 items, each item a
 * distinct finding (plugin, host, port). Returns the file's size in bytes.
 */
export function writeLargeNessus(path: string, items: number): Promise<number> {
  const HOST_ITEMS = 50;
  return writeLines(
    path,
    '<?xml version="1.0" ?>\n<NessusClientData_v2>\n<Report name="Large scan" xmlns:cm="http://www.nessus.org/cm">\n',
    items,
    (index) => {
      const host = Math.floor(index / HOST_ITEMS);
      const open =
        index % HOST_ITEMS === 0
          ? `${host > 0 ? "</ReportHost>\n" : ""}<ReportHost name="10.${(host >> 16) & 255}.${(host >> 8) & 255}.${host & 255}"><HostProperties><tag name="host-ip">10.0.0.1</tag></HostProperties>\n`
          : "";
      return `${open}<ReportItem port="${1000 + (index % HOST_ITEMS)}" svc_name="www" protocol="tcp" severity="${SEVERITIES[index % 5]}" pluginID="${100000 + (index % 997)}" pluginName="Generated plugin ${index % 997}" pluginFamily="General">
<cvss3_vector>CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:N</cvss3_vector>
<description>${DESCRIPTION} (item ${index})</description>
<solution>Apply the vendor's update, or restrict access to the service to trusted networks.</solution>
<synopsis>The remote service discloses information.</synopsis>
<see_also>https://example.test/advisories/${index % 997}</see_also>
<xref>CWE:200</xref>
<plugin_output>Generated output for item ${index}:
  Version : 1.2.${index % 10}
  Path    : /opt/service/${index}
${OUTPUT}</plugin_output>
</ReportItem>
`;
    },
    "</ReportHost>\n</Report>\n</NessusClientData_v2>\n",
  );
}

/** A Nuclei JSONL file of `results` results (about 1 KB each), each a distinct finding (template and URL). */
export function writeLargeNuclei(path: string, results: number): Promise<number> {
  const severities = ["info", "low", "medium", "high", "critical"];
  return writeLines(
    path,
    "",
    results,
    (index) =>
      `${JSON.stringify({
        "template-id": `generated-template-${index % 211}`,
        info: {
          name: `Generated template ${index % 211}`,
          author: ["bench"],
          tags: ["generated"],
          description: "A generated result for the import bench.",
          reference: [`https://example.test/templates/${index % 211}`],
          severity: severities[index % 5],
          classification: { "cwe-id": ["cwe-200"], "cvss-metrics": "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N" },
        },
        type: "http",
        host: `https://host${index % 97}.example.test`,
        "matched-at": `https://host${index % 97}.example.test/path/${index}`,
        request: `GET /path/${index} HTTP/1.1\r\nHost: host${index % 97}.example.test\r\n\r\n`,
        response: "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\ngenerated",
        ip: "10.0.0.1",
        timestamp: "2026-11-24T10:00:00.000Z",
        "matcher-status": true,
      })}\n`,
    "",
  );
}
