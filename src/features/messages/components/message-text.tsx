import { linkify } from "@/lib/linkify";

/**
 * A message as typed: text stays text (React escapes it, newlines kept by CSS), http(s) links
 * become anchors that open in a new tab without handing over this page or its address.
 */
export function MessageText({ body }: { body: string }) {
  return (
    <p className="whitespace-pre-wrap break-words text-sm">
      {linkify(body).map((segment, i) =>
        segment.kind === "link" ? (
          <a
            key={i}
            href={segment.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-accent underline underline-offset-2"
          >
            {segment.text}
          </a>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </p>
  );
}
