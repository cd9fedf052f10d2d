// Texts the report buttons show, apart from the schemas (and zod), which the server parses with.

/** The title a generated report is published under in the vault: each publish is its next version. */
export const GENERATED_REPORT_TITLE = "Security assessment report";

/** The answer to publishing a report of no published finding before the admin has confirmed it. */
export const EMPTY_REPORT_UNCONFIRMED =
  "No finding of this engagement is published: the report would only say so. Publish the empty report, or cancel and publish findings first.";
