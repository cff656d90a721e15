import type { Generated } from 'kysely';
import type { CreatedAt } from '../../db/database';

/** Deliveries as far as the stock area needs them (a mutation creates a MUTATIE delivery). */
export interface DeliveryTables {
  deliveries: {
    id: Generated<number>;
    delivery_type_id: number;
    client_id: number;
    project_id: number | null;
    user_id: number | null;
    carrier_id: Generated<number>;
    order_number: string | null;
    your_reference: string | null;
    w_number: string | null;
    date: string | null;
    contact: string | null;
    contact_email: string | null;
    contact_phone: string | null;
    address: string | null;
    description: string | null;
    comment: string | null;
    is_cancelled: Generated<boolean>;
    completed_at: Date | null;
    created_at: CreatedAt;
    updated_at: Generated<Date>;
    deleted_at: Date | null;
  };
  delivery_products: {
    id: Generated<number>;
    delivery_id: number;
    product_id: number;
    item_id: number | null;
    is_pickup: Generated<number>;
    checked_out_at: Date | null;
  };
}

declare module '../../db/database' {
  interface Database extends DeliveryTables {}
}
