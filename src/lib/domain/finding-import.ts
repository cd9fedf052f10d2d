// Placeholder until the importers branch lands (replaced by it).
export const IMPORT_FORMATS = ["sarif", "nessus", "burp", "zap_xml", "zap_json", "nuclei", "garak", "promptfoo", "csv"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  sarif: "SARIF 2.1.0",
  nessus: "Nessus (.nessus)",
  burp: "Burp Suite (XML)",
  zap_xml: "OWASP ZAP (XML)",
  zap_json: "OWASP ZAP (JSON)",
  nuclei: "Nuclei (JSONL)",
  garak: "garak (report JSONL)",
  promptfoo: "promptfoo (results JSON)",
  csv: "CSV",
};
export const IMPORT_MAX_FINDINGS = 100_000;
