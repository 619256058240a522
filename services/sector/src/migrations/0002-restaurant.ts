import { dropTables, ROW_KEY, TIMESTAMPS, sqlMigration } from '@xaalis/service-kit';

/**
 * Restaurant (spec 02 "Gestion Restaurant"): recipes and their ingredients,
 * menus and their items, and the recipes served. An ingredient's inventory
 * item lives in the accounting service: `inventory_item_id` is a plain uuid
 * (no foreign key across services), checked through its internal route on
 * every write. Child rows carry the company and point at their parent through
 * (company_id, id), so a row can never mix two companies; a menu item's recipe
 * is one of the same company's (a recipe on a menu cannot be deleted).
 */
export const { up, down } = sqlMigration(
  (s) => `
    CREATE TABLE ${s}.recipes (
      ${ROW_KEY},
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
      category text NOT NULL CHECK (category IN ('appetizer', 'main', 'dessert', 'beverage')),
      description text CHECK (char_length(description) <= 2000),
      servings integer NOT NULL DEFAULT 1 CHECK (servings BETWEEN 1 AND 10000),
      preparation_time integer NOT NULL DEFAULT 0 CHECK (preparation_time BETWEEN 0 AND 100000),
      cooking_time integer NOT NULL DEFAULT 0 CHECK (cooking_time BETWEEN 0 AND 100000),
      instructions text CHECK (char_length(instructions) <= 10000),
      selling_price numeric(15,2) NOT NULL DEFAULT 0 CHECK (selling_price >= 0),
      -- The cost when last saved (a snapshot); responses compute it live from the items' current unit costs.
      total_cost numeric(15,2),
      ${TIMESTAMPS},
      CONSTRAINT recipes_company_id_key UNIQUE (company_id, id)
    );
    CREATE INDEX recipes_company_name_idx ON ${s}.recipes (company_id, name);

    CREATE TABLE ${s}.recipe_ingredients (
      ${ROW_KEY},
      recipe_id uuid NOT NULL,
      position integer NOT NULL CHECK (position >= 0),
      inventory_item_id uuid NOT NULL,
      quantity numeric(10,3) NOT NULL CHECK (quantity > 0),
      unit text NOT NULL CHECK (unit IN ('g', 'kg', 'ml', 'cl', 'l', 'pcs', 'pack', 'box', 'm')),
      -- Snapshot at save time, as recipes.total_cost.
      cost numeric(15,2) CHECK (cost >= 0),
      CONSTRAINT recipe_ingredients_recipe_fkey FOREIGN KEY (company_id, recipe_id) REFERENCES ${s}.recipes (company_id, id) ON DELETE CASCADE,
      CONSTRAINT recipe_ingredients_position_key UNIQUE (recipe_id, position)
    );
    CREATE INDEX recipe_ingredients_item_idx ON ${s}.recipe_ingredients (company_id, inventory_item_id);

    CREATE TABLE ${s}.menus (
      ${ROW_KEY},
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
      type text NOT NULL CHECK (type IN ('breakfast', 'lunch', 'dinner', 'drinks')),
      is_active boolean NOT NULL DEFAULT true,
      valid_from date,
      valid_to date,
      ${TIMESTAMPS},
      CONSTRAINT menus_company_id_key UNIQUE (company_id, id),
      CONSTRAINT menus_validity_check CHECK (valid_from IS NULL OR valid_to IS NULL OR valid_to >= valid_from)
    );
    CREATE INDEX menus_company_name_idx ON ${s}.menus (company_id, name);

    CREATE TABLE ${s}.menu_items (
      ${ROW_KEY},
      menu_id uuid NOT NULL,
      position integer NOT NULL CHECK (position >= 0),
      recipe_id uuid,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
      description text CHECK (char_length(description) <= 2000),
      price numeric(15,2) NOT NULL DEFAULT 0 CHECK (price >= 0),
      category text CHECK (category IN ('appetizer', 'main', 'dessert', 'beverage')),
      is_available boolean NOT NULL DEFAULT true,
      CONSTRAINT menu_items_menu_fkey FOREIGN KEY (company_id, menu_id) REFERENCES ${s}.menus (company_id, id) ON DELETE CASCADE,
      -- Same company's recipe; a recipe on a menu cannot be deleted (NO ACTION).
      CONSTRAINT menu_items_recipe_fkey FOREIGN KEY (company_id, recipe_id) REFERENCES ${s}.recipes (company_id, id),
      CONSTRAINT menu_items_position_key UNIQUE (menu_id, position)
    );
    CREATE INDEX menu_items_recipe_idx ON ${s}.menu_items (company_id, recipe_id) WHERE recipe_id IS NOT NULL;

    -- "Servir": the stock consumption is asked of the accounting service with
    -- source id 'recipe-serve:<id>' (idempotent there); 'pending' until it answered.
    CREATE TABLE ${s}.recipe_serves (
      id uuid PRIMARY KEY,
      company_id uuid NOT NULL,
      recipe_id uuid NOT NULL,
      quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 10000),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed')),
      movements jsonb NOT NULL DEFAULT '[]'::jsonb,
      -- The consumption sent to the accounting service, kept so a pending serve
      -- (outcome unknown: timeout) is settled later with the very same request.
      consumption jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT recipe_serves_recipe_fkey FOREIGN KEY (company_id, recipe_id) REFERENCES ${s}.recipes (company_id, id) ON DELETE CASCADE
    );
    CREATE INDEX recipe_serves_recipe_idx ON ${s}.recipe_serves (company_id, recipe_id, created_at);
    CREATE INDEX recipe_serves_pending_idx ON ${s}.recipe_serves (created_at) WHERE status = 'pending';
  `,
  (s) => dropTables(s, ['recipe_serves', 'menu_items', 'menus', 'recipe_ingredients', 'recipes']),
);
