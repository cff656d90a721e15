/** Answers of the repair calls (spec 2 §2.9, §2.10, §3 Repair, §7 Repairs), shared by server and web. */
import type { QuotationDecision, QuotationValidity } from '../quotation';

/** A row of GET /repairdeliveries (spec 2 §2.9). */
export interface RepairListRow {
  id: number;
  order_number: string | null;
  /** Serienummer: the defect items' serials, comma separated. */
  serials: string | null;
  /** Producten: the defect items' article names, comma separated. */
  products: string | null;
  end_customer_id: number;
  end_customer_name: string;
  /** Eindgebruiker: the end user the repair is for (null when requested for the end customer). */
  end_user_name: string | null;
  /** Datum melding. */
  created_at: string;
  /** Afgerond op: when the status became 'Reparatie afgerond'. */
  finished_repair: string | null;
  /** Topdesknummer. */
  w_number: string | null;
  status: { id: number; name: string };
  is_cancelled: boolean;
}

export interface RepairFile {
  id: number;
  disk: 'images' | 'quotations';
  name: string;
  original_url: string;
  created_at: string;
}

export interface RepairQuotation extends RepairFile {
  status_quotation: QuotationDecision | null;
  date_quotation: string | null;
  /** Validity by the server's clock: 'Offerte is nog N dag(en) geldig' / 'Offerte is verlopen', can_decide. */
  validity: QuotationValidity;
}

interface RepairItem {
  id: number;
  serial: string | null;
  product: { id: number; name: string; article_number: string };
}

/** One line of the activity panel: 'action op datetime uur door user'. */
interface RepairActionLogEntry {
  action: string;
  created_at: string;
  user: { name: string } | null;
}

/** GET /repairs/{id}: the repair page (spec 2 §2.10). */
export interface RepairDetail {
  id: number;
  order_number: string | null;
  status: { id: number; name: string };
  created_at: string;
  client_id: number;
  end_customer: { id: number; name: string };
  end_user: { id: number; name: string } | null;
  /** Defect items (picked up) and replacements (delivered: an item, or an article still to choose). */
  defect_items: RepairItem[];
  replacements: { product: { id: number; name: string; article_number: string }; item: { id: number; serial: string | null } | null }[];
  description: string | null;
  /** Ophaaldatum and pickup location. */
  date: string | null;
  address: string | null;
  your_reference: string | null;
  w_number: string | null;
  contact: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  completed_at: string | null;
  finished_repair: string | null;
  is_cancelled: boolean;
  repair_description: string | null;
  status_quotation: QuotationDecision | null;
  date_quotation: string | null;
  /** Every file as spec 2 §3 names it (disk 'images' or 'quotations'). */
  media: RepairFile[];
  images: RepairFile[];
  quotation: RepairQuotation | null;
  /** The latest 5 entries, newest first. */
  action_log: RepairActionLogEntry[];
  /** The mail dialog's choices: contacts of the client and its end customer with an e-mail, not deleted. */
  mail_contacts: { id: number; first_name: string; last_name: string; email: string }[];
  /** What the signed-in user may do here (spec 2 §2.10, §4, §6). */
  can: {
    change_status: boolean;
    edit: boolean;
    upload_images: boolean;
    remove_images: boolean;
    upload_quotation: boolean;
    remove_quotation: boolean;
    mail_quotation: boolean;
    decide_quotation: boolean;
    edit_remarks: boolean;
  };
}

/** GET /geteventsbyrepairid/{id}: the activities page (spec 2 §2.14): Datum, Tijd, Omschrijving, Artikel. */
export interface RepairEventRow {
  id: number;
  action: string;
  created_at: string;
  status_id: number | null;
  status_name: string | null;
  item_id: number | null;
  product_name: string | null;
  serial: string | null;
  user_name: string | null;
}
