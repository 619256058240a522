import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { APP_ROUTES } from '@xaalis/contracts';
import { PageHeader, sessionPreamble, useSession } from '@xaalis/web-kit';
import { useState } from 'react';
import { AnnualTab } from './AnnualTab';
import { VatReturnsTab } from './VatReturnsTab';
import { WithholdingTab } from './WithholdingTab';

const ROUTE = APP_ROUTES.find((r) => r.path === '/declarations');

/** The tabs of the page: the VAT return, the withholding bordereau ('Retenues à la source'), the annual statements. */
const TAX_RETURN_TABS = [
  { value: 'tva', label: 'TVA' },
  { value: 'retenues', label: 'Retenues à la source' },
  { value: 'annuel', label: 'Annuel' },
] as const;
type TaxReturnTab = (typeof TAX_RETURN_TABS)[number]['value'];

/** The panel of the tab chosen. */
function TabContent({ tab, companyId }: { tab: TaxReturnTab; companyId: string }) {
  switch (tab) {
    case 'tva':
      return <VatReturnsTab companyId={companyId} />;
    case 'retenues':
      return <WithholdingTab companyId={companyId} />;
    case 'annuel':
      return <AnnualTab companyId={companyId} />;
  }
}

/** Route /declarations (exposed as './TaxReturns'): the company's tax returns, one tab per tax, and the annual statements. */
export default function TaxReturnsPage() {
  const { companyId, isLoading, error, user } = useSession();
  const [tab, setTab] = useState<TaxReturnTab>('tva');
  const title = ROUTE?.title ?? 'Déclarations fiscales';
  const preamble = sessionPreamble({ user, userLoading: isLoading, userError: error, companyId });
  return (
    <Box component="section" aria-label={title}>
      <PageHeader title={title} subtitle={ROUTE?.subtitle ?? 'TVA et retenues à la source'} />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
          <Tabs value={tab} onChange={(_event, next: TaxReturnTab) => setTab(next)} aria-label="Déclarations">
            {TAX_RETURN_TABS.map((t) => (
              <Tab
                key={t.value}
                value={t.value}
                label={t.label}
                id={`tax-returns-tab-${t.value}`}
                aria-controls={`tax-returns-panel-${t.value}`}
              />
            ))}
          </Tabs>
        </Box>
        <Box role="tabpanel" id={`tax-returns-panel-${tab}`} aria-labelledby={`tax-returns-tab-${tab}`}>
          {preamble ?? (companyId ? <TabContent tab={tab} companyId={companyId} /> : null)}
        </Box>
      </Paper>
    </Box>
  );
}
