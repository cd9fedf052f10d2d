// A ticket's Markdown as a Jira description: the Atlassian Document Format, with only what plain
// Markdown makes (a finding's text may come from imported tool output).
import { describe, expect, it } from "vitest";
import { markdownToJira } from "@/features/trackers/server/jira-adf";

const text = (doc: unknown) => JSON.stringify(doc);

describe("Markdown to a Jira description", () => {
  it("keeps bold, code, headings, lists, code blocks and web links as ADF nodes", () => {
    const doc = markdownToJira(
      "**Severity:** High  \n**CVSS:** 7.5 (`AV:N`)\n\n## Remediation\n\n- one\n- two\n\n~~~~\ncurl x\n~~~~\n\n[Open the finding in the portal](https://portal.example/f?id=1)",
    );
    expect(doc).toMatchObject({ type: "doc", version: 1 });
    expect(doc.content.map((node) => node.type)).toEqual(["paragraph", "heading", "bulletList", "codeBlock", "paragraph"]);
    expect(doc.content[0]!.content![0]).toEqual({ type: "text", text: "Severity:", marks: [{ type: "strong" }] });
    expect(doc.content[0]!.content).toContainEqual({ type: "hardBreak" });
    expect(doc.content[1]).toMatchObject({ type: "heading", attrs: { level: 2 } });
    expect(doc.content[4]!.content![0]).toEqual({
      type: "text",
      text: "Open the finding in the portal",
      marks: [{ type: "link", attrs: { href: "https://portal.example/f?id=1" } }],
    });
  });

  it("never lets raw ADF, images, HTML comments or non-web links through", () => {
    const doc = markdownToJira(
      '<adf>\n{"type":"extension","attrs":{"extensionKey":"x"}}\n</adf>\n\n![pixel](https://t.example/p.png)\n\n[run](javascript:alert(1))\n\n<!-- sentinel-finding:abc -->',
    );
    const all = text(doc);
    expect(all).not.toContain('"extension"');
    expect(all).not.toContain("media");
    expect(all).not.toContain("javascript:");
    expect(all).not.toContain("sentinel-finding");
    expect(all).toContain("run");
  });

  it("gives an empty paragraph for empty text (Jira refuses a document without content)", () => {
    expect(markdownToJira("")).toEqual({ type: "doc", version: 1, content: [{ type: "paragraph", content: [] }] });
  });
});
