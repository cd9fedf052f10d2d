"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { type DefaultValues, type FieldValues, useForm } from "react-hook-form";
import type { $ZodType } from "zod/v4/core";

/** A form checked in the browser by the same zod schema the server action parses: its input is what the fields hold, its output what submit receives. */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: $ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) {
  return useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
}
