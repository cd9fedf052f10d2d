"use client";

import { Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { NewThreadCard } from "@/features/messages/components/new-thread-card";
import { ThreadList } from "@/features/messages/components/thread-list";
import { ThreadView } from "@/features/messages/components/thread-view";
import { Button } from "@/components/ui/button";
import { Field, fieldAria, Input, Select } from "@/components/ui/field";
import { Toast, useToast } from "@/components/ui/toast";
import { newThreadSchema, SUBJECT_MAX_LENGTH } from "@/features/messages/validation";
import type { ThreadSummary } from "@/features/messages/server";
import { sectionHref } from "@/components/portal/portal-sections-config";
import { SectionHeading } from "@/components/portal/section-heading";
import { usePortalNavigation } from "@/components/portal/use-portal-navigation";

const API = "/api/client/messages";

/** The client's conversations with the team (docs/PRODUCT.md#portal-messages); the open one is ?thread=<id>. */
export function MessagesSection({
  data,
  readOnly = false,
}: {
  /** What the portal's loader reads for the section (src/features/portal/server/portal-load.ts). */
  data: { threads: ThreadSummary[]; projects: { id: string; projectName: string }[] };
  /** An admin viewing the portal: conversations open, nothing is sent (docs/PRODUCT.md#admin-view-as-client). */
  readOnly?: boolean;
}) {
  const router = useRouter();
  const { searchParams, navigate, linkHandler } = usePortalNavigation();
  const { toast, show } = useToast();
  const [composing, setComposing] = useState(false);
  const subjectId = useId();
  const projectId = useId();
  const threadId = searchParams.get("thread");
  const notify = (message: string, tone: "success" | "error") => show(message, tone === "error" ? 6000 : 3000, tone);

  return (
    <section aria-labelledby="portal-section-heading">
      <SectionHeading
        title="Messages"
        description="Secure conversations with our team. Findings and files stay here, not in e-mail."
        aside={
          threadId || composing || readOnly ? null : (
            <Button onClick={() => setComposing(true)}>
              <Plus className="h-4 w-4" aria-hidden /> New conversation
            </Button>
          )
        }
      />
      {threadId ? (
        <ThreadView
          key={threadId}
          api={API}
          threadId={threadId}
          onBack={() => navigate("messages")}
          onChanged={() => router.refresh()}
          notify={notify}
          readOnly={readOnly}
        />
      ) : (
        <div className="space-y-6">
          {composing && !readOnly ? (
            <NewThreadCard
              api={API}
              schema={newThreadSchema}
              fields={(errors) => (
                <>
                  <Field id={subjectId} label="Subject" error={errors.subject}>
                    <Input {...fieldAria(subjectId, errors.subject)} name="subject" maxLength={SUBJECT_MAX_LENGTH} />
                  </Field>
                  <Field id={projectId} label="About" error={errors.projectId}>
                    <Select {...fieldAria(projectId, errors.projectId)} name="projectId" defaultValue="">
                      <option value="">General question</option>
                      {data.projects.map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.projectName}
                        </option>
                      ))}
                    </Select>
                  </Field>
                </>
              )}
              onCreated={(id) => {
                navigate("messages", { thread: id });
                router.refresh();
              }}
              onCancel={() => setComposing(false)}
              notify={notify}
            />
          ) : null}
          <ThreadList
            threads={data.threads}
            hrefOf={(id) => sectionHref("messages", { thread: id })}
            onOpen={(id) => linkHandler("messages", { thread: id })}
            emptyHint="Start a conversation with our team about a project or anything else."
          />
        </div>
      )}
      <Toast toast={toast} />
    </section>
  );
}
