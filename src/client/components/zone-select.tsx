import { NativeSelect } from '@chakra-ui/react';
import { useMemo } from 'react';
import { zoneGroups, zoneLabel } from '../lib/time-zones';

/** A time zone picker: every zone the browser knows, grouped by region (events, the community's own zone). Labelled by its form field. */
export function ZoneSelect({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const zones = useMemo(() => zoneGroups(value), [value]);
  return (
    <NativeSelect.Root>
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
        {zones.map(([region, list]) => (
          <optgroup key={region} label={region}>
            {list.map((zone) => (
              <option key={zone} value={zone}>
                {zoneLabel(zone)}
              </option>
            ))}
          </optgroup>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
