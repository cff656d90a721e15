import { ApiError } from './errors';

/**
 * What a query or mutation tells the app's one error handler (src/shell/query-errors.ts). A query
 * names the spec's load-failure text; a mutation its failure text, from the error and the variables
 * when the text depends on them (409 reasons, create versus change).
 */
export type ErrorText = string | ((error: unknown, variables: unknown) => string);

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorText?: string };
    mutationMeta: {
      errorText?: ErrorText;
      errorTitle?: string;
      /** Toast also a 422 with field messages (the caller shows no form fields for them). */
      toastFieldErrors?: boolean;
    };
  }
}

/** The server's own reason when it refuses a change (409: one's own account, still in use), else the spec text. */
export const reasonOr =
  (text: string, status = 409) =>
  (error: unknown) =>
    error instanceof ApiError && error.status === status ? error.message : text;
