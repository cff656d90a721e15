import type { Generated } from 'kysely';
import type { CreatedAt } from '../../db/database';

interface PreNotificationTables {
  asns: {
    id: Generated<number>;
    client_id: number;
    project_id: number | null;
    user_id: number | null;
    reference: string;
    w_number: string | null;
    expected: string | null;
    partial_delivery: Generated<boolean>;
    start_date_contract: string | null;
    end_date_contract: string | null;
    daas: Generated<boolean>;
    stock_owner: string;
    comment: string | null;
    completed_at: Date | null;
    created_at: CreatedAt;
    updated_at: Generated<Date>;
    deleted_at: Date | null;
  };
  asn_products: {
    id: Generated<number>;
    asn_id: number;
    product_id: number;
    expected: number;
    arrived: Generated<number>;
    daas: Generated<boolean>;
    stock_owner: string | null;
  };
}

declare module '../../db/database' {
  interface Database extends PreNotificationTables {}
}
