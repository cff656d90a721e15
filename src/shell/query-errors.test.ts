import { describe, expect, it } from 'vitest';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/errors';
import { reasonOr } from '../api/meta';
import { onMutationError, onQueryError } from './query-errors';
import { currentToast, dismissToast } from './toast';

const client = () =>
  new QueryClient({
    queryCache: new QueryCache({ onError: onQueryError }),
    mutationCache: new MutationCache({ onError: onMutationError }),
    defaultOptions: { queries: { retry: false } },
  });

function clearToast() {
  const t = currentToast();
  if (t) dismissToast(t.id);
}

const failWith = (error: Error) => () => Promise.reject(error);

describe('errors through one place', () => {
  it('a failed command shows the text from its meta, with the server reason where the meta asks for it', async () => {
    clearToast();
    const qc = client();
    const run = (error: Error) =>
      qc
        .getMutationCache()
        .build(qc, {
          mutationFn: failWith(error),
          meta: { errorText: reasonOr('Er is helaas iets fout gegaan bij het verwijderen van de klant') },
        })
        .execute(undefined)
        .catch(() => undefined);
    await run(new ApiError(500, 'Serverfout'));
    expect(currentToast()).toMatchObject({
      title: 'Foutmelding',
      text: 'Er is helaas iets fout gegaan bij het verwijderen van de klant',
      type: 'alert',
    });
    await run(new ApiError(409, 'Deze klant heeft nog voorraad.'));
    expect(currentToast()?.text).toBe('Deze klant heeft nog voorraad.');
  });

  it('a 422 with field messages goes to the form, not to a toast, unless the meta says the caller has no fields', async () => {
    clearToast();
    const qc = client();
    const invalid = new ApiError(422, 'Validatie mislukt!', { name: ['Dit veld is verplicht.'] });
    await qc
      .getMutationCache()
      .build(qc, { mutationFn: failWith(invalid), meta: { errorText: 'De rol is niet opgeslagen' } })
      .execute(undefined)
      .catch(() => undefined);
    expect(currentToast()).toBeNull();
    await qc
      .getMutationCache()
      .build(qc, {
        mutationFn: failWith(invalid),
        meta: { errorText: 'De rol is niet opgeslagen', toastFieldErrors: true },
      })
      .execute(undefined)
      .catch(() => undefined);
    expect(currentToast()?.text).toBe('De rol is niet opgeslagen');
  });

  it('a failed load shows the query meta text; a 401 (on its way to the login page) shows nothing', async () => {
    clearToast();
    const qc = client();
    await qc
      .fetchQuery({
        queryKey: ['a'],
        queryFn: failWith(new ApiError(401, 'Unauthenticated.')),
        meta: { errorText: 'Klantgegevens kunnen niet worden ingeladen' },
      })
      .catch(() => undefined);
    expect(currentToast()).toBeNull();
    await qc
      .fetchQuery({
        queryKey: ['b'],
        queryFn: failWith(new ApiError(500, 'x')),
        meta: { errorText: 'Klantgegevens kunnen niet worden ingeladen' },
      })
      .catch(() => undefined);
    expect(currentToast()?.text).toBe('Klantgegevens kunnen niet worden ingeladen');
  });
});
