import type { Generated } from 'kysely';
import type { CreatedAt } from '../../db/database';

interface MonthlyPaymentsTable {
  id: Generated<number>;
  client_id: number;
  description: string;
  price_cents: number;
  created_at: CreatedAt;
}

declare module '../../db/database' {
  interface Database {
    monthly_payments: MonthlyPaymentsTable;
    /**
     * Live clients per type in each client's part of the hierarchy; 0 = all (migration 20261124T0510; written by
     * triggers only).
     */
    client_counts: { client_id: number; client_type_id: number; n: number };
  }
}
