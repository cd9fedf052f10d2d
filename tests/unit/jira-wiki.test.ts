// A ticket's Markdown as a Jira Data Center description: wiki markup written by us alone, a
// finding's own text escaped so that it can never open a macro, a mention, an image or a link.
import { describe, expect, it } from "vitest";
import { escapeWiki, markdownToWiki } from "@/features/trackers/server/jira-wiki";
import { ticketText } from "@/features/trackers/server/ticket-text";

describe("Markdown to Jira wiki markup", () => {
  it("writes headings, bold, italic, monospace, lists, quotes, rules, tables and code blocks", () => {
    const wiki = markdownToWiki(
      [
        "**Severity:** High  \n**CVSS:** 7.5 (`AV:N`)",
        "## Remediation",
        "Use _strict_ ~~loose~~ checks.",
        "- one\n- two\n  1. two.a",
        "> quoted",
        "---",
        "| a | b |\n|---|---|\n| 1 | 2 |",
        "```python\nprint('{html}')\n```",
      ].join("\n\n"),
    );
    expect(wiki.split("\n\n")).toEqual([
      "*Severity:* High\\\\\n*CVSS:* 7.5 \\({{AV:N}}\\)",
      "h2. Remediation",
      "Use _strict_ -loose- checks.",
      "* one\n* two\n*# two.a",
      "{quote}\nquoted\n{quote}",
      "----",
      "||a||b||\n|1|2|",
      "{code:python}\nprint('{html}')\n{code}",
    ]);
  });

  it("links only to web addresses, as [text|url], with an address that cannot close the link", () => {
    expect(markdownToWiki("[Open the finding](https://portal.example/f?id=1)")).toBe("[Open the finding|https://portal.example/f?id=1]");
    expect(markdownToWiki("<https://portal.example/a>")).toBe("[https://portal.example/a]");
    expect(markdownToWiki("[x](https://e.example/a|b]{html})")).toBe("[x|https://e.example/a%7Cb%5D%7Bhtml%7D]");
    expect(markdownToWiki("[run](javascript:alert(1))")).toBe("run");
    expect(markdownToWiki("[a]|b](https://e.example)")).not.toMatch(/\[a\]/);
    expect(markdownToWiki("![pixel](https://t.example/p.png)")).toBe("pixel");
  });

  it("escapes every character Jira reads as markup in the finding's own text", () => {
    expect(escapeWiki("a-b #c *d* _e_ +f+ ?g? ^h^ ~i~ |j| %k {l} [m] (n) !o! @p")).toBe(
      "a\\-b \\#c \\*d\\* \\_e\\_ \\+f\\+ \\?g\\? \\^h\\^ \\~i\\~ \\|j\\| \\%k \\{l\\} \\[m\\] \\(n\\) \\!o\\! \\@p",
    );
    expect(escapeWiki("C:\\{temp}")).toBe("C:&#92;\\{temp\\}");
  });

  it.each([
    ["a macro", "{html}<script>alert(1)</script>{html}", /\{html\}/],
    ["a panel", "{panel:title=x}hi{panel}", /(^|[^\\])\{panel/],
    ["a mention", "[~admin] please", /(^|[^\\])\[~/],
    ["an image", "!https://t.example/p.png!", /(^|[^\\])!https/],
    ["an attachment link", "[^secret.txt]", /(^|[^\\])\[\^/],
    ["a link in wiki form", "[click|https://evil.example]", /(^|[^\\])\[click\|/],
    ["a table", "|| a || b ||", /(^|[^\\])\|\|/],
    ["a heading", "h1. Pwned", /^h1\. /m],
    ["a quote", "bq. quoted", /^bq\. /m],
    ["a list", "\\* item", /^\* /m],
    ["an escape of our escape", "\\{html}", /(^|[^\\])\{html/],
    ["a colour", "{color:red}x{color}", /(^|[^\\])\{color/],
    ["a file link", "file://server/share", /file:\/\//],
  ])("keeps %s in the text as text", (_, markdown, markup) => {
    expect(markdownToWiki(markdown)).not.toMatch(markup);
  });

  it("keeps a code block from closing its own macro: noformat, else escaped lines", () => {
    expect(markdownToWiki("```\nx {code} {html}y{html}\n```")).toBe("{noformat}\nx {code} {html}y{html}\n{noformat}");
    const both = markdownToWiki("```\n{code}{noformat}{html}\n```");
    expect(both).not.toMatch(/(^|[^\\])\{(code|noformat|html)\}/);
    expect(markdownToWiki("```js}{html}\nx\n```")).toBe("{code}\nx\n{code}");
  });

  it("drops raw HTML and the ticket's hidden marker, keeping the words of the ticket", () => {
    const text = ticketText(
      {
        id: "abc",
        title: "Prompt injection",
        severity: "high",
        cvssScoreTenths: 75,
        cvssVector: "CVSS:3.1/AV:N",
        owaspLlm: ["LLM01"],
        atlas: [],
        remediation: "Filter {html} input.",
        description: "",
      },
      "https://portal.example/f?id=abc",
    );
    const wiki = markdownToWiki(text.markdown);
    expect(wiki).toContain("h2. Remediation");
    expect(wiki).toContain("Filter \\{html\\} input.");
    expect(wiki).toContain("[Open the finding in the portal|https://portal.example/f?id=abc]");
    expect(wiki).not.toContain("sentinel-finding");
    expect(markdownToWiki("<b>bold</b> <script>x</script>")).not.toContain("<");
  });
});
