import type { ThirdParty, ThirdPartyRole } from '@xaalis/contracts';
import { ServerAutocomplete, useServerOptions } from '@xaalis/web-kit';
import { thirdPartyLabel, useListThirdPartiesQuery } from '../third-parties';

interface ThirdPartySelectProps {
  companyId: string | null;
  value: string;
  onChange: (id: string) => void;
  label: string;
  /** Only the clients or the suppliers; every third party when absent. */
  side?: ThirdPartyRole;
  size?: 'small' | 'medium';
  required?: boolean;
}

/** A third party of the company, searched on the server as the user types (name or code). */
export function ThirdPartySelect({ companyId, value, onChange, label, side, size, required }: ThirdPartySelectProps) {
  const options = useServerOptions<ThirdParty, Parameters<typeof useListThirdPartiesQuery>[0]>(
    useListThirdPartiesQuery,
    companyId ? (filter) => ({ companyId, role: side, ...filter }) : null,
    value,
  );
  return (
    <ServerAutocomplete<ThirdParty>
      label={label}
      size={size}
      value={value}
      onChange={onChange}
      options={options}
      optionLabel={thirdPartyLabel}
      required={required}
    />
  );
}

/** A client of the company (a quote's, a recurring template's). */
export function ClientSelect({ companyId, value, onChange }: { companyId: string | null; value: string; onChange: (id: string) => void }) {
  return <ThirdPartySelect companyId={companyId} value={value} onChange={onChange} label="Client" side="client" required />;
}
