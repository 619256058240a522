import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  DEFAULT_REMINDER_LEVELS,
  MESSAGES_REMINDER,
  type Reminder,
  type ReminderDue,
  type ReminderDueResponse,
  type ReminderLevel,
  type ReminderLevelListResponse,
  type ReminderListResponse,
  type reminderListQuerySchema,
} from '@xaalis/contracts';
import { add, dec, formatXofExact, money, sum } from '@xaalis/domain';
import { HttpError, isUuid, notFound } from '@xaalis/service-kit';
import type { z } from 'zod';
import { printedParties } from '../pdf/parties';
import { ledgerError, ledgerWrite, todayInDakar } from '../posting';
import { renderReminderPdf } from './letter';
import { mailerFromEnv } from './mail';

/** Overdue customer invoices: validated, something left to pay, due before `today` ($2). */
const OVERDUE_SQL = `
  SELECT i.id, i.number, i.date::text AS date, i.due_date::text AS "dueDate", i.total::text AS total,
         (i.total - i.paid_amount - i.credited_amount)::numeric(15,2)::text AS "balanceDue", ($2::date - i.due_date) AS "daysOverdue",
         (SELECT max(r.level) FROM accounting.reminder_invoices ri JOIN accounting.reminders r ON r.id = ri.reminder_id
           WHERE ri.invoice_id = i.id) AS "lastLevel", i.third_party_id
    FROM accounting.invoices i
   WHERE i.company_id = $1 AND i.type IN ('sale', 'service') AND i.status = 'validated'
     AND i.total > i.paid_amount + i.credited_amount AND i.due_date < $2::date`;

interface ReminderRow {
  id: string;
  third_party_id: string;
  tp_name: string | null;
  level: number;
  level_name: string;
  date: string;
  total: string;
  late_fee: string;
  status: Reminder['status'];
  email: string | null;
  error: string | null;
  body: string;
  invoices: Reminder['invoices'] | null;
  created_at: string | Date;
}

const COLUMNS = `r.id, r.third_party_id, tp.name AS tp_name, r.level, r.level_name, r.date::text AS date, r.total::text AS total,
  r.late_fee::text AS late_fee, r.status, r.email, r.error, r.body, r.created_at,
  (SELECT jsonb_agg(jsonb_build_object('id', i.id, 'number', i.number, 'dueDate', i.due_date, 'balanceDue', ri.balance_due::text,
     'daysOverdue', ri.days_overdue) ORDER BY i.due_date, i.number)
     FROM accounting.reminder_invoices ri JOIN accounting.invoices i ON i.id = ri.invoice_id WHERE ri.reminder_id = r.id) AS invoices`;
const FROM = `accounting.reminders r LEFT JOIN accounting.third_parties tp ON tp.company_id = r.company_id AND tp.id = r.third_party_id`;

const toReminder = (r: ReminderRow): Reminder => ({
  id: r.id,
  thirdPartyId: r.third_party_id,
  thirdPartyName: r.tp_name,
  level: r.level,
  levelName: r.level_name,
  date: r.date,
  total: r.total,
  lateFee: r.late_fee,
  status: r.status,
  email: r.email,
  error: r.error,
  body: r.body,
  invoices: r.invoices ?? [],
  createdAt: new Date(r.created_at).toISOString(),
});

/** The letter's text: the level's template with its placeholders filled. */
export function fillTemplate(body: string, v: { client: string; company: string; total: string; invoices: string[]; fee: string }): string {
  return body
    .replaceAll('{client}', v.client)
    .replaceAll('{entreprise}', v.company)
    .replaceAll('{total}', formatXofExact(v.total))
    .replaceAll('{factures}', v.invoices.join(', '))
    .replaceAll('{frais}', formatXofExact(v.fee));
}

/**
 * Reminders: the levels (defaults written on first use), the clients to
 * remind, and a reminder made in one transaction then emailed when a mail
 * server is configured — marked 'sent' only once the server accepted it.
 */
export function remindersService(sequelize: Sequelize) {
  const write = <T>(fn: (transaction: Transaction) => Promise<T>) => ledgerWrite(sequelize, fn, ledgerError);

  async function levels(companyId: string, transaction?: Transaction): Promise<ReminderLevel[]> {
    const read = () =>
      sequelize.query<ReminderLevel>(
        `SELECT level, name, delay_days AS "delayDays", body, fee::text AS fee, interest_rate::text AS "interestRate"
           FROM accounting.reminder_levels WHERE company_id = $1 ORDER BY level`,
        { bind: [companyId], type: QueryTypes.SELECT, transaction },
      );
    const rows = await read();
    if (rows.length) return rows;
    await sequelize.query(
      `INSERT INTO accounting.reminder_levels (company_id, level, name, delay_days, body, fee, interest_rate)
       SELECT $1, l.level, l.name, l.delay_days, l.body, l.fee, l.interest_rate
         FROM jsonb_to_recordset($2::jsonb) AS l(level int, name text, delay_days int, body text, fee numeric, interest_rate numeric)
       ON CONFLICT DO NOTHING`,
      {
        bind: [
          companyId,
          JSON.stringify(
            DEFAULT_REMINDER_LEVELS.map((l) => ({
              level: l.level,
              name: l.name,
              delay_days: l.delayDays,
              body: l.body,
              fee: l.fee,
              interest_rate: l.interestRate,
            })),
          ),
        ],
        transaction,
      },
    );
    return read();
  }

  async function overdue(companyId: string, today: string, thirdPartyId?: string, transaction?: Transaction) {
    return sequelize.query<ReminderDue['invoices'][number] & { third_party_id: string }>(
      `${OVERDUE_SQL}${thirdPartyId ? ' AND i.third_party_id = $3' : ''} ORDER BY i.due_date, i.number`,
      { bind: thirdPartyId ? [companyId, today, thirdPartyId] : [companyId, today], type: QueryTypes.SELECT, transaction },
    );
  }

  async function row(companyId: string, id: string): Promise<ReminderRow> {
    const rows = isUuid(id)
      ? await sequelize.query<ReminderRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE r.id = $1 AND r.company_id = $2`, {
          bind: [id, companyId],
          type: QueryTypes.SELECT,
        })
      : [];
    if (!rows[0]) throw notFound(MESSAGES_REMINDER.notFound);
    return rows[0];
  }

  async function letterInput(companyId: string, r: Reminder) {
    const { company, party } = await printedParties(sequelize, companyId, r.thirdPartyId);
    return { company, client: party, reminder: r };
  }

  return {
    async listLevels(companyId: string, page: number, pageSize: number): Promise<ReminderLevelListResponse> {
      const all = await levels(companyId);
      return { items: all.slice((page - 1) * pageSize, page * pageSize), page, pageSize, totalItems: all.length };
    },

    /** Replaces the company's levels (reminders already made keep their level's name and text). */
    saveLevels(companyId: string, input: ReminderLevel[]): Promise<ReminderLevel[]> {
      return write(async (transaction) => {
        // Two saves at once queue up (each replaces the whole set).
        await sequelize.query(`SELECT pg_advisory_xact_lock(hashtext('reminder-levels:' || $1))`, { bind: [companyId], transaction });
        await sequelize.query('DELETE FROM accounting.reminder_levels WHERE company_id = $1', { bind: [companyId], transaction });
        const sorted = [...input].sort((a, b) => a.level - b.level).map((l, i) => ({ ...l, level: i + 1 }));
        await sequelize.query(
          `INSERT INTO accounting.reminder_levels (company_id, level, name, delay_days, body, fee, interest_rate)
           SELECT $1, l.level, l.name, l.delay_days, l.body, l.fee, l.interest_rate
             FROM jsonb_to_recordset($2::jsonb) AS l(level int, name text, delay_days int, body text, fee numeric, interest_rate numeric)`,
          {
            bind: [
              companyId,
              JSON.stringify(
                sorted.map((l) => ({
                  level: l.level,
                  name: l.name,
                  delay_days: l.delayDays,
                  body: l.body,
                  fee: l.fee ?? null,
                  interest_rate: l.interestRate ?? null,
                })),
              ),
            ],
            transaction,
          },
        );
        return levels(companyId, transaction);
      });
    },

    /** The 'À relancer' list: clients with overdue invoices, the level due next, most overdue first. */
    async due(companyId: string, page: number, pageSize: number, today = todayInDakar()): Promise<ReminderDueResponse> {
      const [all, lv, parties] = await Promise.all([
        overdue(companyId, today),
        levels(companyId),
        sequelize.query<{ id: string; name: string; email: string | null }>(
          'SELECT id, name, email FROM accounting.third_parties WHERE company_id = $1',
          {
            bind: [companyId],
            type: QueryTypes.SELECT,
          },
        ),
      ]);
      const byParty = new Map<string, ReminderDue>();
      const names = new Map(parties.map((p) => [p.id, p]));
      for (const { third_party_id, ...inv } of all) {
        const p = names.get(third_party_id);
        const d = byParty.get(third_party_id) ?? {
          thirdPartyId: third_party_id,
          name: p?.name ?? '',
          email: p?.email ?? null,
          invoices: [],
          total: '0.00',
          maxDaysOverdue: 0,
          suggestedLevel: null,
        };
        d.invoices.push(inv);
        d.total = add(d.total, inv.balanceDue);
        d.maxDaysOverdue = Math.max(d.maxDaysOverdue, inv.daysOverdue);
        byParty.set(third_party_id, d);
      }
      for (const d of byParty.values()) {
        // The highest level an invoice has reached (its delay) and not yet received.
        const reached = d.invoices.map((i) => ({
          i,
          level: Math.max(0, ...lv.filter((l) => i.daysOverdue >= l.delayDays).map((l) => l.level)),
        }));
        const due = reached.filter((x) => x.level > (x.i.lastLevel ?? 0)).map((x) => x.level);
        d.suggestedLevel = due.length ? Math.max(...due) : null;
      }
      const items = [...byParty.values()].sort((a, b) => b.maxDaysOverdue - a.maxDaysOverdue || a.name.localeCompare(b.name, 'fr'));
      return { items: items.slice((page - 1) * pageSize, page * pageSize), page, pageSize, totalItems: items.length };
    },

    /** Makes a reminder of `level` for the client's overdue invoices, then emails it when it can. */
    async create(companyId: string, thirdPartyId: string, level: number, userId: string | null, today = todayInDakar()): Promise<Reminder> {
      const id = await write(async (transaction) => {
        const [client] = await sequelize.query<{ name: string; email: string | null }>(
          `SELECT name, email FROM accounting.third_parties WHERE company_id = $1 AND id = $2`,
          { bind: [companyId, thirdPartyId], type: QueryTypes.SELECT, transaction },
        );
        if (!client) throw notFound(MESSAGES_REMINDER.clientNotFound);
        const lv = (await levels(companyId, transaction)).find((l) => l.level === level);
        if (!lv) throw new HttpError(400, MESSAGES_REMINDER.levelNotFound, [{ path: 'level', message: MESSAGES_REMINDER.levelNotFound }]);
        const invoices = await overdue(companyId, today, thirdPartyId, transaction);
        if (!invoices.length) throw new HttpError(409, MESSAGES_REMINDER.nothingOverdue);
        const total = sum(invoices.map((i) => i.balanceDue));
        // A fixed fee, plus the yearly rate on each invoice for its days late.
        const interest = lv.interestRate
          ? money(
              invoices.reduce(
                (acc, i) =>
                  acc.plus(
                    dec(i.balanceDue)
                      .times(lv.interestRate as string)
                      .div(100)
                      .times(i.daysOverdue)
                      .div(365),
                  ),
                dec(0),
              ),
            )
          : '0.00';
        const fee = add(lv.fee ?? '0', interest);
        const [company] = await sequelize.query<{ name: string }>('SELECT name FROM accounting.companies WHERE id = $1', {
          bind: [companyId],
          type: QueryTypes.SELECT,
          transaction,
        });
        const body = fillTemplate(lv.body, {
          client: client.name,
          company: company.name,
          total,
          invoices: invoices.map((i) => i.number),
          fee,
        });
        const [{ id: reminderId }] = await sequelize.query<{ id: string }>(
          `INSERT INTO accounting.reminders (company_id, third_party_id, level, level_name, date, total, late_fee, status, email, body, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'to_download', $8, $9, $10) RETURNING id`,
          {
            bind: [companyId, thirdPartyId, level, lv.name, today, total, fee, client.email || null, body, userId],
            type: QueryTypes.SELECT,
            transaction,
          },
        );
        await sequelize.query(
          `INSERT INTO accounting.reminder_invoices (reminder_id, invoice_id, company_id, balance_due, days_overdue)
           SELECT $1, unnest($2::uuid[]), $3, unnest($4::numeric[]), unnest($5::int[])`,
          {
            bind: [reminderId, invoices.map((i) => i.id), companyId, invoices.map((i) => i.balanceDue), invoices.map((i) => i.daysOverdue)],
            transaction,
          },
        );
        return reminderId;
      });
      const reminder = toReminder(await row(companyId, id));
      const mailer = mailerFromEnv();
      if (!mailer || !reminder.email) return reminder;
      // After COMMIT: the reminder exists whatever the mail server says; its status says what it said.
      try {
        const pdf = await renderReminderPdf(await letterInput(companyId, reminder));
        await mailer.send({
          to: reminder.email,
          subject: `${reminder.levelName} — factures impayées`,
          text: reminder.body,
          attachments: [{ filename: `relance-${reminder.date}.pdf`, content: pdf, contentType: 'application/pdf' }],
        });
        await sequelize.query(`UPDATE accounting.reminders SET status = 'sent' WHERE id = $1`, { bind: [id] });
      } catch (err) {
        await sequelize.query(`UPDATE accounting.reminders SET status = 'failed', error = $2 WHERE id = $1`, {
          bind: [id, (err as Error).message.slice(0, 500)],
        });
      }
      return toReminder(await row(companyId, id));
    },

    async list(companyId: string, q: z.output<typeof reminderListQuerySchema>): Promise<ReminderListResponse> {
      const bind: unknown[] = [companyId];
      const filters = ['r.company_id = $1'];
      if (q.thirdPartyId) filters.push(`r.third_party_id = $${bind.push(q.thirdPartyId)}`);
      if (q.invoiceId)
        filters.push(
          `EXISTS (SELECT 1 FROM accounting.reminder_invoices ri WHERE ri.reminder_id = r.id AND ri.invoice_id = $${bind.push(q.invoiceId)})`,
        );
      const where = filters.join(' AND ');
      const [rows, [count]] = await Promise.all([
        sequelize.query<ReminderRow>(
          `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY r.created_at DESC LIMIT $${bind.length + 1} OFFSET $${bind.length + 2}`,
          {
            bind: [...bind, q.pageSize, (q.page - 1) * q.pageSize],
            type: QueryTypes.SELECT,
          },
        ),
        sequelize.query<{ n: number }>(`SELECT count(*)::int AS n FROM accounting.reminders r WHERE ${where}`, {
          bind,
          type: QueryTypes.SELECT,
        }),
      ]);
      return { items: rows.map(toReminder), page: q.page, pageSize: q.pageSize, totalItems: count.n };
    },

    async get(companyId: string, id: string): Promise<Reminder> {
      return toReminder(await row(companyId, id));
    },

    async pdf(companyId: string, id: string): Promise<{ filename: string; buffer: Buffer }> {
      const r = toReminder(await row(companyId, id));
      return {
        filename: `relance-${(r.thirdPartyName ?? 'client').replace(/[^\w.-]+/g, '_')}-${r.date}.pdf`,
        buffer: await renderReminderPdf(await letterInput(companyId, r)),
      };
    },
  };
}
