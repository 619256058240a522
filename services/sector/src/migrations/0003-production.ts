import { dropTables, ROW_KEY, TIMESTAMPS, yearCounterTable, sqlMigration } from '@xaalis/service-kit';

const CATEGORIES = "('ingredient', 'beverage', 'supply', 'material', 'finished')";
const UNITS = "('kg', 'l', 'pcs', 'm', 'pack', 'box')";

/**
 * Production (spec 02 "Gestion Production"): raw materials, finished products
 * with their bill of materials, production orders and what each completed
 * order consumed. Every child row carries the company and points at its
 * parent through (company_id, id), so a line can never mix two companies.
 * Stocks never go negative (the completion refuses a shortage first; the
 * CHECK is the safety net). An order's production figures exist exactly when
 * it is completed. Order numbers OP-YYYY-NNNN come from one counter row per
 * company and year, incremented (and so locked) in the creating transaction.
 */
export const { up, down } = sqlMigration(
  (s) => {
    const item = (table: string) => `
      ${ROW_KEY},
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
      reference text CHECK (char_length(reference) BETWEEN 1 AND 50),
      category text NOT NULL CHECK (category IN ${CATEGORIES}),
      unit text NOT NULL CHECK (unit IN ${UNITS}),
      current_stock numeric(10,3) NOT NULL DEFAULT 0 CHECK (current_stock >= 0),
      min_stock numeric(10,3) NOT NULL DEFAULT 0 CHECK (min_stock >= 0),
      ${TIMESTAMPS},
      CONSTRAINT ${table}_company_id_key UNIQUE (company_id, id)`;
    return `
    CREATE TABLE ${s}.raw_materials (
      ${item('raw_materials')},
      unit_cost numeric(15,2) NOT NULL CHECK (unit_cost >= 0),
      supplier_id uuid
    );
    CREATE UNIQUE INDEX raw_materials_reference_key ON ${s}.raw_materials (company_id, reference) WHERE reference IS NOT NULL;
    CREATE INDEX raw_materials_company_name_idx ON ${s}.raw_materials (company_id, name);

    CREATE TABLE ${s}.finished_products (
      ${item('finished_products')},
      production_cost numeric(15,2) NOT NULL DEFAULT 0 CHECK (production_cost >= 0),
      selling_price numeric(15,2) NOT NULL DEFAULT 0 CHECK (selling_price >= 0)
    );
    CREATE UNIQUE INDEX finished_products_reference_key ON ${s}.finished_products (company_id, reference) WHERE reference IS NOT NULL;
    CREATE INDEX finished_products_company_name_idx ON ${s}.finished_products (company_id, name);

    -- Bill of materials: quantity of a raw material per unit of finished product.
    CREATE TABLE ${s}.bom_lines (
      ${ROW_KEY},
      finished_product_id uuid NOT NULL,
      raw_material_id uuid NOT NULL,
      quantity numeric(10,3) NOT NULL CHECK (quantity > 0),
      CONSTRAINT bom_lines_product_fkey FOREIGN KEY (company_id, finished_product_id)
        REFERENCES ${s}.finished_products (company_id, id) ON DELETE CASCADE,
      CONSTRAINT bom_lines_material_fkey FOREIGN KEY (company_id, raw_material_id) REFERENCES ${s}.raw_materials (company_id, id),
      CONSTRAINT bom_lines_pair_key UNIQUE (finished_product_id, raw_material_id)
    );
    CREATE INDEX bom_lines_material_idx ON ${s}.bom_lines (raw_material_id);

    ${yearCounterTable(s, 'production_order_counters')}

    CREATE TABLE ${s}.production_orders (
      ${ROW_KEY},
      order_number text NOT NULL CHECK (order_number ~ '^OP-[0-9]{4}-[0-9]{4,}$'),
      finished_product_id uuid NOT NULL,
      quantity_to_produce integer NOT NULL CHECK (quantity_to_produce >= 1),
      quantity_produced numeric(10,3) CHECK (quantity_produced > 0),
      start_date date NOT NULL,
      planned_end_date date,
      actual_end_date date,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'in_progress', 'completed', 'cancelled')),
      total_cost numeric(15,2) CHECK (total_cost >= 0),
      notes text CHECK (char_length(notes) <= 2000),
      created_by uuid,
      completed_by uuid,
      ${TIMESTAMPS},
      CONSTRAINT production_orders_company_id_key UNIQUE (company_id, id),
      CONSTRAINT production_orders_number_key UNIQUE (company_id, order_number),
      CONSTRAINT production_orders_product_fkey FOREIGN KEY (company_id, finished_product_id)
        REFERENCES ${s}.finished_products (company_id, id),
      CONSTRAINT production_orders_planned_end_check CHECK (planned_end_date >= start_date),
      CONSTRAINT production_orders_actual_end_check CHECK (actual_end_date >= start_date),
      -- The production figures exist exactly when the order is completed.
      CONSTRAINT production_orders_completed_check CHECK (
        (status = 'completed') = (quantity_produced IS NOT NULL)
        AND (status = 'completed') = (total_cost IS NOT NULL)
        AND (status = 'completed') = (actual_end_date IS NOT NULL)
      )
    );
    -- The list: newest first within a company.
    CREATE INDEX production_orders_company_created_idx ON ${s}.production_orders (company_id, created_at DESC);
    CREATE INDEX production_orders_product_idx ON ${s}.production_orders (finished_product_id);

    -- What a completion took out of stock, at the unit cost of that moment.
    CREATE TABLE ${s}.production_order_consumptions (
      ${ROW_KEY},
      order_id uuid NOT NULL,
      raw_material_id uuid NOT NULL,
      quantity numeric(10,3) NOT NULL CHECK (quantity > 0),
      unit_cost numeric(15,2) NOT NULL CHECK (unit_cost >= 0),
      cost numeric(15,2) NOT NULL CHECK (cost >= 0),
      CONSTRAINT production_order_consumptions_order_fkey FOREIGN KEY (company_id, order_id)
        REFERENCES ${s}.production_orders (company_id, id),
      CONSTRAINT production_order_consumptions_material_fkey FOREIGN KEY (company_id, raw_material_id)
        REFERENCES ${s}.raw_materials (company_id, id),
      CONSTRAINT production_order_consumptions_pair_key UNIQUE (order_id, raw_material_id)
    );
    CREATE INDEX production_order_consumptions_material_idx ON ${s}.production_order_consumptions (raw_material_id);
  `;
  },
  (s) =>
    dropTables(s, [
      'production_order_consumptions',
      'production_orders',
      'production_order_counters',
      'bom_lines',
      'finished_products',
      'raw_materials',
    ]),
);
