"use client";

import { ArrowRight, FileLock2, FolderKanban } from "lucide-react";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/spinner";
import { StatusBadge } from "@/components/ui/status-badge";
import { PROJECT_STATUS_LABELS, PROJECT_STATUS_TONES } from "@/lib/domain/project-status";
import { formatCents, formatDate, percentOf } from "@/lib/format";
import type { PortalProject, ProjectFigures } from "@/features/projects/server";
import { ProgressBar } from "@/components/portal/progress-bar";
import { sectionHref } from "@/components/portal/portal-sections-config";
import { SectionHeading } from "@/components/portal/section-heading";
import { usePortalNavigation } from "@/components/portal/use-portal-navigation";

export function ProjectsSection({ projects }: { projects: PortalProject[] }) {
  return (
    <section aria-labelledby="portal-section-heading">
      <SectionHeading title="My Projects" description={`${projects.length} ${projects.length === 1 ? "project" : "projects"}`} />
      {projects.length === 0 ? (
        <EmptyState
          title="No projects yet"
          hint="Projects appear here once your account manager sets them up."
          icon={<FolderKanban className="h-10 w-10" aria-hidden />}
        />
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {projects.map((project) => (
            <li key={project.id}>
              <ProjectCard project={project} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ProjectCard({ project }: { project: PortalProject }) {
  const { linkHandler } = usePortalNavigation();
  const open = { project: project.id };
  return (
    <Card className="flex h-full flex-col gap-4">
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-lg font-semibold">{project.projectName}</h2>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <StatusBadge value={project.status} label={PROJECT_STATUS_LABELS[project.status]} tone={PROJECT_STATUS_TONES[project.status]} />
          {/* The firm's word for this is "Sent"; the company's is what it has to do. */}
          {project.awaitingSignature ? <StatusBadge value="awaiting-signature" label="Awaiting your signature" tone="amber" /> : null}
        </div>
      </div>
      {project.description ? <p className="text-sm text-muted">{project.description}</p> : null}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <div>
          <dt className="text-muted">Due Date</dt>
          <dd className="font-medium">{formatDate(project.targetCompletionDate)}</dd>
        </div>
        {/* No figures for a member from whom the owners withheld Billing: the server sent none. */}
        {project.figures ? <ProjectFigureTerms figures={project.figures} /> : null}
      </dl>
      {project.figures ? <PaymentProgress figures={project.figures} projectName={project.projectName} /> : null}
      {project.status === "in_progress" ? (
        <p className="rounded-md bg-cyan-500/10 px-3 py-2 text-sm text-cyan-200">
          {project.targetCompletionDate
            ? `In progress, targeting completion by ${formatDate(project.targetCompletionDate)}.`
            : "In progress; the target completion date is to be confirmed."}
        </p>
      ) : null}
      {/* The project's own view: its findings, reports, invoices, conversations and timeline. */}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <a
          href={sectionHref("projects", open)}
          onClick={linkHandler("projects", open)}
          aria-label={`Open project: ${project.projectName}, its findings, reports and timeline`}
          className="inline-flex items-center gap-1 font-medium text-accent underline-offset-2 hover:underline"
        >
          Open project
          <ArrowRight className="h-4 w-4" aria-hidden />
        </a>
        <a
          href={sectionHref("documents")}
          onClick={linkHandler("documents")}
          className="inline-flex items-center gap-1 text-muted underline-offset-2 hover:text-foreground hover:underline"
        >
          <FileLock2 className="h-4 w-4" aria-hidden />
          Report vault
        </a>
      </div>
    </Card>
  );
}

function ProjectFigureTerms({ figures }: { figures: ProjectFigures }) {
  const invoiceWord = figures.invoiceCount === 1 ? "invoice" : "invoices";
  return (
    <>
      <div>
        <dt className="text-muted">Total Value</dt>
        <dd className="font-medium">{formatCents(figures.billedCents)}</dd>
      </div>
      <div>
        <dt className="text-muted">Invoices</dt>
        <dd className="font-medium">
          {figures.invoiceCount} {invoiceWord} · {formatCents(figures.billedCents)} billed
        </dd>
      </div>
      <div>
        <dt className="text-muted">Outstanding</dt>
        <dd className={figures.outstandingCents > 0 ? "font-semibold text-amber-300" : "font-medium"}>
          {formatCents(figures.outstandingCents)}
        </dd>
      </div>
    </>
  );
}

function PaymentProgress({ figures, projectName }: { figures: ProjectFigures; projectName: string }) {
  const percent = percentOf(figures.paidCents, figures.billedCents);
  return (
    <div className="mt-auto">
      <div className="mb-1 flex justify-between text-xs text-muted">
        <span>Payment progress</span>
        <span>{percent}%</span>
      </div>
      <ProgressBar percent={percent} label={`${projectName} payment progress`} />
    </div>
  );
}
