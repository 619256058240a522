import { MESSAGES_STATEMENT, type ParsedStatement } from '@xaalis/contracts';
import { HttpError } from '@xaalis/service-kit';
import { parseStatement } from '.';
import { detectLayout } from './csv';
import { amountOf, statementDate } from './values';

const parse = (text: string, options?: Parameters<typeof parseStatement>[1]) => parseStatement(Buffer.from(text, 'utf8'), options);
const amounts = (s: ParsedStatement) => s.lines.map((l) => [l.date, l.label, l.reference, l.amount]);

function refusal(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('not refused');
}

describe('statement values', () => {
  it.each([
    ['1 234 567,50', '1234567.50'],
    ['1234567.50', '1234567.50'],
    ['-1 234,5', '-1234.50'],
    ['125 430,50-', '-125430.50'],
    ['(5 000)', '-5000.00'],
    ['+50 000 XOF', '50000.00'],
    ['2 500 F CFA', '2500.00'],
    ['1\u202f000', '1000.00'],
  ])('reads %s', (raw, amount) => {
    expect(amountOf(raw)).toEqual({ ok: true, amount });
  });

  it.each(['', 'abc', '12,345,67', '1.2.3', '--5'])('refuses %p in French', (raw) => {
    expect(amountOf(raw)).toEqual({ ok: false, message: MESSAGES_STATEMENT.amountMalformed(raw) });
  });

  it('reads day-first, month-first, two-digit years, ISO with a time, compact dates; refuses impossible ones', () => {
    expect(statementDate('05/01/2026')).toBe('2026-01-05');
    expect(statementDate('05.01.26')).toBe('2026-01-05');
    expect(statementDate('01/13/2026', 'mdy')).toBe('2026-01-13');
    expect(statementDate('2026-01-05T10:15:00+00:00')).toBe('2026-01-05');
    expect(statementDate('20260105120000[0:GMT]')).toBe('2026-01-05');
    expect(statementDate('31/02/2026')).toBeNull();
    expect(statementDate('hier')).toBeNull();
  });
});

describe('CSV statements', () => {
  // A bank's export: account details above the header, `;`, French amounts, debit and credit, a running balance.
  const BANK = [
    'Relevé de compte;;;;;',
    'Compte;SN012 01001 012345678901 23;;;;',
    '',
    'Date opération;Date valeur;Libellé;Débit;Crédit;Solde',
    '02/01/2026;03/01/2026;VERSEMENT ESPECES;;500 000,00;1 500 000,00',
    '05/01/2026;05/01/2026;"CHQ 1234567 SENELEC; facture";125 430,50;;1 374 569,50',
    '31/01/2026;31/01/2026;FRAIS TENUE DE COMPTE;5 000;;1 369 569,50',
  ].join('\r\n');

  it('finds the header under the account details; debit and credit become signed amounts; the balances come from the running balance', () => {
    const s = parse(BANK);
    expect(s).toMatchObject({
      format: 'csv',
      openingBalance: '1000000.00',
      closingBalance: '1369569.50',
      startDate: '2026-01-02',
      endDate: '2026-01-31',
      errors: [],
    });
    expect(amounts(s)).toEqual([
      ['2026-01-02', 'VERSEMENT ESPECES', null, '500000.00'],
      ['2026-01-05', 'CHQ 1234567 SENELEC; facture', null, '-125430.50'],
      ['2026-01-31', 'FRAIS TENUE DE COMPTE', null, '-5000.00'],
    ]);
    expect(s.lines.map((l) => [l.line, l.valueDate])).toEqual([
      [5, '2026-01-03'],
      [6, '2026-01-05'],
      [7, '2026-01-31'],
    ]);
    expect(detectLayout(BANK)).toMatchObject({ separator: ';', headerLine: 4 });
  });

  // A Wave history: `,`, newest first, signed amounts, a fee on transfers out, ISO timestamps.
  const WAVE = [
    'Timestamp,Transaction ID,Name,Amount,Fee,Balance',
    '2026-01-20 10:15:00,T_ABC3,Awa Diop,-10000,100,89900',
    '2026-01-10 09:00:00,T_ABC2,Client comptoir,50000,0,100000',
  ].join('\n');

  it('a mobile-money history: the fee is a line of its own, the balances are read newest first', () => {
    const s = parse(WAVE);
    expect(amounts(s)).toEqual([
      ['2026-01-20', 'Awa Diop', 'T_ABC3', '-10000.00'],
      ['2026-01-20', 'Frais — Awa Diop', 'T_ABC3', '-100.00'],
      ['2026-01-10', 'Client comptoir', 'T_ABC2', '50000.00'],
    ]);
    expect(s).toMatchObject({ openingBalance: '50000.00', closingBalance: '89900.00' });
  });

  it('reports bad lines with their line numbers and keeps the others; states no balance then', () => {
    const s = parse(
      [
        'Date;Libellé;Débit;Crédit',
        '32/01/2026;Mauvaise date;100;',
        '05/01/2026;Deux montants;100;200',
        '06/01/2026;Sans montant;;',
        '07/01/2026;Montant illisible;12,345,67;',
        ';Sans date;100;',
        '08/01/2026;Correcte;;1 000',
      ].join('\n'),
    );
    expect(s.errors).toEqual([
      { line: 2, message: MESSAGES_STATEMENT.dateMalformed('32/01/2026') },
      { line: 3, message: MESSAGES_STATEMENT.debitAndCredit },
      { line: 4, message: MESSAGES_STATEMENT.amountRequired },
      { line: 5, message: MESSAGES_STATEMENT.amountMalformed('12,345,67') },
      { line: 6, message: MESSAGES_STATEMENT.dateRequired },
    ]);
    expect(amounts(s)).toEqual([['2026-01-08', 'Correcte', null, '1000.00']]);
    expect(s.openingBalance).toBeNull();
  });

  it('reads month-first dates when day-first is impossible, and a chosen mapping replaces the detected one', () => {
    const s = parse(['Date;Libellé;Montant', '01/13/2026;Vente;1000', '02/01/2026;Achat;-500'].join('\n'));
    expect(s.lines.map((l) => l.date)).toEqual(['2026-01-13', '2026-02-01']);
    const custom = parse(['A;B;C', '05/01/2026;Vente;1000'].join('\n'), { mapping: { date: 0, label: 1, amount: 2 } });
    expect(amounts(custom)).toEqual([['2026-01-05', 'Vente', null, '1000.00']]);
  });

  it('refuses, in French, a file without its date, label or amount columns, or without any line', () => {
    expect(refusal(() => parse('Libellé;Montant\nVente;100'))).toEqual({
      status: 422,
      message: MESSAGES_STATEMENT.missingColumns(['Date']),
    });
    expect(refusal(() => parse('Date;Libellé;Débit\n05/01/2026;Vente;100'))).toEqual({
      status: 422,
      message: MESSAGES_STATEMENT.amountColumns,
    });
    expect(refusal(() => parse('Date;Libellé;Montant\n'))).toEqual({ status: 422, message: MESSAGES_STATEMENT.noLines });
  });
});

describe('OFX statements', () => {
  const SGML = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260201</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>XOF
<BANKACCTFROM><BANKID>SN012<ACCTID>012345678901<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20260101<DTEND>20260131
<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20260105120000[0:GMT]<TRNAMT>250000.00<FITID>F1<NAME>SONATEL<MEMO>FV-2026-0001
</STMTTRN>
<STMTTRN><TRNTYPE>CHECK<DTPOSTED>20260110<TRNAMT>-75000,50<FITID>F2<CHECKNUM>1234567<NAME>SENELEC
</STMTTRN>
</BANKTRANLIST>
<LEDGERBAL><BALAMT>1174999.50<DTASOF>20260131</LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`;

  it('version 1 (SGML): lines, cheque number as reference, opening balance worked out from the ledger balance', () => {
    const s = parse(SGML);
    expect(s).toMatchObject({
      format: 'ofx',
      accountNumber: '012345678901',
      currency: 'XOF',
      openingBalance: '1000000.00',
      closingBalance: '1174999.50',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      errors: [],
    });
    expect(amounts(s)).toEqual([
      ['2026-01-05', 'SONATEL — FV-2026-0001', 'F1', '250000.00'],
      ['2026-01-10', 'SENELEC', '1234567', '-75000.50'],
    ]);
    expect(s.lines.map((l) => l.line)).toEqual([13, 15]);
  });

  it('version 2 (XML): closed values and entities', () => {
    const s = parse(`<?xml version="1.0" encoding="UTF-8"?>
<?OFX OFXHEADER="200" VERSION="220"?>
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>XOF</CURDEF>
<BANKACCTFROM><BANKID>SN08</BANKID><ACCTID>SN08-77</ACCTID></BANKACCTFROM>
<BANKTRANLIST>
<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20260112</DTPOSTED><TRNAMT>-1500</TRNAMT><FITID>X1</FITID><NAME>Frais &amp; commissions</NAME></STMTTRN>
</BANKTRANLIST>
<LEDGERBAL><BALAMT>98500</BALAMT><DTASOF>20260131</DTASOF></LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`);
    expect(amounts(s)).toEqual([['2026-01-12', 'Frais & commissions', 'X1', '-1500.00']]);
    expect(s).toMatchObject({ accountNumber: 'SN08-77', openingBalance: '100000.00', closingBalance: '98500.00' });
  });

  it('refuses an OFX file with neither transactions nor balance', () => {
    expect(refusal(() => parse('OFXHEADER:100\n<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>'))).toEqual({
      status: 422,
      message: MESSAGES_STATEMENT.malformedOfx,
    });
  });
});

describe('camt.053 statements', () => {
  const CAMT = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-02-01T08:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>S1</Id>
      <Acct><Id><IBAN>SN08 SN0100152000012345678901</IBAN></Id><Ccy>XOF</Ccy></Acct>
      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="XOF">1000000</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-01</Dt></Dt></Bal>
      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="XOF">1170000</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-31</Dt></Dt></Bal>
      <Ntry>
        <Amt Ccy="XOF">250000</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
        <BookgDt><Dt>2026-01-05</Dt></BookgDt><ValDt><Dt>2026-01-06</Dt></ValDt><AcctSvcrRef>B-1</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
          <AmtDtls><TxAmt><Amt Ccy="XOF">250000</Amt></TxAmt></AmtDtls>
          <RltdPties><Dbtr><Nm>SONATEL SA</Nm></Dbtr></RltdPties>
          <RmtInf><Strd><CdtrRefInf><Ref>FV-2026-0001</Ref></CdtrRefInf></Strd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="XOF">80000</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><DtTm>2026-01-10T09:30:00</DtTm></BookgDt>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>E2E-77</EndToEndId></Refs>
          <RltdPties><Cdtr><Nm>SENELEC</Nm></Cdtr></RltdPties>
          <RmtInf><Ustrd>Facture janvier</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="XOF">5000</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>PDNG</Sts>
        <BookgDt><Dt>2026-01-31</Dt></BookgDt><AddtlNtryInf>En attente</AddtlNtryInf>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>`;

  it('booked entries with their counterpart, remittance and reference; the stated balances; pending entries left out', () => {
    const s = parse(CAMT);
    expect(s).toMatchObject({
      format: 'camt053',
      accountNumber: 'SN08SN0100152000012345678901',
      currency: 'XOF',
      openingBalance: '1000000.00',
      closingBalance: '1170000.00',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      errors: [],
    });
    expect(amounts(s)).toEqual([
      ['2026-01-05', 'SONATEL SA', 'FV-2026-0001', '250000.00'],
      ['2026-01-10', 'SENELEC — Facture janvier', 'E2E-77', '-80000.00'],
    ]);
    expect(s.lines.map((l) => [l.line, l.valueDate])).toEqual([
      [10, '2026-01-06'],
      [20, null],
    ]);
  });

  it('a reversal turns the entry around; another currency is a line error', () => {
    const s = parse(
      CAMT.replace(
        '<CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>',
        '<CdtDbtInd>DBIT</CdtDbtInd><RvslInd>true</RvslInd><Sts><Cd>BOOK</Cd></Sts>',
      ).replace('<Amt Ccy="XOF">250000</Amt><CdtDbtInd>', '<Amt Ccy="EUR">250000</Amt><CdtDbtInd>'),
    );
    expect(s.errors).toEqual([{ line: 10, message: MESSAGES_STATEMENT.currency('EUR') }]);
    expect(amounts(s)).toEqual([['2026-01-10', 'SENELEC — Facture janvier', 'E2E-77', '80000.00']]);
  });

  it('refuses malformed XML with its line, and entity tricks without expanding them', () => {
    expect(refusal(() => parse(CAMT.replace('</Stmt>', '')))).toMatchObject({ status: 422 });
    const bomb = `<?xml version="1.0"?>
<!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
<Document><BkToCstmrStmt><Stmt><Ntry><AddtlNtryInf>&b;</AddtlNtryInf></Ntry></Stmt></BkToCstmrStmt></Document>`;
    expect(refusal(() => parse(bomb))).toEqual({ status: 422, message: MESSAGES_STATEMENT.malformedXml(3) });
  });
});

describe('statement files', () => {
  it('refuses, in French, an empty file, a PDF, a spreadsheet and XML that is not a statement', () => {
    expect(refusal(() => parseStatement(Buffer.alloc(0)))).toEqual({ status: 422, message: MESSAGES_STATEMENT.empty });
    expect(refusal(() => parseStatement(Buffer.from('%PDF-1.7\n...')))).toEqual({ status: 415, message: MESSAGES_STATEMENT.notStatement });
    expect(refusal(() => parseStatement(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0])))).toEqual({
      status: 415,
      message: MESSAGES_STATEMENT.notStatement,
    });
    expect(refusal(() => parse('<?xml version="1.0"?><facture/>'))).toEqual({ status: 415, message: MESSAGES_STATEMENT.notStatement });
  });

  it('reads a Windows-1252 CSV as the banks export it', () => {
    const s = parseStatement(Buffer.from('Date;Libellé;Montant\r\n05/01/2026;Dépôt espèces;1 000\r\n', 'latin1'));
    expect(amounts(s)).toEqual([['2026-01-05', 'Dépôt espèces', null, '1000.00']]);
  });
});
