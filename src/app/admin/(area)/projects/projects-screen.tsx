"use client";

import { BadgeCheck, FileLock2, FileSignature } from "lucide-react";
import type { ComponentProps } from "react";
import { ProjectLettersDialog } from "@/features/attestations/components/project-letters-button";
import { ProjectAuthorizationDialog } from "@/features/authorizations/components/project-authorization-button";
import { type ProjectRecordDialog, ProjectsScreen as ProjectsTable } from "@/features/projects/components/admin/projects-screen";
import { ProjectReportsDialog } from "@/features/reports/components/project-reports-button";
import { setProjectStatusAction, updateProjectAction } from "@/features/projectadmin/actions/admin";

// The Projects screen with the dialogs of the records made for a project, which belong to other
// slices: composed here, so the projects slice (a basic entity many slices read) imports none of them.
const RECORD_DIALOGS: readonly ProjectRecordDialog[] = [
  {
    label: "Authorization",
    icon: <FileSignature className="h-4 w-4" aria-hidden />,
    render: (project, onClose) => <ProjectAuthorizationDialog project={project} onClose={onClose} />,
  },
  {
    label: "Reports",
    icon: <FileLock2 className="h-4 w-4" aria-hidden />,
    render: (project, onClose) => <ProjectReportsDialog project={project} onClose={onClose} />,
  },
  {
    label: "Letters",
    icon: <BadgeCheck className="h-4 w-4" aria-hidden />,
    render: (project, onClose) => <ProjectLettersDialog project={project} onClose={onClose} />,
  },
];

// The edit and the status change read or gate on those slices' records too (modules/projectadmin).
const EDITS = { updateProject: updateProjectAction, setProjectStatus: setProjectStatusAction };

/** The slice's screen with the record dialogs (named as the page's one screen). */
export function ProjectsScreen(props: Omit<ComponentProps<typeof ProjectsTable>, "recordDialogs" | "edits">) {
  return <ProjectsTable {...props} edits={EDITS} recordDialogs={RECORD_DIALOGS} />;
}
