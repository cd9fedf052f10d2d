"use client";

import { FileText } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, fieldAria, Select } from "@/components/ui/field";
import { Toast, useToast } from "@/components/ui/toast";
import { useChange } from "@/components/ui/use-change";
import { generateBoardSummaryAction } from "@/features/analytics/actions/admin";
import { requestBoardSummaryAction } from "@/features/analytics/actions/portal";

/**
 * The board summary (docs/PRODUCT.md#analytics): a calendar quarter (and, for the firm, a company),
 * and one button that draws the quarter's remediation figures as a PDF and publishes it to the
 * company's report vault. The firm's card has the company picker; a company owner's has none.
 */
export function BoardSummaryCard({
  companies,
  quarters,
  company: initialCompany,
  quarter: initialQuarter,
}: {
  /** The firm's card: the companies to choose from. Left out on an owner's card (its own company). */
  companies?: { id: string; company: string }[];
  /** The quarters offered, newest first (the current one, in progress, included). */
  quarters: string[];
  /** Chosen at first: the company of the analytics' filter, if any, and the last full quarter. */
  company?: string;
  quarter: string;
}) {
  const { toast, show } = useToast();
  const { running, run } = useChange((message, tone) => show(message, tone === "error" ? 6000 : 4000, tone));
  const [company, setCompany] = useState(initialCompany ?? companies?.[0]?.id ?? "");
  const [quarter, setQuarter] = useState(initialQuarter);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ids = { company: useId(), quarter: useId() };
  const busy = running === "summary";
  const name = companies ? (companies.find((c) => c.id === company)?.company ?? "the company") : null;
  return (
    <Card className="mb-6">
      <Toast toast={toast} />
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <FileText className="h-5 w-5 text-accent" aria-hidden />
        Board summary
      </h2>
      <p className="mt-1 text-sm text-muted">
        {companies ? "A company's" : "Your"} remediation figures for one calendar quarter, with each chart, table and definition, as a PDF
        published to {companies ? "the company's" : "your"} report vault (Documents). Generating it again publishes the next version.
      </p>
      {companies?.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No company has published findings yet.</p>
      ) : (
        <form
          className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            setErrors({});
            run(
              "summary",
              () => (companies ? generateBoardSummaryAction({ clientId: company, quarter }) : requestBoardSummaryAction({ quarter })),
              {
                refresh: false,
                refused: (refusal) => {
                  if (!refusal.fieldErrors) return false;
                  setErrors(refusal.fieldErrors);
                  return true;
                },
                done: (summary) =>
                  `Published "${summary.title}" (version ${summary.version}) to ${name ? `${name}'s` : "your"} report vault.${
                    summary.empty ? " It says that no findings fall in that quarter." : ""
                  }`,
              },
            );
          }}
        >
          {companies ? (
            <Field id={ids.company} label="Company" error={errors.clientId}>
              <Select {...fieldAria(ids.company, errors.clientId)} value={company} onChange={(e) => setCompany(e.target.value)}>
                {companies.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.company}
                  </option>
                ))}
              </Select>
            </Field>
          ) : null}
          <Field id={ids.quarter} label="Quarter" error={errors.quarter} className={companies ? undefined : "sm:col-span-2"}>
            <Select {...fieldAria(ids.quarter, errors.quarter)} value={quarter} onChange={(e) => setQuarter(e.target.value)}>
              {quarters.map((q, i) => (
                <option key={q} value={q}>
                  {i === 0 ? `${q} (in progress)` : q}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="submit" disabled={busy} aria-label={`Generate PDF: ${quarter} remediation summary${name ? ` for ${name}` : ""}`}>
            {busy ? "Generating..." : "Generate PDF"}
          </Button>
        </form>
      )}
    </Card>
  );
}
