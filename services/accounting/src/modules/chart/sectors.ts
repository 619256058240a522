import type { Sector } from '@xaalis/contracts';

/**
 * Accounts a sector adds on top of the SYSCOHADA reference chart: [code, name].
 * The codes are free four-digit subdivisions of reference accounts (6016 under
 * 601, 7066 under 706…): they collide neither with a reference code nor with an
 * official SYSCOHADA révisé sub-account (6011–6015, 7061–7065… are left alone);
 * the chart tests check it against the reference. Type and category come from
 * the class (6 charge, 7 produit). Two sectors may use one code for different
 * names: a company has one sector, and regenerating never renames an account.
 */
export const SECTOR_ACCOUNTS: Record<Sector, readonly (readonly [code: string, name: string])[]> = {
  restauration: [
    ['6016', 'Achats de boissons'],
    ['6026', 'Achats de denrées alimentaires'],
    ['7016', 'Ventes de boissons'],
    ['7026', 'Ventes de repas et plats cuisinés'],
    ['7066', 'Prestations traiteur et événements'],
  ],
  hotel: [
    ['6026', 'Achats de denrées pour la restauration'],
    ['6045', "Produits d'accueil et linge hôtelier"],
    ['7066', 'Hébergement (nuitées)'],
    ['7067', "Restauration et bar de l'hôtel"],
    ['7068', 'Prestations annexes (blanchisserie, transferts, salles)'],
  ],
  transformation: [
    ['6027', 'Achats de matières premières agricoles'],
    ['6048', 'Pièces de rechange et fournitures de production'],
    ['7027', 'Ventes de produits transformés'],
    ['7048', 'Ventes de sous-produits et déchets de production'],
  ],
  service: [
    ['7066', 'Honoraires et prestations de conseil'],
    ['7067', "Contrats de maintenance et d'assistance"],
    ['7068', 'Formations facturées'],
  ],
  commerce: [
    ['7017', 'Ventes de marchandises au détail'],
    ['7018', 'Ventes de marchandises en gros'],
  ],
  agriculture: [
    ['6028', 'Achats de semences, engrais et intrants agricoles'],
    ['7028', 'Ventes de produits agricoles'],
  ],
};
