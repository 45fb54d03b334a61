import type { Db, Row } from '@shop/node-kit/db';

export interface LabelAddress {
  name: string;
  line1: string;
  line2?: string;
  city: string;
  state: string;
  postalCode: string;
}

export interface LabelData {
  orderNumber: string;
  returnId: string;
  from: LabelAddress;
  to: LabelAddress;
  items: Array<{ name: string; quantity: number; sku?: string }>;
}

export interface Label extends LabelData {
  labelId: string;
  trackingNumber: string;
  createdAt: string;
}

const toLabel = (row: Row): Label => ({
  ...(typeof row.data === 'string' ? JSON.parse(row.data) : (row.data as LabelData)),
  labelId: row.id as string,
  trackingNumber: row.tracking_number as string,
  createdAt: new Date(row.created_at as string).toISOString(),
});

/** Return labels in `return_labels`: one per return id, whoever asks first makes it. */
export function labelRepository(db: () => Promise<Db>) {
  return {
    /** Stores the label unless the return has one; answers the return's label and whether it is new. */
    async create(label: { labelId: string; trackingNumber: string } & LabelData) {
      const { labelId, trackingNumber, ...data } = label;
      const inserted = await (
        await db()
      ).query(
        `INSERT INTO return_labels (id, return_id, order_number, tracking_number, data) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (return_id) DO NOTHING RETURNING id, tracking_number, data, created_at`,
        [labelId, data.returnId, data.orderNumber, trackingNumber, JSON.stringify(data)],
      );
      if (inserted.length) return { label: toLabel(inserted[0]), created: true };
      const [existing] = await (
        await db()
      ).query('SELECT id, tracking_number, data, created_at FROM return_labels WHERE return_id = $1', [data.returnId]);
      return { label: toLabel(existing), created: false };
    },
    async byId(id: string): Promise<Label | undefined> {
      const [row] = await (
        await db()
      ).query('SELECT id, tracking_number, data, created_at FROM return_labels WHERE id = $1', [id]);
      return row ? toLabel(row) : undefined;
    },
  };
}

export type LabelRepository = ReturnType<typeof labelRepository>;
