// The files a findings import reads (docs/PRODUCT.md#admin-findings): the formats, how the upload
// form names them, and which file names suggest each one. Browser-safe: the form uses it too.

export const IMPORT_FORMATS = ["sarif", "nessus", "burp", "zap_xml", "zap_json", "nuclei", "garak", "promptfoo", "pyrit", "csv"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  sarif: "SARIF 2.1.0 (.sarif)",
  nessus: "Nessus (.nessus)",
  burp: "Burp Suite (XML export)",
  zap_xml: "OWASP ZAP (XML)",
  zap_json: "OWASP ZAP (JSON)",
  nuclei: "Nuclei (JSONL)",
  garak: "garak (report JSONL)",
  promptfoo: "promptfoo (results JSON)",
  pyrit: "PyRIT (attack results JSON)",
  csv: "CSV",
};

/** The tool's own name, as a finding's timeline and the import history say it. */
export const IMPORT_TOOL_NAMES: Record<ImportFormat, string> = {
  sarif: "SARIF",
  nessus: "Nessus",
  burp: "Burp Suite",
  zap_xml: "OWASP ZAP",
  zap_json: "OWASP ZAP",
  nuclei: "Nuclei",
  garak: "garak",
  promptfoo: "promptfoo",
  pyrit: "PyRIT",
  csv: "CSV",
};

/** File name endings (lower case) each format is usually saved with; several formats share ".xml" and ".json". */
export const IMPORT_FORMAT_EXTENSIONS: Record<ImportFormat, readonly string[]> = {
  sarif: [".sarif", ".sarif.json", ".json"],
  nessus: [".nessus", ".xml"],
  burp: [".xml"],
  zap_xml: [".xml"],
  zap_json: [".json"],
  nuclei: [".jsonl", ".json"],
  garak: [".jsonl"],
  promptfoo: [".json"],
  pyrit: [".json"],
  csv: [".csv"],
};

/** More findings than this in one file is refused: split the file. */
export const IMPORT_MAX_FINDINGS = 100_000;

export const isImportFormat = (value: unknown): value is ImportFormat => IMPORT_FORMATS.includes(value as ImportFormat);
