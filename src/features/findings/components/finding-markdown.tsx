import type { ComponentProps } from "react";
import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { safeFindingUrl } from "@/lib/finding-markdown";

function Link({ href, children }: ComponentProps<"a">) {
  if (!href) return <span>{children}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-accent underline underline-offset-2 break-all">
      {children}
    </a>
  );
}

/** A code block (evidence, a payload): it scrolls sideways, so the keyboard can reach and scroll it. */
function CodeBlock({ children }: ComponentProps<"pre">) {
  return <pre tabIndex={0}>{children}</pre>;
}

/**
 * A finding's Markdown (description, remediation, references) rendered on the server with
 * react-markdown and GitHub's extensions (tables, task lists, autolinks). Raw HTML is dropped,
 * never rendered; images are not loaded (their text stays); links go only to http(s) and mailto
 * (docs/PRODUCT.md#portal-findings). Render it from a server component only.
 */
export function FindingMarkdown({ text, empty = "—" }: { text: string; empty?: string }) {
  if (!text.trim()) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <div className="finding-markdown min-w-0 space-y-2 text-sm leading-relaxed text-slate-200 [&_code]:rounded [&_code]:bg-slate-800 [&_code]:px-1 [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-slate-900 [&_pre]:p-2 [&_pre]:focus-visible:outline-2 [&_pre]:focus-visible:outline-accent [&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:border-slate-700 [&_td]:px-2 [&_th]:border [&_th]:border-slate-700 [&_th]:px-2 [&_ul]:list-disc [&_ul]:pl-5">
      <Markdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        disallowedElements={["img"]}
        unwrapDisallowed
        urlTransform={safeFindingUrl}
        components={{ a: Link, pre: CodeBlock }}
      >
        {text}
      </Markdown>
    </div>
  );
}
