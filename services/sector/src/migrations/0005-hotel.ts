import { ROW_KEY, TIMESTAMPS, yearCounterTable, sqlMigration } from '@xaalis/service-kit';

/**
 * Hotel (spec 02 "Gestion Hôtelière"): rooms and reservations.
 *
 * No double booking, by the database itself: an exclusion constraint keeps two
 * non-cancelled reservations of one room from overlapping ([check-in,
 * check-out) ranges, so a check-out day can be the next guest's check-in day).
 * Two concurrent bookings of the same nights cannot both commit, whatever the
 * application does. It needs `btree_gist` (equality on uuid inside a GiST
 * index): a trusted extension since PostgreSQL 13, so the service's own user
 * may create it with CREATE on the database; it goes into the service's schema
 * (which that user owns), not into public.
 *
 * Reservation numbers RES-YYYY-NNNN come from one counter row per company and
 * year, incremented (and so locked) in the creating transaction. The invoice
 * columns link the stay to its accounting invoice; `invoice_request` keeps the
 * body sent while the outcome is unknown (pending), replayed later with the
 * same idempotency key.
 */
export const { up, down } = sqlMigration(
  (s) => `
    CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA ${s};

    CREATE TABLE ${s}.rooms (
      ${ROW_KEY},
      room_number text NOT NULL CHECK (char_length(room_number) BETWEEN 1 AND 20),
      type text NOT NULL DEFAULT 'single' CHECK (type IN ('single', 'double', 'twin', 'suite', 'family')),
      floor integer NOT NULL DEFAULT 1 CHECK (floor BETWEEN 0 AND 500),
      capacity integer NOT NULL DEFAULT 1 CHECK (capacity BETWEEN 1 AND 100),
      price_per_night numeric(15,2) NOT NULL CHECK (price_per_night >= 0),
      status text NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'occupied', 'maintenance')),
      description text CHECK (char_length(description) <= 2000),
      amenities text CHECK (char_length(amenities) <= 1000),
      ${TIMESTAMPS},
      CONSTRAINT rooms_company_id_key UNIQUE (company_id, id),
      CONSTRAINT rooms_number_key UNIQUE (company_id, room_number)
    );

    ${yearCounterTable(s, 'reservation_counters')}

    CREATE TABLE ${s}.reservations (
      ${ROW_KEY},
      reservation_number text NOT NULL CHECK (reservation_number ~ '^RES-[0-9]{4}-[0-9]{4,}$'),
      room_id uuid NOT NULL,
      guest_name text NOT NULL CHECK (char_length(guest_name) BETWEEN 1 AND 255),
      guest_phone text CHECK (char_length(guest_phone) <= 50),
      guest_email text CHECK (char_length(guest_email) <= 255),
      check_in_date date NOT NULL,
      check_out_date date NOT NULL,
      number_of_guests integer NOT NULL DEFAULT 1 CHECK (number_of_guests >= 1),
      -- The room's price at booking: the stay's total and invoice do not move when the room's price does.
      price_per_night numeric(15,2) NOT NULL CHECK (price_per_night >= 0),
      total_amount numeric(15,2) NOT NULL CHECK (total_amount >= 0),
      -- Last known paid amount of the invoice (shown when accounting is down).
      paid_amount numeric(15,2) NOT NULL DEFAULT 0 CHECK (paid_amount >= 0),
      status text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'checked_in', 'checked_out', 'cancelled')),
      special_requests text CHECK (char_length(special_requests) <= 2000),
      notes text CHECK (char_length(notes) <= 2000),
      invoice_id uuid,
      invoice_number text,
      invoice_status text,
      invoice_pending boolean NOT NULL DEFAULT false,
      invoice_request jsonb,
      invoice_requested_at timestamptz,
      checked_in_at timestamptz,
      checked_out_at timestamptz,
      cancelled_at timestamptz,
      created_by uuid,
      ${TIMESTAMPS},
      CONSTRAINT reservations_company_id_key UNIQUE (company_id, id),
      CONSTRAINT reservations_number_key UNIQUE (company_id, reservation_number),
      CONSTRAINT reservations_room_fkey FOREIGN KEY (company_id, room_id) REFERENCES ${s}.rooms (company_id, id),
      CONSTRAINT reservations_dates_check CHECK (check_out_date > check_in_date),
      CONSTRAINT reservations_invoice_check CHECK ((invoice_id IS NULL) = (invoice_number IS NULL)),
      -- Pending means "asked, outcome unknown": never together with a known invoice, always with the body to replay.
      CONSTRAINT reservations_invoice_pending_check CHECK (
        NOT invoice_pending OR (invoice_id IS NULL AND invoice_request IS NOT NULL)
      ),
      CONSTRAINT reservations_no_overlap EXCLUDE USING gist (
        company_id WITH =,
        room_id WITH =,
        daterange(check_in_date, check_out_date, '[)') WITH &&
      ) WHERE (status <> 'cancelled')
    );
    -- The list: newest first within a company.
    CREATE INDEX reservations_company_created_idx ON ${s}.reservations (company_id, created_at DESC);
    CREATE INDEX reservations_room_idx ON ${s}.reservations (room_id);
    -- The settling sweep.
    CREATE INDEX reservations_invoice_pending_idx ON ${s}.reservations (invoice_requested_at) WHERE invoice_pending;
  `,
  (s) => `
    DROP TABLE ${s}.reservations;
    DROP TABLE ${s}.reservation_counters;
    DROP TABLE ${s}.rooms;
    DROP EXTENSION IF EXISTS btree_gist;
  `,
);
