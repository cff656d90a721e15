import type { Generated } from 'kysely';
import type { CreatedAt } from '../../db/database';
import '../deliveries/tables';

type RepairDisk = 'images' | 'quotations';

/** A repair's files: images and at most one quotation PDF (spec 2 §3 Repair media). */
interface RepairTables {
  repair_media: {
    id: Generated<number>;
    delivery_id: number;
    disk: RepairDisk;
    /** Storage key. */
    file: string;
    /** The name it was uploaded with. */
    name: string;
    user_id: number | null;
    created_at: CreatedAt;
  };
}

declare module '../../db/database' {
  interface Database extends RepairTables {}
}
