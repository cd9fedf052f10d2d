"use client";

import { useState } from "react";
import { type DefaultValues, type FieldValues, type Resolver, useForm } from "react-hook-form";
import type { $ZodType } from "zod/v4/core";

/** The form's schema module, imported when the form is first checked: `() => import("…/validation").then((m) => m.schema)`. */
export type SchemaLoader<Input extends FieldValues, Output extends FieldValues> = () => Promise<$ZodType<Output, Input>>;

/**
 * A form checked in the browser by the same zod schema the server action parses: its input is what
 * the fields hold, its output what submit receives. The schema, zod and the resolver load with the
 * first check (a submit), not with the page: a screen of forms opens without them. Should they fail
 * to load, that submit goes unchecked in the browser (the server parses the values either way and
 * its field messages show under the fields), and the next submit tries again.
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  loadSchema: SchemaLoader<Input, Output>,
  defaultValues: DefaultValues<Input>,
) {
  const [resolver] = useState(() => lazyResolver(loadSchema));
  return useForm<Input, unknown, Output>({ resolver, defaultValues });
}

function lazyResolver<Input extends FieldValues, Output extends FieldValues>(
  loadSchema: SchemaLoader<Input, Output>,
): Resolver<Input, unknown, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | null = null;
  return async (values, context, options) => {
    loading ??= Promise.all([loadSchema(), import("@hookform/resolvers/zod")]).then(([schema, { zodResolver }]) => zodResolver(schema));
    let resolve: Resolver<Input, unknown, Output>;
    try {
      resolve = await loading;
    } catch {
      loading = null;
      return { values: values as unknown as Output, errors: {} };
    }
    return resolve(values, context, options);
  };
}
