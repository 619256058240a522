import { QueryTypes, type Sequelize } from 'sequelize';
import { mustExist } from '@xaalis/service-kit';
import type { PdfCompany, PdfThirdParty } from '@xaalis/service-kit/pdf';

/** The company's and a third party's blocks as a document prints them now (documents without a snapshot). */
export async function printedParties(
  sequelize: Sequelize,
  companyId: string,
  thirdPartyId: string,
): Promise<{ company: PdfCompany; party: PdfThirdParty | null }> {
  const [[company], [party]] = await Promise.all([
    sequelize.query<PdfCompany>(
      `SELECT name, address, phone, email, registration_number AS "registrationNumber", tax_number AS "taxNumber"
         FROM accounting.companies WHERE id = $1`,
      { bind: [companyId], type: QueryTypes.SELECT },
    ),
    sequelize.query<PdfThirdParty>(
      `SELECT name, address, phone, email, tax_number AS "taxNumber" FROM accounting.third_parties WHERE company_id = $1 AND id = $2`,
      { bind: [companyId, thirdPartyId], type: QueryTypes.SELECT },
    ),
  ]);
  return { company: mustExist(company, 'company'), party: party ?? null };
}
