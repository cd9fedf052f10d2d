import type { Metadata } from "next";
import { connection } from "next/server";
import { MessagesScreen } from "@/features/messages/components/admin/messages-screen";
import { PageHeader } from "@/components/admin/page-header";
import { threadListFilterSchema } from "@/features/messages/validation";
import { getDb } from "@/server/core/get-db";
import { requireAdminPage } from "@/features/identity/server";
import { listActiveClientOptions } from "@/features/clients/server";
import { listAdminThreads } from "@/features/messages/server";

export const metadata: Metadata = { title: "Messages" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function AdminMessagesPage({ searchParams }: Props) {
  await connection();
  const actor = await requireAdminPage();
  const raw = await searchParams;
  const filter = threadListFilterSchema.parse({
    client: first(raw.client),
    status: first(raw.status),
    unread: first(raw.unread),
    thread: first(raw.thread),
  });
  const db = getDb();
  const [clients, threads] = await Promise.all([listActiveClientOptions(db, { actor }), listAdminThreads(db, { actor, filter })]);
  return (
    <>
      <PageHeader title="Messages" description="Conversations with clients: reply, start one, close what is settled." />
      <MessagesScreen clients={clients} threads={threads} filter={filter} />
    </>
  );
}
