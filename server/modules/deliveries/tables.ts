import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from '../../db/database';

/** Deliveries of all eight types (spec 2 §3 Delivery), their lines and the carriers. */
interface DeliveryTables {
  carriers: { id: number; name: string };
  deliveries: {
    id: Generated<number>;
    delivery_type_id: number;
    client_id: number;
    /**
     * The reseller and the end customer above the client, kept by triggers (migration 20261126T0100-client-lineage).
     */
    reseller_id: ColumnType<number | null, never, never>;
    end_customer_id: ColumnType<number | null, never, never>;
    /**
     * The client's name and the end customer's (the client's where it has none), kept by triggers (migration
     * 20261128T1600-delivery-client-names).
     */
    client_name: ColumnType<string, never, never>;
    end_customer_name: ColumnType<string, never, never>;
    /** The end customer's name as the lists sort it (migration 20261204T1930-delivery-name-sort). */
    end_customer_name_sort: ColumnType<string, never, never>;
    /** Its lines and the lines checked out, kept by triggers (migration 20261126T0400-delivery-line-counts). */
    products_count: ColumnType<number, never, never>;
    checked_out_count: ColumnType<number, never, never>;
    /**
     * Its backorder lines not checked out yet, kept by the same triggers (migration
     * 20261126T2100-backorder-waiting-count).
     */
    backorder_waiting_count: ColumnType<number, never, never>;
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
    /** The bulk upload: storage key and the name it was sent with. */
    file: string | null;
    file_name: string | null;
    /** Repair fields (used by the repairs area). */
    date_quotation: Date | null;
    finished_repair: Date | null;
    repair_description: string | null;
    /** The repairs area (server/modules/repairs): one of the six repair statuses, null = 'Reparatie aangevraagd'. */
    repair_status_id: number | null;
    status_quotation: 'Accept' | 'Decline' | null;
    /**
     * A repair's pickup lines, as the repair list shows them; kept by triggers (migration
     * 20261128T1100-repair-defects).
     */
    repair_serials: Generated<string | null>;
    repair_products: Generated<string | null>;
    /** The signed finish (field work): storage key of the image, who signed and when on the device. */
    signature_file: string | null;
    signer_name: string | null;
    signed_at: Date | null;
    /** A backorder (type 7): the delivery whose finish left these lines (migration 20261126T1400-backorders). */
    backorder_of_id: number | null;
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
    /**
     * A line not delivered or picked up at finishing: the finished delivery's Backorder section; a backorder delivery
     * carries it on.
     */
    is_backorder: Generated<boolean>;
  };
  /**
   * Totals of the delivery lists per state, type and client's part of the hierarchy (migration 20261123T2300; written
   * by triggers only).
   */
  delivery_counts: { state: string; delivery_type_id: number; client_id: number; n: number };
}

declare module '../../db/database' {
  interface Database extends DeliveryTables {}
}
