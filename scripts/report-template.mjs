// Writes the default Word template of generated reports (docs/PRODUCT.md#admin-settings):
// src/features/reports/server/templates/default-report.docx, its Office Open XML parts written with
// pizzip, its fields as docxtemplater tags. The file is committed: run `npm run report:template`
// after changing this script and commit both. Fixed dates inside the package make the same script
// write the same bytes.
import { writeFileSync } from "node:fs";
import path from "node:path";
import PizZip from "pizzip";

// Another path as the first argument: the unit test writes a copy to compare with the committed file.
const OUT = process.argv[2] ?? path.join(import.meta.dirname, "..", "src/features/reports/server/templates/default-report.docx");
const FIXED_DATE = new Date("2026-01-01T00:00:00Z");

const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const escape = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A paragraph of one style; each piece of `runs` is a run, bold when given as { bold: text }. */
function p(style, ...runs) {
  const props = style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : "";
  const body = runs
    .map((run) => {
      const bold = typeof run === "object";
      const text = bold ? run.bold : run;
      return `<w:r>${bold ? "<w:rPr><w:b/></w:rPr>" : ""}<w:t xml:space="preserve">${escape(text)}</w:t></w:r>`;
    })
    .join("");
  return `<w:p>${props}${body}</w:p>`;
}

const body = [
  p("Title", "{engagementName}"),
  p("Subtitle", "Security assessment report for {clientName}"),
  p(null, { bold: "Prepared by: " }, "{firmName}"),
  p(null, { bold: "Engagement dates: " }, "{startDate} - {endDate}"),
  // The window of the authorization both sides signed, only when there is one.
  p(null, "{#authorizedWindow}"),
  p(null, { bold: "Authorized testing window: " }, "{authorizedWindow}"),
  p(null, "{/authorizedWindow}"),
  p(null, { bold: "Generated on: " }, "{generatedOn}"),
  p(null, { bold: "Confidential." }, " For the named client only."),
  p("Heading1", "Executive summary"),
  p(null, "{summary}"),
  p(null, { bold: "Critical: " }, "{criticalCount}   ", { bold: "High: " }, "{highCount}   ", { bold: "Medium: " }, "{mediumCount}"),
  p(null, { bold: "Low: " }, "{lowCount}   ", { bold: "Informational: " }, "{informationalCount}   ", { bold: "Total: " }, "{totalCount}"),
  p("Heading1", "Findings"),
  p(null, "{^findings}No published findings.{/findings}"),
  p(null, "{#findings}"),
  p("Heading2", "{title}"),
  p(null, { bold: "Severity: " }, "{severity}   ", { bold: "CVSS: " }, "{cvssScore}   ", { bold: "Status: " }, "{status}"),
  p(null, { bold: "Retest: " }, "{retestStatus}"),
  // A measured AI finding's rate, only when it has one.
  p(null, "{#measuredRate}"),
  p(null, { bold: "Measured success rate: " }, "{measuredRate}"),
  p(null, "{/measuredRate}"),
  p(null, { bold: "Affected assets: " }, "{assets}"),
  // {@…}: the finding's Markdown as Word paragraphs (bold, lists, code), each tag alone in its paragraph.
  // A heading only over a section with text: an empty one is left out whole.
  p(null, "{#hasDescription}"),
  p("Heading3", "Description"),
  p(null, "{@description}"),
  p(null, "{/hasDescription}"),
  p(null, "{#hasRemediation}"),
  p("Heading3", "Remediation"),
  p(null, "{@remediation}"),
  p(null, "{/hasRemediation}"),
  p(null, "{#hasReferences}"),
  p("Heading3", "References"),
  p(null, "{@references}"),
  p(null, "{/hasReferences}"),
  // The files kept with the finding, only when it has some.
  p(null, "{#evidence}"),
  p(null, { bold: "Evidence files: " }, "{evidence}"),
  p(null, "{/evidence}"),
  p(null, "{/findings}"),
];

const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="${W}"><w:body>${body.join("")}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1247" w:right="1247" w:bottom="1247" w:left="1247" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`;

const style = (id, name, { size, bold = false, color = null, spaceBefore = 0, basedOn = "Normal" }) =>
  `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/><w:basedOn w:val="${basedOn}"/><w:next w:val="Normal"/><w:qFormat/>` +
  `<w:pPr><w:keepNext/><w:spacing w:before="${spaceBefore}" w:after="120"/></w:pPr>` +
  `<w:rPr>${bold ? "<w:b/>" : ""}${color ? `<w:color w:val="${color}"/>` : ""}<w:sz w:val="${size}"/></w:rPr></w:style>`;

const styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="${W}"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:eastAsia="Calibri" w:cs="Calibri"/><w:sz w:val="22"/><w:lang w:val="en-US"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="120" w:line="264" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>
${style("Title", "Title", { size: 48, bold: true, color: "1F2A44" })}
${style("Subtitle", "Subtitle", { size: 28, color: "4A5568" })}
${style("Heading1", "heading 1", { size: 32, bold: true, color: "1F2A44", spaceBefore: 360 })}
${style("Heading2", "heading 2", { size: 26, bold: true, color: "1F2A44", spaceBefore: 240 })}
${style("Heading3", "heading 3", { size: 22, bold: true, color: "4A5568", spaceBefore: 120 })}
</w:styles>`;

const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`;

const rootRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

const documentRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

const zip = new PizZip();
const parts = [
  ["[Content_Types].xml", contentTypes],
  ["_rels/.rels", rootRels],
  ["word/document.xml", document],
  ["word/_rels/document.xml.rels", documentRels],
  ["word/styles.xml", styles],
];
for (const [name, content] of parts) zip.file(name, content, { date: FIXED_DATE, createFolders: false });
writeFileSync(OUT, zip.generate({ type: "nodebuffer", compression: "DEFLATE" }));
console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
