import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Where a field the server named goes on the form: a path of the form's, or null to leave its
 * message to the form's notice. Without one, a field the form has (its top-level name among the
 * form's values) takes its own message.
 */
export type FieldOf<T extends FieldValues> = (field: string) => Path<T> | null | undefined;

/**
 * A refused call's field errors (a 400's `errors`, or its one `field`: ApiError.fieldErrors)
 * put on the form's fields. Answers the form's own notice: the call's message when no field took
 * one (another status, a field the form does not have, no answer at all), else null.
 */
export function putServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'getValues' | 'setError'>,
  e: unknown,
  fieldOf?: FieldOf<T>,
): string | null {
  if (!(e instanceof ApiError)) return e instanceof Error ? e.message : String(e);
  const values = form.getValues() as Record<string, unknown>;
  let placed = false;
  for (const [name, message] of Object.entries(e.fieldErrors)) {
    const path = fieldOf ? fieldOf(name) : name.split('.')[0]! in values ? (name as Path<T>) : null;
    if (!path) continue;
    form.setError(path, { message });
    placed = true;
  }
  return placed ? null : e.message;
}

/**
 * A form's call (docs/console/README.md "Forms"): `submit` validates with the form's schema, sends,
 * and on a refusal puts the server's field errors on the fields (putServerErrors) or, failing
 * that, its message in `failure` for the form's notice (FormAlert). The form's `isSubmitting`
 * holds while the call is under way.
 */
export function useFormMutation<T extends FieldValues, V, R>(
  form: UseFormReturn<T, unknown, V>,
  o: {
    mutationFn: (values: V) => Promise<R>;
    onSuccess?: (answer: R, values: V) => unknown;
    /** after the fields and the notice are set (a 412's fresh copy, a list read again) */
    onError?: (e: Error, values: V) => unknown;
    /** where a field the server named goes, given the values sent (FieldOf) */
    fieldOf?: (field: string, values: V) => Path<T> | null | undefined;
  },
) {
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation<R, Error, V>({
    mutationFn: o.mutationFn,
    onMutate: () => setFailure(null),
    onSuccess: o.onSuccess,
    onError: (e, values) => {
      const fieldOf = o.fieldOf;
      setFailure(putServerErrors(form, e, fieldOf && ((f) => fieldOf(f, values))));
      return o.onError?.(e, values);
    },
  });
  const submit = form.handleSubmit(async (values) => {
    await mutation.mutateAsync(values).catch(() => undefined);
  });
  return { submit, failure, setFailure, mutation };
}
