"use client";

import { Download, FileText } from "lucide-react";
import { useId, useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { type StatementFormat, statementQuerySchema } from "@/features/invoices/validation";

/**
 * A statement for a period as PDF or CSV (docs/PRODUCT.md#statements): plain download links to
 * `href` (the portal's route or the admin's), the period checked with the server's own schema
 * before a link is offered. Empty dates take the server's defaults: this calendar year so far.
 */
export function StatementDownload({ href, className }: { href: string; className?: string }) {
  const id = useId();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const parsed = statementQuerySchema.safeParse({ from, to });
  const problem = parsed.success ? undefined : parsed.error.issues[0]?.message;
  const fromProblem = parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === "from")?.message;
  const toProblem = fromProblem ? undefined : problem;
  const link = (format: StatementFormat) => {
    const query = new URLSearchParams();
    if (from) query.set("from", from);
    if (to) query.set("to", to);
    query.set("format", format);
    return `${href}?${query}`;
  };
  const download = (format: StatementFormat, label: string) =>
    problem ? (
      <Button variant="secondary" size="sm" disabled>
        <Download className="h-4 w-4" aria-hidden />
        {label}
      </Button>
    ) : (
      <a href={link(format)} download className={buttonClasses("secondary", "sm")}>
        <Download className="h-4 w-4" aria-hidden />
        {label}
      </a>
    );

  return (
    <Card className={className} role="region" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-semibold">
        <FileText className="h-5 w-5 text-accent" aria-hidden />
        Statement
      </h2>
      <p className="mt-1 text-sm text-muted">
        The opening balance, the invoices and payments of a period, and the closing balance. Leave the dates empty for this calendar year so
        far.
      </p>
      <div className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <Field id={`${id}-from`} label="From" error={fromProblem}>
          <Input {...fieldAria(`${id}-from`, fromProblem)} type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        </Field>
        <Field id={`${id}-to`} label="To" error={toProblem}>
          <Input {...fieldAria(`${id}-to`, toProblem)} type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        </Field>
        <div className="flex flex-wrap gap-2 sm:pt-7">
          {download("pdf", "Download PDF")}
          {download("csv", "Download CSV")}
        </div>
      </div>
    </Card>
  );
}
