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
  }
}
