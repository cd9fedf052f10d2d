"use client";

import { CalendarRange, FolderKanban, Link2, Pencil, Plus, Receipt, ShieldAlert } from "lucide-react";
import { type ReactNode, useState } from "react";
import { PageHeader } from "@/components/admin/page-header";
import { Button } from "@/components/ui/button";
import { type Column, type ListEmptyTexts, ListTable } from "@/components/admin/list-table";
import { Toast, useToast } from "@/components/ui/toast";
import { useChange } from "@/components/ui/use-change";
import { cn } from "@/lib/cn";
import { formatCents, formatDate } from "@/lib/format";
import { PROJECT_STATUS_LABELS, PROJECT_STATUS_TONES, PROJECT_STATUSES, type ProjectStatus } from "@/lib/domain/project-status";
import { TONE_CLASSES } from "@/lib/domain/tone";
import { ProjectTimelineDialog } from "./project-timeline-dialog";
import { RowActionsMenu } from "@/components/admin/row-actions-menu";
import { ManageInvoicesDialog } from "./manage-invoices-dialog";
import { ProjectFormDialog } from "./project-form-dialog";
import { ProjectInvoicesDialog } from "./project-invoices-dialog";
import type { ProjectEdits, ProjectRowView } from "./types";
import { Options } from "@/components/ui/options";

type RowDialog = "edit" | "manage" | "invoices" | "timeline";
type Modal =
  { kind: "create" } | { kind: RowDialog; project: ProjectRowView } | { kind: "record"; index: number; project: ProjectRowView } | null;

/**
 * A dialog of another slice about one project (its authorization, reports, letters), opened from
 * the row's menu: the page that shows the screen hands them in, so this slice imports none of them.
 */
export type ProjectRecordDialog = {
  label: string;
  icon: ReactNode;
  render: (project: ProjectRowView, onClose: () => void) => ReactNode;
};

const EMPTY: ListEmptyTexts = {
  icon: FolderKanban,
  whenFiltered: { title: "No projects found", hint: "Try adjusting your filters" },
  whenNone: { title: "No projects yet", hint: "Projects will appear here as they are created" },
};

export function CreateProjectButton({ onClick }: { onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <Plus className="h-4 w-4" aria-hidden />
      Create Project
    </Button>
  );
}

/** The projects table with its inline status change and the project dialogs. */
export function ProjectsScreen({
  rows,
  isFiltered,
  controls,
  footer,
  exportLink,
  edits,
  recordDialogs = [],
}: {
  rows: ProjectRowView[];
  isFiltered: boolean;
  controls: ReactNode;
  footer: ReactNode;
  exportLink?: ReactNode;
  edits: ProjectEdits;
  recordDialogs?: readonly ProjectRecordDialog[];
}) {
  const { toast, show } = useToast();
  const [modal, setModal] = useState<Modal>(null);
  // Statuses saved inline, shown over the server's rows until fresh rows arrive (a refresh after
  // any change brings the saved values; an edit may have changed the status again).
  const [statuses, setStatuses] = useState<Record<string, ProjectStatus>>({});
  const [rowsSeen, setRowsSeen] = useState(rows);
  if (rows !== rowsSeen) {
    setRowsSeen(rows);
    setStatuses({});
  }
  const { isBusy, running: saving, run } = useChange((message, tone) => show(message, tone === "error" ? 5000 : 3000, tone));

  const changeStatus = (project: ProjectRowView, status: ProjectStatus) =>
    run(project.id, () => edits.setProjectStatus({ projectId: project.id, status }), {
      done: ({ project: saved }) => {
        setStatuses((current) => ({ ...current, [saved.id]: saved.status }));
        return `Project ${saved.projectName} is now ${PROJECT_STATUS_LABELS[saved.status]}`;
      },
    });

  const columns: Column<ProjectRowView>[] = [
    {
      header: "Project",
      className: "md:max-w-64",
      cell: (project) => (
        <>
          <span className="block">{project.projectName}</span>
          {project.description ? <span className="mt-0.5 line-clamp-1 text-xs font-normal text-muted">{project.description}</span> : null}
        </>
      ),
    },
    { header: "Client", cell: (project) => project.company },
    {
      header: "Status",
      cell: (project) => {
        const status = statuses[project.id] ?? project.status;
        return (
          <select
            aria-label={`Status of ${project.projectName}`}
            value={status}
            disabled={isBusy}
            aria-busy={saving === project.id}
            onChange={(event) => changeStatus(project, event.target.value as ProjectStatus)}
            className={cn(
              "h-8 rounded-md border px-2 text-xs font-semibold focus:outline-none focus:ring-1 focus:ring-accent",
              TONE_CLASSES[PROJECT_STATUS_TONES[status]],
            )}
          >
            <Options items={PROJECT_STATUSES} label={PROJECT_STATUS_LABELS} className="bg-slate-900 text-foreground" />
          </select>
        );
      },
    },
    { header: "Due Date", className: "whitespace-nowrap", cell: (project) => formatDate(project.targetCompletionDate) },
    { header: "Value", align: "right", className: "font-mono", cell: (project) => formatCents(project.totalBilledCents) },
    { header: "Invoices", align: "right", cell: (project) => project.invoiceCount },
    {
      header: "Outstanding",
      align: "right",
      cell: (project) => (
        <span className={cn("font-mono font-semibold", project.outstandingCents > 0 ? "text-danger" : "text-success")}>
          {formatCents(project.outstandingCents)}
        </span>
      ),
    },
    {
      header: "Actions",
      // Edit stays a button; the rest is one labelled menu, so the row fits 1280 px and a phone's card.
      cell: (project) => {
        const open = (kind: RowDialog) => () => setModal({ kind, project });
        return (
          <div className="flex items-center gap-1">
            <IconButton label={`Edit ${project.projectName}`} onClick={open("edit")}>
              <Pencil className="h-4 w-4" aria-hidden />
            </IconButton>
            <RowActionsMenu
              name={project.projectName}
              actions={[
                { label: "Link invoices", icon: <Link2 className="h-4 w-4" aria-hidden />, onSelect: open("manage") },
                { label: "View invoices", icon: <Receipt className="h-4 w-4" aria-hidden />, onSelect: open("invoices") },
                ...recordDialogs.map(({ label, icon }, index) => ({
                  label,
                  icon,
                  onSelect: () => setModal({ kind: "record", index, project }),
                })),
                // The engagement: the project's findings (docs/PRODUCT.md#admin-engagements).
                {
                  label: "Engagement",
                  icon: <ShieldAlert className="h-4 w-4" aria-hidden />,
                  href: `/admin/findings?${new URLSearchParams({ projectId: project.id })}`,
                },
                { label: "Timeline", icon: <CalendarRange className="h-4 w-4" aria-hidden />, onSelect: open("timeline") },
              ]}
            />
          </div>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader
        title="Project Management"
        description="Projects with the invoices linked to them."
        actions={
          <>
            {exportLink}
            <CreateProjectButton onClick={() => setModal({ kind: "create" })} />
          </>
        }
      />
      {controls}
      <ListTable
        caption="Projects"
        columns={columns}
        rows={rows}
        minWidthClass="md:min-w-[760px]"
        rowClassName="align-top"
        filtered={isFiltered}
        empty={EMPTY}
      />
      {footer}
      {modal?.kind === "create" ? (
        <ProjectFormDialog project={null} update={edits.updateProject} onClose={() => setModal(null)} showToast={show} />
      ) : null}
      {modal?.kind === "edit" ? (
        <ProjectFormDialog
          project={{ ...modal.project, status: statuses[modal.project.id] ?? modal.project.status }}
          update={edits.updateProject}
          onClose={() => setModal(null)}
          showToast={show}
        />
      ) : null}
      {modal?.kind === "manage" ? <ManageInvoicesDialog project={modal.project} onClose={() => setModal(null)} showToast={show} /> : null}
      {modal?.kind === "invoices" ? <ProjectInvoicesDialog project={modal.project} onClose={() => setModal(null)} /> : null}
      {modal?.kind === "timeline" ? <ProjectTimelineDialog project={modal.project} onClose={() => setModal(null)} /> : null}
      {modal?.kind === "record" ? recordDialogs[modal.index]?.render(modal.project, () => setModal(null)) : null}
      <Toast toast={toast} />
    </>
  );
}

function IconButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className="rounded-md p-2 text-muted hover:bg-surface-2 hover:text-accent"
    >
      {children}
    </button>
  );
}
