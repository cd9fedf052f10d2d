"use client";

import type { ReactNode } from "react";
import type { $ZodType } from "zod/v4/core";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { MessageForm } from "./message-form";

/**
 * The "New conversation" box of the admin and the client messages screens: the first message with
 * the screen's own fields (client, subject, project). On success it reports the new thread's id.
 */
export function NewThreadCard({
  api,
  schema,
  fields,
  onCreated,
  onCancel,
  notify,
}: {
  api: string;
  schema: $ZodType;
  fields: (errors: Record<string, string>) => ReactNode;
  onCreated: (threadId: string) => void;
  onCancel: () => void;
  notify: (message: string, tone: "success" | "error") => void;
}) {
  return (
    <Card className="max-w-3xl">
      <h2 className="mb-4 text-lg font-semibold">New conversation</h2>
      <MessageForm<{ threadId: string }>
        url={`${api}/threads`}
        schema={schema}
        submitLabel="Send message"
        fields={fields}
        // Committed with the sending change: the box closes when the new conversation shows.
        onSent={({ threadId }) => {
          onCancel();
          notify("Message sent", "success");
          onCreated(threadId);
        }}
        onError={(message) => notify(message, "error")}
      />
      <Button variant="ghost" className="mt-2" onClick={onCancel}>
        Cancel
      </Button>
    </Card>
  );
}
