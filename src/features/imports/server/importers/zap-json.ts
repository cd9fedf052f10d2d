import "server-only";
import { isObject, refuse, textOf, type ImportedFinding } from "./imported-finding";
import { readJsonDocument } from "./json-document";
import { ZAP_TOOL, zapFinding, type ZapAlert } from "./zap-alert";

function alertOf(value: Record<string, unknown>, where: string): ZapAlert {
  if (value.instances !== undefined && !Array.isArray(value.instances))
    throw refuse(ZAP_TOOL, `${where} has instances that are not a list.`);
  const instances = ((value.instances as unknown[] | undefined) ?? []).filter(isObject);
  return {
    pluginid: textOf(value.pluginid),
    alertRef: textOf(value.alertRef),
    alert: textOf(value.alert) || textOf(value.name),
    riskcode: textOf(value.riskcode),
    confidencedesc: textOf(value.confidencedesc),
    desc: textOf(value.desc),
    solution: textOf(value.solution),
    otherinfo: textOf(value.otherinfo),
    reference: textOf(value.reference),
    cweid: textOf(value.cweid),
    wascid: textOf(value.wascid),
    instances: instances.map((instance) => ({
      uri: textOf(instance.uri),
      method: textOf(instance.method),
      param: textOf(instance.param),
      attack: textOf(instance.attack),
      evidence: textOf(instance.evidence),
      otherinfo: textOf(instance.otherinfo),
    })),
  };
}

/** ZAP's traditional JSON report: the XML report's fields, as site[].alerts[]. */
export async function* readZapJson(source: AsyncIterable<Uint8Array>): AsyncGenerator<ImportedFinding> {
  const report = await readJsonDocument(source, ZAP_TOOL);
  if (!isObject(report) || !Array.isArray(report.site)) throw refuse(ZAP_TOOL, 'it has no "site" list.');
  for (const [siteIndex, site] of report.site.entries()) {
    const name = isObject(site) ? textOf(site["@name"]).trim() : "";
    if (!isObject(site) || !name) throw refuse(ZAP_TOOL, `site ${siteIndex + 1} has no @name.`);
    if (site.alerts !== undefined && !Array.isArray(site.alerts))
      throw refuse(ZAP_TOOL, `site ${siteIndex + 1} has alerts that are not a list.`);
    for (const [index, alert] of ((site.alerts as unknown[] | undefined) ?? []).entries()) {
      const where = `alert ${index + 1} of site ${siteIndex + 1}`;
      if (!isObject(alert)) throw refuse(ZAP_TOOL, `${where} is not an object.`);
      yield zapFinding(name, alertOf(alert, where), where);
    }
  }
}
