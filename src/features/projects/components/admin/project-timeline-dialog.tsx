"use client";

import { getProjectTimelineAction } from "@/features/projects/actions/admin";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Loading } from "@/components/ui/spinner";
import { useReadOnShow } from "@/components/ui/use-read-on-show";
import { ProjectTimelineList } from "../project-timeline-list";
import type { ProjectRowView } from "./types";

const findingHref = (id: string) => `/admin/findings/${encodeURIComponent(id)}`;
const threadHref = (id: string) => `/admin/messages?${new URLSearchParams({ thread: id })}`;

/**
 * A project's timeline for the firm (docs/PRODUCT.md#project-timeline): status changes, invoices,
 * findings, reports and messages in time order, read when the dialog opens.
 */
export function ProjectTimelineDialog({ project, onClose }: { project: ProjectRowView; onClose: () => void }) {
  const { data, error } = useReadOnShow(
    project.id,
    () => getProjectTimelineAction({ projectId: project.id }),
    "Failed to load the timeline",
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title="Project Timeline"
      description={`${project.projectName} · ${project.company}`}
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      {!data && !error ? <Loading label="Loading the timeline..." /> : null}
      {data ? <ProjectTimelineList entries={data} links={{ finding: findingHref, message: threadHref }} /> : null}
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
