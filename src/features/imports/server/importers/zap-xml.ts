import "server-only";
import type { ImportedFinding } from "./imported-finding";
import { refuse } from "./imported-finding";
import { childOf, childText, streamXml, type XmlNode } from "./xml-stream";
import { ZAP_TOOL, zapFinding, type ZapAlert } from "./zap-alert";

function alertOf(item: XmlNode): ZapAlert {
  const instances = childOf(item, "instances")?.children.filter((child) => child.name === "instance") ?? [];
  return {
    pluginid: childText(item, "pluginid"),
    alertRef: childText(item, "alertRef"),
    alert: childText(item, "alert") || childText(item, "name"),
    riskcode: childText(item, "riskcode"),
    confidencedesc: childText(item, "confidencedesc"),
    desc: childText(item, "desc"),
    solution: childText(item, "solution"),
    otherinfo: childText(item, "otherinfo"),
    reference: childText(item, "reference"),
    cweid: childText(item, "cweid"),
    wascid: childText(item, "wascid"),
    instances: instances.map((instance) => ({
      uri: childText(instance, "uri"),
      method: childText(instance, "method"),
      param: childText(instance, "param"),
      attack: childText(instance, "attack"),
      evidence: childText(instance, "evidence"),
      otherinfo: childText(instance, "otherinfo"),
    })),
  };
}

/** ZAP's traditional XML report: one finding per alertitem of each site. */
export async function* readZapXml(source: AsyncIterable<Uint8Array>): AsyncGenerator<ImportedFinding> {
  let site: string | null = null;
  for await (const event of streamXml(source, {
    tool: ZAP_TOOL,
    root: "OWASPZAPReport",
    capture: new Set(["alertitem"]),
    watch: new Set(["site"]),
  })) {
    if (event.kind === "open") {
      site = event.attributes.name?.trim() || null;
      if (!site) throw refuse(ZAP_TOOL, `the site at line ${event.line} has no name.`);
    } else {
      if (!site) throw refuse(ZAP_TOOL, `the alertitem at line ${event.node.line} is outside a site.`);
      yield zapFinding(site, alertOf(event.node), `the alertitem at line ${event.node.line}`);
    }
  }
}
