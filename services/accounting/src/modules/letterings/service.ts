import type { Sequelize, Transaction } from 'sequelize';
import type { AccountStatement, AgedBalance, AgedItem, Lettering } from '@xaalis/contracts';
import { isCalendarDate } from '@xaalis/domain';
import { HttpError } from '@xaalis/service-kit';
import { companyIdentity } from '../../model-support';
import { ledgerError, ledgerWrite, todayInDakar } from '../posting';
import { accountStatement, agedBalance, agedItems } from './aged-balance';
import { letterIn, unletter } from './lettering';

const dateOrToday = (date: string | undefined) => {
  const d = date ?? todayInDakar();
  if (!isCalendarDate(d)) throw new HttpError(400, 'Date invalide', [{ path: 'date', message: 'Date invalide' }]);
  return d;
};

/** Lettrage by hand and its undoing, the aged balance and the statement of account of a company. */
export function letteringsService(sequelize: Sequelize) {
  const write = <T>(fn: (transaction: Transaction) => Promise<T>) => ledgerWrite(sequelize, fn, ledgerError);
  return {
    letter(companyId: string, lineIds: string[], partial: boolean, userId: string | null): Promise<Lettering> {
      return write((transaction) => letterIn(sequelize, transaction, companyId, lineIds, { partial, source: 'manual', userId }));
    },
    unletter(companyId: string, code: string): Promise<void> {
      return write((transaction) => unletter(sequelize, transaction, companyId, code));
    },
    agedBalance(companyId: string, type: 'receivable' | 'payable', date?: string): Promise<AgedBalance> {
      return agedBalance(sequelize, companyId, type, dateOrToday(date));
    },
    agedItems(companyId: string, thirdPartyId: string, type: 'receivable' | 'payable', date?: string): Promise<AgedItem[]> {
      return agedItems(sequelize, companyId, thirdPartyId, type, dateOrToday(date));
    },
    statement(companyId: string, thirdPartyId: string, from?: string, to?: string): Promise<AccountStatement> {
      const end = dateOrToday(to);
      const start = dateOrToday(from ?? `${end.slice(0, 4)}-01-01`);
      if (start > end)
        throw new HttpError(400, 'La date de début doit précéder la date de fin', [
          { path: 'from', message: 'La date de début doit précéder la date de fin' },
        ]);
      return accountStatement(sequelize, companyId, thirdPartyId, start, end);
    },
    async companyName(companyId: string): Promise<string> {
      return (await companyIdentity(sequelize, companyId)).name;
    },
  };
}
