import "server-only";

// The demo firm's finding templates (docs/PRODUCT.md#admin-finding-templates): the AI-security
// findings it reports most, and two web ones. Their rule ids match the demo garak import's
// findings and the sample scan files under tests/fixtures/findings-import (garak, promptfoo,
// Nuclei), so importing one of those shows the templates applied.

const id = (n: number) => `00000000-0000-4000-8000-f3${String(n).padStart(10, "0")}`;

export type DemoTemplate = {
  id: string;
  title: string;
  description: string;
  remediation: string;
  references: string;
  cwe: number | null;
  cvssVector: string | null;
  cvssScoreTenths: number | null;
  severity: "critical" | "high" | "medium" | "low" | null;
  tags: string[];
  owaspLlm: string[];
  atlas: string[];
  ruleIds: string[];
};

export const DEMO_TEMPLATES: DemoTemplate[] = [
  {
    id: id(1),
    title: "Prompt injection overrides the system instructions",
    description:
      "Text the model reads (a user message, a retrieved document, a tool result) carries instructions the model follows in place of the application's own. An attacker can change the answers, leak the context or steer the tools the model may call.",
    remediation:
      "- Keep untrusted text apart from instructions (delimiters, separate roles) and tell the model it is data.\n- Give the model no more rights than the user has; confirm consequential actions with the user.\n- Filter inputs and outputs for known injection patterns, and test each release with an injection suite.",
    references:
      "- [OWASP LLM01:2025 Prompt Injection](https://genai.owasp.org/llmrisk/llm01-prompt-injection/)\n- [MITRE ATLAS AML.T0051](https://atlas.mitre.org/techniques/AML.T0051)",
    cwe: 1427,
    cvssVector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:H/A:N",
    cvssScoreTenths: 82,
    severity: "high",
    tags: ["llm", "prompt injection"],
    owaspLlm: ["LLM01"],
    atlas: ["AML.T0051"],
    ruleIds: [
      "promptinject.HijackHateHumans",
      "promptinject.HijackKillHumans",
      "promptinject.HijackLongPrompt",
      "indirect-prompt-injection",
    ],
  },
  {
    id: id(2),
    title: "Sensitive information disclosed in model output",
    description:
      "The model repeats data it should not give this user: personal data, secrets from its context, or text memorised from its training data.",
    remediation:
      "- Keep secrets and other users' data out of the model's context; fetch them per user with that user's rights.\n- Redact personal data in outputs before they leave the service.\n- Review what the training and fine-tuning data contain.",
    references:
      "- [OWASP LLM02:2025 Sensitive Information Disclosure](https://genai.owasp.org/llmrisk/llm022025-sensitive-information-disclosure/)",
    cwe: 200,
    cvssVector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    cvssScoreTenths: 75,
    severity: "high",
    tags: ["llm", "privacy"],
    owaspLlm: ["LLM02"],
    atlas: ["AML.T0057"],
    ruleIds: ["leakreplay.LiteratureCloze", "pii:direct", "pii:session", "cross-session-leak"],
  },
  {
    id: id(3),
    title: "Model output rendered without encoding (insecure output handling)",
    description:
      "The application renders the model's answer as HTML or Markdown without encoding it. An answer steered by an injection can run script in the user's browser or load an image whose address carries the conversation to an attacker.",
    remediation:
      "- Treat model output as untrusted input: encode it for where it is shown.\n- Render Markdown without raw HTML, and only allow images and links to the application's own hosts.\n- Set a Content Security Policy that blocks inline script and unknown image hosts.",
    references:
      "- [OWASP LLM05:2025 Improper Output Handling](https://genai.owasp.org/llmrisk/llm052025-improper-output-handling/)\n- [CWE-79](https://cwe.mitre.org/data/definitions/79.html)",
    cwe: 79,
    cvssVector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N",
    cvssScoreTenths: 61,
    severity: "medium",
    tags: ["llm", "web"],
    owaspLlm: ["LLM05"],
    atlas: ["AML.T0057"],
    ruleIds: ["xss.MarkdownImageExfil"],
  },
  {
    id: id(4),
    title: "Excessive agency: the model's tools act beyond the user's rights",
    description:
      "The tools the model can call run with the service's own privileges, so a prompt can make the model read or change what the user could not.",
    remediation:
      "- Call tools with the end user's own credentials, scoped to the call.\n- Offer the model only the tools and operations the task needs.\n- Ask the user to confirm any action that changes or sends data.",
    references: "- [OWASP LLM06:2025 Excessive Agency](https://genai.owasp.org/llmrisk/llm062025-excessive-agency/)",
    cwe: 269,
    cvssVector: "CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:N",
    cvssScoreTenths: 81,
    severity: "high",
    tags: ["llm", "agents"],
    owaspLlm: ["LLM06"],
    atlas: ["AML.T0053"],
    ruleIds: ["excessive-agency", "rbac"],
  },
  {
    id: id(5),
    title: "Git repository metadata exposed over HTTP",
    description:
      "The web server serves the `.git` folder. Its configuration names the repository's remotes, and its objects can often be fetched to rebuild the source code, secrets included.",
    remediation:
      "- Deny every path under `/.git` at the web server.\n- Deploy build output, not a working copy.\n- Rotate any secret the repository's history holds.",
    references: "- [CWE-538](https://cwe.mitre.org/data/definitions/538.html)",
    cwe: 538,
    cvssVector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    cvssScoreTenths: 53,
    severity: "medium",
    tags: ["web", "nuclei"],
    owaspLlm: [],
    atlas: [],
    ruleIds: ["git-config"],
  },
  {
    id: id(6),
    title: "HTTP security headers missing",
    description: "Responses lack headers that tell the browser to refuse framing, mixed content or sniffed content types.",
    remediation:
      "Send `Content-Security-Policy`, `Strict-Transport-Security`, `X-Content-Type-Options: nosniff` and `Referrer-Policy` on every response.",
    references: "- [OWASP Secure Headers Project](https://owasp.org/www-project-secure-headers/)",
    cwe: 693,
    cvssVector: null,
    cvssScoreTenths: null,
    severity: null,
    tags: ["web", "nuclei", "hardening"],
    owaspLlm: [],
    atlas: [],
    ruleIds: ["http-missing-security-headers"],
  },
];

/** The rows the seed writes: the templates and their rule ids. */
export function demoTemplateRows() {
  return {
    templates: DEMO_TEMPLATES.map(({ ruleIds: _ruleIds, ...template }) => template),
    rules: DEMO_TEMPLATES.flatMap((template) => template.ruleIds.map((ruleId) => ({ templateId: template.id, ruleId }))),
  };
}
