import type { ThirdParty } from '@xaalis/contracts';
import { ServerAutocomplete, useServerOptions } from '@xaalis/web-kit';
import { thirdPartyLabel, useListThirdPartiesQuery } from '../third-parties';

/** A client of the company, searched on the server as the user types (name or code). */
export function ClientSelect({ companyId, value, onChange }: { companyId: string | null; value: string; onChange: (id: string) => void }) {
  const options = useServerOptions<ThirdParty, Parameters<typeof useListThirdPartiesQuery>[0]>(
    useListThirdPartiesQuery,
    companyId ? (filter) => ({ companyId, role: 'client', ...filter }) : null,
    value,
  );
  return (
    <ServerAutocomplete<ThirdParty>
      label="Client"
      value={value}
      onChange={(id) => onChange(id)}
      options={options}
      optionLabel={thirdPartyLabel}
      required
    />
  );
}
