/**
 * The SYSCOHADA révisé statement layouts (Système normal): the product's own
 * copy of the official correspondence between accounts and statement lines
 * (shared/reference/etats-financiers-syscohada.json, 2017 AUDCIF). Prefixes
 * cover their sub-accounts ('24' = 241 … 2498).
 *
 * Bilan actif: gross = debit − credit of `gross`, depreciation = credit −
 * debit of `depreciation`, net = gross − depreciation. Passif: credit − debit
 * of `accounts`. `balance` keeps only accounts whose closing balance lies on
 * that side, account by account. Accounts shared between lines without an
 * official key (2818, 2918, 2919, 2939, 2949) follow the reference's proposed
 * convention: they are listed only on the line that takes them.
 */

export interface AssetLine {
  ref: string;
  label: string;
  /** Totals: a sum of other refs. */
  sum?: string[];
  gross?: string[];
  grossExcept?: string[];
  depreciation?: string[];
  depreciationExcept?: string[];
  balance?: 'debit' | 'credit';
}

export interface LiabilityLine {
  ref: string;
  label: string;
  sum?: string[];
  accounts?: string[];
  except?: string[];
  balance?: 'debit' | 'credit';
}

export interface IncomeLine {
  ref: string;
  label: string;
  accounts: string[];
  /** '+' a product (credit − debit), '-' a charge (debit − credit). */
  sign: '+' | '-';
}

export interface IncomeTotal {
  ref: string;
  label: string;
  /** Signed refs: the total is Σ sign × line (lines are positive amounts). */
  terms: [sign: 1 | -1, ref: string][];
}

export const ASSET_LINES: AssetLine[] = [
  { ref: 'AD', label: 'IMMOBILISATIONS INCORPORELLES', sum: ['AE', 'AF', 'AG', 'AH'] },
  { ref: 'AE', label: 'Frais de développement et de prospection', gross: ['211', '2181', '2191'], depreciation: ['2811', '2911'] },
  {
    ref: 'AF',
    label: 'Brevets, licences, logiciels et droits similaires',
    gross: ['212', '213', '214', '2193'],
    depreciation: ['2812', '2813', '2814', '2912', '2913', '2914'],
  },
  { ref: 'AG', label: 'Fonds commercial et droit au bail', gross: ['215', '216'], depreciation: ['2815', '2816', '2915', '2916'] },
  {
    ref: 'AH',
    label: 'Autres immobilisations incorporelles',
    gross: ['217', '218', '2198'],
    grossExcept: ['2181'],
    depreciation: ['2817', '2818', '2917', '2918', '2919'],
  },
  { ref: 'AI', label: 'IMMOBILISATIONS CORPORELLES', sum: ['AJ', 'AK', 'AL', 'AM', 'AN'] },
  { ref: 'AJ', label: 'Terrains', gross: ['22'], depreciation: ['282', '292'] },
  {
    ref: 'AK',
    label: 'Bâtiments',
    gross: ['231', '232', '233', '237', '2391'],
    depreciation: ['2831', '2832', '2833', '2837', '2931', '2932', '2933', '2937'],
  },
  {
    ref: 'AL',
    label: 'Aménagements, agencements et installations',
    gross: ['234', '235', '238', '2392', '2393', '2394', '2395', '2398'],
    depreciation: ['2834', '2835', '2838', '2934', '2935', '2938', '2939'],
  },
  {
    ref: 'AM',
    label: 'Matériel, mobilier et actifs biologiques',
    gross: ['24'],
    grossExcept: ['245', '2495'],
    depreciation: ['284', '294'],
    depreciationExcept: ['2845', '2945'],
  },
  { ref: 'AN', label: 'Matériel de transport', gross: ['245', '2495'], depreciation: ['2845', '2945'] },
  { ref: 'AP', label: 'AVANCES ET ACOMPTES VERSÉS SUR IMMOBILISATIONS', gross: ['251', '252'], depreciation: ['2951', '2952'] },
  { ref: 'AQ', label: 'IMMOBILISATIONS FINANCIÈRES', sum: ['AR', 'AS'] },
  { ref: 'AR', label: 'Titres de participation', gross: ['26'], depreciation: ['296'] },
  { ref: 'AS', label: 'Autres immobilisations financières', gross: ['27'], depreciation: ['297'] },
  { ref: 'AZ', label: 'TOTAL ACTIF IMMOBILISÉ', sum: ['AD', 'AI', 'AP', 'AQ'] },
  { ref: 'BA', label: 'ACTIF CIRCULANT HAO', gross: ['485', '488'], depreciation: ['498'] },
  { ref: 'BB', label: 'STOCKS ET ENCOURS', gross: ['31', '32', '33', '34', '35', '36', '37', '38'], depreciation: ['39'] },
  { ref: 'BG', label: 'CRÉANCES ET EMPLOIS ASSIMILÉS', sum: ['BH', 'BI', 'BJ'] },
  { ref: 'BH', label: 'Fournisseurs avances versées', gross: ['409'], depreciation: ['490'] },
  { ref: 'BI', label: 'Clients', gross: ['41'], grossExcept: ['419'], depreciation: ['491'] },
  {
    ref: 'BJ',
    label: 'Autres créances',
    gross: ['185', '42', '43', '44', '45', '46', '47'],
    grossExcept: ['478', '479'],
    depreciation: ['492', '493', '494', '495', '496', '497'],
    balance: 'debit',
  },
  { ref: 'BK', label: 'TOTAL ACTIF CIRCULANT', sum: ['BA', 'BB', 'BG'] },
  { ref: 'BQ', label: 'Titres de placement', gross: ['50'], depreciation: ['590'] },
  { ref: 'BR', label: 'Valeurs à encaisser', gross: ['51'], depreciation: ['591'] },
  {
    ref: 'BS',
    label: 'Banques, chèques postaux, caisse et assimilés',
    gross: ['52', '53', '54', '55', '57', '581', '582'],
    depreciation: ['592', '593', '594'],
    balance: 'debit',
  },
  { ref: 'BT', label: 'TOTAL TRÉSORERIE-ACTIF', sum: ['BQ', 'BR', 'BS'] },
  { ref: 'BU', label: 'Écart de conversion-Actif', gross: ['478'] },
  { ref: 'BZ', label: 'TOTAL GÉNÉRAL', sum: ['AZ', 'BK', 'BT', 'BU'] },
];

export const LIABILITY_LINES: LiabilityLine[] = [
  { ref: 'CA', label: 'Capital', accounts: ['101', '102', '103', '104'] },
  { ref: 'CB', label: 'Apporteurs capital non appelé (-)', accounts: ['109'] },
  { ref: 'CD', label: 'Primes liées au capital social', accounts: ['105'] },
  { ref: 'CE', label: 'Écarts de réévaluation', accounts: ['106'] },
  { ref: 'CF', label: 'Réserves indisponibles', accounts: ['111', '112', '113'] },
  { ref: 'CG', label: 'Réserves libres', accounts: ['118'] },
  { ref: 'CH', label: 'Report à nouveau (+ ou -)', accounts: ['12'] },
  { ref: 'CJ', label: "Résultat net de l'exercice (bénéfice + ou perte -)", accounts: ['13'] },
  { ref: 'CL', label: "Subventions d'investissement", accounts: ['14'] },
  { ref: 'CM', label: 'Provisions réglementées', accounts: ['15'] },
  {
    ref: 'CP',
    label: 'TOTAL CAPITAUX PROPRES ET RESSOURCES ASSIMILÉES',
    sum: ['CA', 'CB', 'CD', 'CE', 'CF', 'CG', 'CH', 'CJ', 'CL', 'CM'],
  },
  { ref: 'DA', label: 'Emprunts et dettes financières diverses', accounts: ['16', '181', '182', '183', '184'] },
  { ref: 'DB', label: 'Dettes de location acquisition', accounts: ['17'] },
  { ref: 'DC', label: 'Provisions pour risques et charges', accounts: ['19'] },
  { ref: 'DD', label: 'TOTAL DETTES FINANCIÈRES ET RESSOURCES ASSIMILÉES', sum: ['DA', 'DB', 'DC'] },
  { ref: 'DF', label: 'TOTAL RESSOURCES STABLES', sum: ['CP', 'DD'] },
  { ref: 'DH', label: 'Dettes circulantes HAO', accounts: ['481', '482', '484', '4998'] },
  { ref: 'DI', label: 'Clients, avances reçues', accounts: ['419'] },
  { ref: 'DJ', label: "Fournisseurs d'exploitation", accounts: ['40'], except: ['409'] },
  { ref: 'DK', label: 'Dettes fiscales et sociales', accounts: ['42', '43', '44'], balance: 'credit' },
  { ref: 'DM', label: 'Autres dettes', accounts: ['185', '45', '46', '47'], except: ['478', '479'], balance: 'credit' },
  { ref: 'DN', label: 'Provisions pour risques à court terme', accounts: ['499', '599'], except: ['4998'] },
  { ref: 'DP', label: 'TOTAL PASSIF CIRCULANT', sum: ['DH', 'DI', 'DJ', 'DK', 'DM', 'DN'] },
  { ref: 'DQ', label: "Banques, crédits d'escompte", accounts: ['564', '565'] },
  {
    ref: 'DR',
    label: 'Banques, établissements financiers et crédits de trésorerie',
    accounts: ['52', '53', '561', '566'],
    balance: 'credit',
  },
  { ref: 'DT', label: 'TOTAL TRÉSORERIE-PASSIF', sum: ['DQ', 'DR'] },
  { ref: 'DV', label: 'Écart de conversion-Passif', accounts: ['479'] },
  { ref: 'DZ', label: 'TOTAL GÉNÉRAL', sum: ['DF', 'DP', 'DT', 'DV'] },
];

export const INCOME_LINES: IncomeLine[] = [
  { ref: 'TA', label: 'Ventes de marchandises', accounts: ['701'], sign: '+' },
  { ref: 'RA', label: 'Achats de marchandises', accounts: ['601'], sign: '-' },
  { ref: 'RB', label: 'Variation de stocks de marchandises', accounts: ['6031'], sign: '-' },
  { ref: 'TB', label: 'Ventes de produits fabriqués', accounts: ['702', '703', '704'], sign: '+' },
  { ref: 'TC', label: 'Travaux, services vendus', accounts: ['705', '706'], sign: '+' },
  { ref: 'TD', label: 'Produits accessoires', accounts: ['707'], sign: '+' },
  { ref: 'TE', label: 'Production stockée (ou déstockage)', accounts: ['73'], sign: '+' },
  { ref: 'TF', label: 'Production immobilisée', accounts: ['72'], sign: '+' },
  { ref: 'TG', label: "Subventions d'exploitation", accounts: ['71'], sign: '+' },
  { ref: 'TH', label: 'Autres produits', accounts: ['75'], sign: '+' },
  { ref: 'TI', label: "Transferts de charges d'exploitation", accounts: ['781'], sign: '+' },
  { ref: 'RC', label: 'Achats de matières premières et fournitures liées', accounts: ['602'], sign: '-' },
  { ref: 'RD', label: 'Variation de stocks de matières premières et fournitures liées', accounts: ['6032'], sign: '-' },
  { ref: 'RE', label: 'Autres achats', accounts: ['604', '605', '608'], sign: '-' },
  { ref: 'RF', label: "Variation de stocks d'autres approvisionnements", accounts: ['6033'], sign: '-' },
  { ref: 'RG', label: 'Transports', accounts: ['61'], sign: '-' },
  { ref: 'RH', label: 'Services extérieurs', accounts: ['62', '63'], sign: '-' },
  { ref: 'RI', label: 'Impôts et taxes', accounts: ['64'], sign: '-' },
  { ref: 'RJ', label: 'Autres charges', accounts: ['65'], sign: '-' },
  { ref: 'RK', label: 'Charges de personnel', accounts: ['66'], sign: '-' },
  { ref: 'TJ', label: "Reprises d'amortissements, provisions et dépréciations", accounts: ['791', '798', '799'], sign: '+' },
  { ref: 'RL', label: 'Dotations aux amortissements, aux provisions et dépréciations', accounts: ['681', '691'], sign: '-' },
  { ref: 'TK', label: 'Revenus financiers et assimilés', accounts: ['77'], sign: '+' },
  { ref: 'TL', label: 'Reprises de provisions et dépréciations financières', accounts: ['797'], sign: '+' },
  { ref: 'TM', label: 'Transferts de charges financières', accounts: ['787'], sign: '+' },
  { ref: 'RM', label: 'Frais financiers et charges assimilées', accounts: ['67'], sign: '-' },
  { ref: 'RN', label: 'Dotations aux provisions et aux dépréciations financières', accounts: ['697'], sign: '-' },
  { ref: 'TN', label: "Produits des cessions d'immobilisations", accounts: ['82'], sign: '+' },
  { ref: 'TO', label: 'Autres produits HAO', accounts: ['84', '86', '88'], sign: '+' },
  { ref: 'RO', label: "Valeurs comptables des cessions d'immobilisations", accounts: ['81'], sign: '-' },
  { ref: 'RP', label: 'Autres charges HAO', accounts: ['83', '85'], sign: '-' },
  { ref: 'RQ', label: 'Participation des travailleurs', accounts: ['87'], sign: '-' },
  { ref: 'RS', label: 'Impôts sur le résultat', accounts: ['89'], sign: '-' },
];

export const INCOME_TOTALS: IncomeTotal[] = [
  {
    ref: 'XA',
    label: 'MARGE COMMERCIALE (Somme TA à RB)',
    terms: [
      [1, 'TA'],
      [-1, 'RA'],
      [-1, 'RB'],
    ],
  },
  {
    ref: 'XB',
    label: "CHIFFRE D'AFFAIRES (A + B + C + D)",
    terms: [
      [1, 'TA'],
      [1, 'TB'],
      [1, 'TC'],
      [1, 'TD'],
    ],
  },
  {
    ref: 'XC',
    label: 'VALEUR AJOUTÉE (XB+RA+RB) + (somme TE à RJ)',
    terms: [
      [1, 'XB'],
      [-1, 'RA'],
      [-1, 'RB'],
      [1, 'TE'],
      [1, 'TF'],
      [1, 'TG'],
      [1, 'TH'],
      [1, 'TI'],
      [-1, 'RC'],
      [-1, 'RD'],
      [-1, 'RE'],
      [-1, 'RF'],
      [-1, 'RG'],
      [-1, 'RH'],
      [-1, 'RI'],
      [-1, 'RJ'],
    ],
  },
  {
    ref: 'XD',
    label: "EXCÉDENT BRUT D'EXPLOITATION (XC+RK)",
    terms: [
      [1, 'XC'],
      [-1, 'RK'],
    ],
  },
  {
    ref: 'XE',
    label: "RÉSULTAT D'EXPLOITATION (XD+TJ+RL)",
    terms: [
      [1, 'XD'],
      [1, 'TJ'],
      [-1, 'RL'],
    ],
  },
  {
    ref: 'XF',
    label: 'RÉSULTAT FINANCIER (somme TK à RN)',
    terms: [
      [1, 'TK'],
      [1, 'TL'],
      [1, 'TM'],
      [-1, 'RM'],
      [-1, 'RN'],
    ],
  },
  {
    ref: 'XG',
    label: 'RÉSULTAT DES ACTIVITÉS ORDINAIRES (XE+XF)',
    terms: [
      [1, 'XE'],
      [1, 'XF'],
    ],
  },
  {
    ref: 'XH',
    label: 'RÉSULTAT HORS ACTIVITÉS ORDINAIRES (somme TN à RP)',
    terms: [
      [1, 'TN'],
      [1, 'TO'],
      [-1, 'RO'],
      [-1, 'RP'],
    ],
  },
  {
    ref: 'XI',
    label: 'RÉSULTAT NET (XG+XH+RQ+RS)',
    terms: [
      [1, 'XG'],
      [1, 'XH'],
      [-1, 'RQ'],
      [-1, 'RS'],
    ],
  },
];

/** Display order of the Compte de résultat (lines and totals interleaved). */
export const INCOME_ORDER: string[] = [
  'TA',
  'RA',
  'RB',
  'XA',
  'TB',
  'TC',
  'TD',
  'XB',
  'TE',
  'TF',
  'TG',
  'TH',
  'TI',
  'RC',
  'RD',
  'RE',
  'RF',
  'RG',
  'RH',
  'RI',
  'RJ',
  'XC',
  'RK',
  'XD',
  'TJ',
  'RL',
  'XE',
  'TK',
  'TL',
  'TM',
  'RM',
  'RN',
  'XF',
  'XG',
  'TN',
  'TO',
  'RO',
  'RP',
  'XH',
  'RQ',
  'RS',
  'XI',
];

/** The Tableau des flux de trésorerie's lines, in order (titles have no ref). */
export const CASH_FLOW_LAYOUT: { ref: string | null; label: string; kind: 'detail' | 'total' | 'title' }[] = [
  { ref: 'ZA', label: 'Trésorerie nette au 1er janvier (Trésorerie actif N-1 - Trésorerie passif N-1)', kind: 'total' },
  { ref: null, label: 'Flux de trésorerie provenant des activités opérationnelles', kind: 'title' },
  { ref: 'FA', label: "Capacité d'Autofinancement Globale (CAFG)", kind: 'detail' },
  { ref: 'FB', label: '(-) Actif circulant HAO', kind: 'detail' },
  { ref: 'FC', label: '(-) Variation des stocks', kind: 'detail' },
  { ref: 'FD', label: '(-) Variation des créances', kind: 'detail' },
  { ref: 'FE', label: '(+) Variation du passif circulant', kind: 'detail' },
  { ref: null, label: 'Variation du BF lié aux activités opérationnelles (FB+FC+FD+FE)', kind: 'total' },
  { ref: 'ZB', label: 'Flux de trésorerie provenant des activités opérationnelles (somme FA à FE)', kind: 'total' },
  { ref: null, label: "Flux de trésorerie provenant des activités d'investissement", kind: 'title' },
  { ref: 'FF', label: "(-) Décaissements liés aux acquisitions d'immobilisations incorporelles", kind: 'detail' },
  { ref: 'FG', label: "(-) Décaissements liés aux acquisitions d'immobilisations corporelles", kind: 'detail' },
  { ref: 'FH', label: "(-) Décaissements liés aux acquisitions d'immobilisations financières", kind: 'detail' },
  { ref: 'FI', label: "(+) Encaissements liés aux cessions d'immobilisations incorporelles et corporelles", kind: 'detail' },
  { ref: 'FJ', label: "(+) Encaissements liés aux cessions d'immobilisations financières", kind: 'detail' },
  { ref: 'ZC', label: "Flux de trésorerie provenant des activités d'investissement (somme FF à FJ)", kind: 'total' },
  { ref: null, label: 'Flux de trésorerie provenant du financement par les capitaux propres', kind: 'title' },
  { ref: 'FK', label: '(+) Augmentations de capital par apports nouveaux', kind: 'detail' },
  { ref: 'FL', label: "(+) Subventions d'investissement reçues", kind: 'detail' },
  { ref: 'FM', label: '(-) Prélèvements sur le capital', kind: 'detail' },
  { ref: 'FN', label: '(-) Dividendes versés', kind: 'detail' },
  { ref: 'ZD', label: 'Flux de trésorerie provenant des capitaux propres (somme FK à FN)', kind: 'total' },
  { ref: null, label: 'Trésorerie provenant du financement par les capitaux étrangers', kind: 'title' },
  { ref: 'FO', label: '(+) Emprunts', kind: 'detail' },
  { ref: 'FP', label: '(+) Autres dettes financières', kind: 'detail' },
  { ref: 'FQ', label: '(-) Remboursements des emprunts et autres dettes financières', kind: 'detail' },
  { ref: 'ZE', label: 'Flux de trésorerie provenant des capitaux étrangers (somme FO à FQ)', kind: 'total' },
  { ref: 'ZF', label: 'Flux de trésorerie provenant des activités de financement (D+E)', kind: 'total' },
  { ref: 'ZG', label: 'VARIATION DE LA TRÉSORERIE NETTE DE LA PÉRIODE (B+C+F)', kind: 'total' },
  { ref: 'ZH', label: 'Trésorerie nette au 31 décembre (G+A)', kind: 'total' },
];
