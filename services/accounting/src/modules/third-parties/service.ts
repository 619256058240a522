import type { Sequelize } from 'sequelize';
import { MESSAGES_THIRD_PARTY, type ThirdParty, type thirdPartyInputSchema } from '@xaalis/contracts';
import type { z } from 'zod';
import { creationError } from '../../model-support';
import { thirdPartyModel, toThirdParty } from './model';

type ThirdPartyValues = z.output<typeof thirdPartyInputSchema>;

/** Optional fields left empty in a form are stored as NULL, not as '' (so two empty codes never collide). */
const orNull = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);

/** Clients and suppliers of one company. */
export function thirdPartiesService(sequelize: Sequelize) {
  const ThirdParty = thirdPartyModel(sequelize);

  return {
    async list(companyId: string): Promise<ThirdParty[]> {
      const rows = await ThirdParty.findAll({
        where: { companyId },
        order: [
          ['name', 'ASC'],
          ['id', 'ASC'],
        ],
      });
      return rows.map(toThirdParty);
    },

    async create(companyId: string, values: ThirdPartyValues): Promise<ThirdParty> {
      try {
        const row = await ThirdParty.create({
          companyId,
          type: values.type,
          name: values.name,
          code: orNull(values.code),
          address: orNull(values.address),
          phone: orNull(values.phone),
          email: orNull(values.email),
          taxNumber: orNull(values.taxNumber),
          paymentTerms: values.paymentTerms,
        });
        return toThirdParty(row);
      } catch (err) {
        throw creationError(err, MESSAGES_THIRD_PARTY.duplicateCode);
      }
    },
  };
}

export type ThirdPartiesService = ReturnType<typeof thirdPartiesService>;
