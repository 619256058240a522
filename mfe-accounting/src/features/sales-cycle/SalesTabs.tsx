import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router-dom';

/** The Factures page's tabs, in `?onglet=`. */
export const SALES_TABS = [
  { value: 'factures', label: 'Factures' },
  { value: 'devis', label: 'Devis' },
  { value: 'avoirs', label: 'Avoirs' },
  { value: 'recurrentes', label: 'Récurrentes' },
  { value: 'relances', label: 'Relances' },
  { value: 'balance-agee', label: 'Balance âgée' },
  { value: 'lettrage', label: 'Relevé et lettrage' },
] as const;
export type SalesTab = (typeof SALES_TABS)[number]['value'];

export function useSalesTab(): [SalesTab, (tab: SalesTab) => void] {
  const [params, setParams] = useSearchParams();
  const current = SALES_TABS.find((t) => t.value === params.get('onglet'))?.value ?? 'factures';
  const set = (tab: SalesTab) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (tab === 'factures') next.delete('onglet');
      else next.set('onglet', tab);
      return next;
    });
  return [current, set];
}

export function SalesTabBar({ value, onChange }: { value: SalesTab; onChange: (tab: SalesTab) => void }) {
  return (
    <Tabs value={value} onChange={(_e, v: SalesTab) => onChange(v)} aria-label="Documents de vente" variant="scrollable" sx={{ mb: 2 }}>
      {SALES_TABS.map((t) => (
        <Tab key={t.value} value={t.value} label={t.label} />
      ))}
    </Tabs>
  );
}
