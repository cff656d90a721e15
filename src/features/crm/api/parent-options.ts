import { useEffect } from 'react';
import { useEndCustomers, useResellers } from '../../../api/lookups';
import { toastError } from '../../../shell/toast';

/** Parents to choose from in the customer form and list filters: resellers and end customers the user may see. */
export function useParentOptions(enabled: boolean) {
  const resellers = useResellers(enabled);
  const endCustomers = useEndCustomers(enabled);
  const failed = resellers.isError || endCustomers.isError;
  useEffect(() => {
    if (failed) toastError('Eindklanten kunnen niet worden ingeladen');
  }, [failed]);
  return { resellers: resellers.data ?? [], endCustomers: endCustomers.data ?? [] };
}
