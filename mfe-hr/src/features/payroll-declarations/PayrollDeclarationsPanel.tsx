import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { AnnualDeclarationTab } from './AnnualDeclarationTab';
import { PayrollJournalTab } from './PayrollJournalTab';
import { SalaryTaxTab } from './SalaryTaxTab';
import { SocialDeclarationTab } from './SocialDeclarationTab';

/** The sub-tabs of 'Déclarations': what an employer files or keeps from its validated payslips. */
export const DECLARATION_TABS = [
  { value: 'social', label: 'IPRES et CSS' },
  { value: 'salary-tax', label: 'Retenues sur salaires' },
  { value: 'journal', label: 'Livre de paie' },
  { value: 'annual', label: 'Déclaration annuelle' },
] as const;
type DeclarationTab = (typeof DECLARATION_TABS)[number]['value'];

function TabContent({ tab, companyId }: { tab: DeclarationTab; companyId: string }) {
  switch (tab) {
    case 'social':
      return <SocialDeclarationTab companyId={companyId} />;
    case 'salary-tax':
      return <SalaryTaxTab companyId={companyId} />;
    case 'journal':
      return <PayrollJournalTab companyId={companyId} />;
    case 'annual':
      return <AnnualDeclarationTab companyId={companyId} />;
  }
}

/**
 * Gestion de la Paie → 'Déclarations' (issue 31): the social declaration to IPRES and CSS, the
 * statement of tax withheld on salaries, the payroll journal and the annual declaration of salaries.
 * Payroll data: the page shows it to a role with the `payroll` capability only.
 */
export function PayrollDeclarationsPanel({ companyId }: { companyId: string }) {
  const [tab, setTab] = useState<DeclarationTab>('social');
  return (
    <Box>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: DeclarationTab) => setTab(next)}
          aria-label="Déclarations de paie"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {DECLARATION_TABS.map((t) => (
            <Tab
              key={t.value}
              value={t.value}
              label={t.label}
              id={`payroll-declarations-tab-${t.value}`}
              aria-controls={`payroll-declarations-panel-${t.value}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`payroll-declarations-panel-${tab}`} aria-labelledby={`payroll-declarations-tab-${tab}`}>
        <TabContent tab={tab} companyId={companyId} />
      </Box>
    </Box>
  );
}
