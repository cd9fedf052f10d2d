import "server-only";
import { Body, Button, Container, Head, Html, Link, render, Section, Text } from "@react-email/components";
import { Fragment, type CSSProperties } from "react";
import { siteConfig } from "@/config/site";

// The one HTML layout of every mail (account mails in templates.ts, notifications in the
// notifications slice): the brand's header in text (no remote images), a white card with the
// content and its button, and a grey footer. React escapes every text and attribute, so a visitor's
// or a client's words are inert. Each caller writes its own plain-text part.

export type MailContent = {
  subject: string;
  /** Who the mail is for, its first line: "Acme Robotics" (the client's company) or "Admin". */
  greetingName?: string;
  paragraphs: string[];
  /** Label and value lines shown as a small table (amounts, dates). */
  facts?: [string, string][];
  action?: { label: string; url: string };
};

/** Why the mail came and how to stop it; without one, the footer is the brand's name. */
export type MailFooter = { reason: string; unsubscribeUrl: string | null; preferencesUrl: string };

const GREY = "#64748b";
const styles = {
  body: { margin: 0, background: "#f1f5f9", fontFamily: "system-ui,-apple-system,sans-serif", color: "#0f172a" },
  container: { maxWidth: "560px", margin: "0 auto", padding: "24px" },
  header: {
    background: "#0b1120",
    color: "#22d3ee",
    padding: "16px 24px",
    borderRadius: "8px 8px 0 0",
    fontWeight: 700,
    letterSpacing: ".02em",
  },
  card: { background: "#ffffff", padding: "24px", borderRadius: "0 0 8px 8px" },
  paragraph: { margin: "0 0 16px", fontSize: "14px", lineHeight: 1.5 },
  factLabel: { padding: "4px 16px 4px 0", color: "#475569", fontSize: "14px" },
  factValue: { padding: "4px 0", fontWeight: 600, fontSize: "14px" },
  button: {
    background: "#06b6d4",
    color: "#0b1120",
    padding: "12px 20px",
    borderRadius: "6px",
    textDecoration: "none",
    fontWeight: 600,
    fontSize: "14px",
  },
  footer: { color: GREY, fontSize: "12px", lineHeight: 1.5, margin: "16px 0 0" },
  footerLink: { color: GREY, textDecoration: "underline" },
} satisfies Record<string, CSSProperties>;

/** A paragraph's line breaks as <br>: the text part keeps them as written. */
function Lines({ value }: { value: string }) {
  return value.split("\n").map((line, i) => (
    <Fragment key={i}>
      {i > 0 && <br />}
      {line}
    </Fragment>
  ));
}

export function MailLayout({ content, footer }: { content: MailContent; footer?: MailFooter }) {
  const paragraphs = content.greetingName === undefined ? content.paragraphs : [content.greetingName, ...content.paragraphs];
  return (
    <Html lang="en">
      <Head>
        <title>{content.subject}</title>
      </Head>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>{siteConfig.name}</Section>
          <Section style={styles.card}>
            {paragraphs.map((p, i) => (
              <Text key={i} style={styles.paragraph}>
                <Lines value={p} />
              </Text>
            ))}
            {content.facts?.length ? (
              <table role="presentation" style={{ borderCollapse: "collapse", margin: "0 0 16px" }}>
                <tbody>
                  {content.facts.map(([label, value], i) => (
                    <tr key={i}>
                      <td style={styles.factLabel}>{label}</td>
                      <td style={styles.factValue}>{value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {content.action ? (
              <Section style={{ margin: "24px 0 8px" }}>
                <Button href={content.action.url} style={styles.button}>
                  {content.action.label}
                </Button>
              </Section>
            ) : null}
          </Section>
          {footer ? (
            <Text style={styles.footer}>
              {footer.reason}
              <br />
              <Link href={footer.preferencesUrl} style={styles.footerLink}>
                Manage notifications
              </Link>
              {footer.unsubscribeUrl ? (
                <>
                  {" · "}
                  <Link href={footer.unsubscribeUrl} style={styles.footerLink}>
                    Unsubscribe
                  </Link>
                </>
              ) : null}
            </Text>
          ) : (
            <Text style={styles.footer}>{siteConfig.name}</Text>
          )}
        </Container>
      </Body>
    </Html>
  );
}

/**
 * The layout as an HTML document. React Email writes an XHTML 1.0 doctype and React an apostrophe
 * as `&#x27;`; the mails keep the HTML5 doctype and the decimal entity they always had (the layout
 * is HTML5: `lang`, no XHTML), which every client reads alike.
 */
export async function renderMailHtml(content: MailContent, footer?: MailFooter): Promise<string> {
  const html = await render(<MailLayout content={content} footer={footer} />);
  return html.replace(/^<!DOCTYPE[^>]*>/i, "<!doctype html>").replaceAll("&#x27;", "&#39;");
}
