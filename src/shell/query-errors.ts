import type { Mutation, Query } from '@tanstack/react-query';
import { ApiError, markShown } from '../api/errors';
import type { ErrorText } from '../api/meta';
import { toastError } from './toast';

/** 401 goes to the login page (src/api/client.ts); nothing to show. */
const isSignedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

/** A 422 with field messages belongs to the form's fields (useApiForm), not to a toast. */
const isFieldValidation = (error: unknown) =>
  error instanceof ApiError && error.isValidation && Object.keys(error.fieldErrors).length > 0;

const textOf = (errorText: ErrorText, error: unknown, variables: unknown) =>
  typeof errorText === 'function' ? errorText(error, variables) : errorText;

/** QueryCache.onError: a failed load shows the query's spec text. */
export function onQueryError(error: unknown, query: Query<unknown, unknown, unknown>): void {
  const errorText = query.meta?.errorText;
  if (!errorText || isSignedOut(error)) return;
  toastError(errorText);
}

/** MutationCache.onError: a failed command shows the mutation's spec text, unless its fields show it. */
export function onMutationError(
  error: unknown,
  variables: unknown,
  _context: unknown,
  mutation: Mutation<unknown, unknown, unknown>,
): void {
  const errorText = mutation.meta?.errorText;
  if (!errorText || (isFieldValidation(error) && !mutation.meta?.toastFieldErrors)) return;
  toastError(textOf(errorText, error, variables), mutation.meta?.errorTitle);
  markShown(error);
}
